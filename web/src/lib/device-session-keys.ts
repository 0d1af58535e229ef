/**
 * Where the device session lives (lib/device-session.ts, decision 044), and
 * how it is emptied: the part signing out needs, in the first download.
 */

export const SESSION_KEY = 'storyhouse-session';
/** The last place heard of each track on this device (components/player/device-places.ts): the family's too. */
export const HEARD_KEY = 'storyhouse-heard';
/** A child profile's listening rules, as the server last answered them (components/child-listening): followed offline. */
export const CHILD_RULES_KEY = 'storyhouse-child-rules';
/** A sign-out made offline: the device is already empty, the server is told when the network returns. */
export const SIGN_OUT_KEY = 'storyhouse-sign-out';

/** The window event of a sign-out made offline (features/accounts/api/logout.ts). */
export const SIGNED_OUT_OFFLINE = 'storyhouse-signed-out-offline';

/** localStorage, or null where the browser blocks it (nothing is kept then; the app works online as before). */
export function deviceStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/**
 * Removes the family's session and the places they heard from this device.
 * `signOut`: true marks a sign-out still to reach the server, false says it did.
 */
export function forgetDeviceSession(signOut?: boolean) {
  try {
    localStorage.removeItem(SESSION_KEY);
    localStorage.removeItem(HEARD_KEY);
    localStorage.removeItem(CHILD_RULES_KEY);
    if (signOut !== undefined) localStorage[signOut ? 'setItem' : 'removeItem'](SIGN_OUT_KEY, '1');
  } catch {
    // Storage blocked: nothing was kept.
  }
}
