import { api } from '../../../lib/api-client';
import { forgetDeviceSession, markSignOutPending, signOutPending } from '../../../lib/device-session';
import { KEPT_CACHE } from '../../../lib/kept-on-device';

/**
 * Spec §2 Shell: logout ends the session and reloads the page; the banner
 * shows after. What this device keeps of the family goes first (the albums
 * kept on it, issue 32 item 3, and the device session with the places
 * heard, decision 044), so the device is empty even when the network is not
 * there to end the session. Offline, the server is told as soon as it
 * answers again (getSession), and the caller shows the family signed out
 * (answer 'offline'). One session per browser: all that is kept here is
 * that account's. In the first download: kept this small.
 */
export async function logout(): Promise<'offline' | undefined> {
  forgetDeviceSession();
  markSignOutPending();
  try {
    // No Cache Storage outside a secure context: nothing was kept.
    await self.caches?.delete(KEPT_CACHE);
    await api<void>('/logout');
    signOutPending('done');
    location.reload();
    return undefined;
  } catch {
    return 'offline';
  }
}
