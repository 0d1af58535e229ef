import { type DeviceSession, deviceStorage, readDeviceSession, SESSION_KEY, SIGN_OUT_KEY } from './device-session';

/**
 * Changes to the device session (decision 044) made by code that loads when
 * used, kept out of the first download (lib/device-session.ts).
 */

/** Records which albums the signed-in account keeps here (the keep feature, each time it reads its record). */
export function noteDeviceSession(userId: number, change: Partial<Pick<DeviceSession, 'kept'>>) {
  const before = readDeviceSession();
  if (before?.user_id === userId) writeDeviceSession({ ...before, ...change });
}

export function writeDeviceSession(session: DeviceSession) {
  try {
    deviceStorage()?.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage full: the device session is a convenience, the server still decides.
  }
}

/** A sign-in: a sign-out made offline and not yet told to the server must not end this new session. */
export const dropPendingSignOut = () => deviceStorage()?.removeItem(SIGN_OUT_KEY);
