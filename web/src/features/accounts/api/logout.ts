import { api } from '../../../lib/api-client';
import { forgetDeviceSession, SIGNED_OUT_OFFLINE } from '../../../lib/device-session-keys';
import { KEPT_CACHE } from '../../../lib/kept-on-device';

/**
 * Spec §2 Shell: logout ends the session and reloads the page; the banner
 * shows after. What this device keeps of the family goes first (the albums
 * kept on it, issue 32 item 3; the device session and the places heard,
 * decision 044), so the device is empty even when the network is not there
 * to end the session. Offline, the server is told as soon as it answers
 * again (app/device-session-keeper.ts), which also shows the family signed
 * out meanwhile. One session per browser: all that is kept here is that
 * account's. In the first download: kept this small.
 */
export async function logout() {
  forgetDeviceSession(true);
  try {
    // No Cache Storage outside a secure context: nothing was kept.
    await self.caches?.delete(KEPT_CACHE);
    await api<void>('/logout');
    forgetDeviceSession(false);
    location.reload();
  } catch {
    dispatchEvent(new Event(SIGNED_OUT_OFFLINE));
  }
}
