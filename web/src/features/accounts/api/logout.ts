import { api } from '../../../lib/api-client';
import { KEPT_CACHE } from '../../../lib/kept-on-device';

/**
 * Spec §2 Shell: logout ends the session and reloads the page; the banner
 * shows after. The albums kept on this device (issue 32 item 3) go first,
 * so they are gone even when the network is not there to end the session;
 * the page then stays as it is, under the offline notice. One session per
 * browser: all that is kept here is that account's. In the first download:
 * kept this small.
 */
export async function logout() {
  try {
    // No Cache Storage outside a secure context: nothing was kept.
    await self.caches?.delete(KEPT_CACHE);
    await api<void>('/logout');
    location.reload();
  } catch {
    // Offline: signing out again once back online ends the session.
  }
}
