import type { LangCode, SessionResponse } from '@storyhouse/contracts';
import { deviceStorage, SESSION_KEY, SIGN_OUT_KEY } from './device-session-keys';

export { deviceStorage, forgetDeviceSession, HEARD_KEY, SESSION_KEY, SIGN_OUT_KEY } from './device-session-keys';

/**
 * The signed-in family as this device knows it (decision 044), so that with
 * no network every signed-in page still renders: the installed app opened
 * in airplane mode boots from it (the route guard, the header's account
 * menu, My Library's "On this device" shelf). Kept in localStorage: it is
 * read synchronously before the first render, it is tiny, and it is never
 * sent anywhere. Only emptying it is in the first download
 * (device-session-keys.ts: signing out works offline); answering the
 * session query offline and keeping it in step with the server load once
 * the app runs (app/device-session-keeper.ts).
 */
export interface DeviceSession {
  user_id: number;
  /** The language of the site it was seen on. */
  site_lang: LangCode;
  is_admin: boolean;
  /** The albums this account keeps on the device (product ids), as the keep feature last recorded them. */
  kept: number[];
  /** The child profile this device listens as (issue 42); absent or null: the parents. */
  profile?: SessionResponse['profile'];
}

export function readDeviceSession(): DeviceSession | null {
  try {
    const kept = JSON.parse(deviceStorage()?.getItem(SESSION_KEY) ?? 'null') as DeviceSession | null;
    return typeof kept?.user_id === 'number' ? kept : null;
  } catch {
    return null;
  }
}

/**
 * Who listens on this device, as the places heard here are filed (issue 42): the child profile the device listens as,
 * else the parents. Each keeps their own places heard offline and sends them only while it is the one listening
 * (the server files a place under the profile the session speaks for).
 */
export function deviceListener(): string {
  const profile = readDeviceSession()?.profile;
  return profile ? `profile-${profile.id}` : 'family';
}

/** Whether a sign-out made offline still has to reach the server. */
export const signOutPending = () => deviceStorage()?.getItem(SIGN_OUT_KEY) === '1';

/** The session answer the device stands in with while offline (null: nobody signed in here). */
export function deviceSessionAnswer(lang: LangCode): SessionResponse | null {
  const kept = readDeviceSession();
  return (
    kept && {
      logged_in: true,
      user_id: kept.user_id,
      is_admin: kept.is_admin,
      masquerading: false,
      site_lang: lang,
      profile: kept.profile ?? null,
    }
  );
}
