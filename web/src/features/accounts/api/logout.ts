import { api } from '../../../lib/api-client';
import { forgetKeptOnThisDevice } from '../../../lib/kept-on-device';

/**
 * Spec §2 Shell: logout ends the session and reloads the page; the banner
 * shows after. The albums kept on this device go first (issue 32 item 3),
 * so they are gone even when the network is not there to end the session
 * (the page then stays as it is, under the offline notice).
 */
export async function logout() {
  await forgetKeptOnThisDevice();
  await api<void>('/logout').then(
    () => location.reload(),
    () => undefined,
  );
}
