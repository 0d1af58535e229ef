import type { LangCode, SessionResponse } from '@storyhouse/contracts';

/**
 * The signed-in family as this device knows it (decision 044), so that with
 * no network every signed-in page still renders: the installed app opened
 * in airplane mode boots from it (the route guard, the header's account
 * menu, My Library's "On this device" shelf). Kept in localStorage: it is
 * read synchronously before the first render, it is tiny, and it is never
 * sent anywhere. Written each time the server answers the session; removed
 * when the server says nobody is signed in, when another account signs in
 * (replaced, with that family's places heard), and at sign-out
 * (features/accounts/api/logout.ts), online or not.
 */
export interface DeviceSession {
  user_id: number;
  /** The language of the site it was seen on. */
  site_lang: LangCode;
  is_admin: boolean;
  /** The albums this account keeps on the device (product ids), as the keep feature last recorded them. */
  kept: number[];
}

const SESSION_KEY = 'storyhouse-session';
/** A sign-out made offline: the device is already empty, the server is told when the network returns. */
const SIGN_OUT_KEY = 'storyhouse-sign-out';
/** The last place heard of each track on this device (components/player/device-places.ts): the family's too. */
export const HEARD_KEY = 'storyhouse-heard';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked by the browser's settings: nothing is kept, the app works online as before.
    return null;
  }
}

export function readDeviceSession(): DeviceSession | null {
  try {
    const kept = JSON.parse(storage()?.getItem(SESSION_KEY) ?? 'null') as DeviceSession | null;
    return kept && typeof kept.user_id === 'number' ? kept : null;
  } catch {
    return null;
  }
}

function write(session: DeviceSession) {
  try {
    storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage full: the device session is a convenience, the server still decides.
  }
}

/** Removes the family's session and the places they heard from this device. */
export function forgetDeviceSession() {
  const store = storage();
  store?.removeItem(SESSION_KEY);
  store?.removeItem(HEARD_KEY);
}

/** Whether a sign-out made offline still has to reach the server (`done`: it did, or it is no longer wanted). */
export function signOutPending(done?: 'done'): boolean {
  const store = storage();
  if (done) store?.removeItem(SIGN_OUT_KEY);
  return store?.getItem(SIGN_OUT_KEY) === '1';
}

/** Marks a sign-out made offline, to finish at the server as soon as it answers (components/session/api/get-session.ts). */
export function markSignOutPending() {
  try {
    storage()?.setItem(SIGN_OUT_KEY, '1');
  } catch {
    // Storage blocked: signing out again once online ends the session.
  }
}

/**
 * Follows the server's answer: a family signed in is kept (another account
 * replaces the one before, whose places go with it); nobody signed in, or
 * an admin acting as a family (their device is not the family's), leaves
 * nothing.
 */
export function keepDeviceSession(session: SessionResponse) {
  if (!session.logged_in || session.user_id === null || session.masquerading) {
    if (readDeviceSession()) forgetDeviceSession();
    return;
  }
  const before = readDeviceSession();
  if (before && before.user_id !== session.user_id) forgetDeviceSession();
  const same = before?.user_id === session.user_id ? before : null;
  write({
    user_id: session.user_id,
    site_lang: session.site_lang,
    is_admin: session.is_admin,
    kept: same?.kept ?? [],
  });
}

/** Records which albums the signed-in account keeps here (the keep feature, each time it reads its record). */
export function noteDeviceSession(userId: number, change: Partial<Pick<DeviceSession, 'kept'>>) {
  const before = readDeviceSession();
  if (before?.user_id === userId) write({ ...before, ...change });
}

/** The session answer the device stands in with while offline (null: nobody signed in here). */
export function deviceSessionAnswer(lang: LangCode): SessionResponse | null {
  const kept = readDeviceSession();
  if (!kept) return null;
  return { logged_in: true, user_id: kept.user_id, is_admin: kept.is_admin, masquerading: false, site_lang: lang };
}
