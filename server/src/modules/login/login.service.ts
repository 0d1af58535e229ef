import type { LoginInput } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { enforceRateLimit, type RateLimit } from '../../lib/rate-limit';
import { AppError } from '../../plugins/errors';
import { hashPassword, verifyPassword } from '../accounts/password';
import { failureKey, loginRepository } from './login.repository';

/** Login attempts per client IP (right or wrong): bounds guessing and the scrypt work one client can cause. */
export const LOGIN_IP_LIMIT: RateLimit = { limit: 30, windowSeconds: 15 * 60 };
/** Failed logins for one e-mail before it is locked, and the lock (and counting window) length. */
export const LOGIN_LOCK_AFTER = 5;
export const LOGIN_LOCK_SECONDS = 15 * 60;
/** From this many failures on, each wrong answer comes late (1 s, then 2 s): guessing slows down before the lock. */
export const LOGIN_SLOW_AFTER = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A hash with the production parameters, checked when the e-mail has no
 * account, so an unknown e-mail costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
const decoy = () => {
  dummyHash ??= hashPassword('decoy password that matches nothing');
  return dummyHash;
};

async function passwordMatches(password: string, stored: string | null | undefined) {
  try {
    const ok = await verifyPassword(password, stored ?? (await decoy()));
    return ok && Boolean(stored);
  } catch {
    // A damaged stored hash is a failed login, not a 500.
    return false;
  }
}

const lockedError = (seconds: number) =>
  new AppError('rate_limited', 'account_locked', { minutes: Math.max(1, Math.ceil(seconds / 60)) });

/**
 * Spec §4 Login and the protection: one generic failure message
 * whether or not the e-mail exists; per-IP limit; per-e-mail failure count
 * that slows down and then locks for a while (a locked account refuses even
 * the right password until the lock ends).
 */
export function loginService(db: Db, opts: { slowDownMs?: number } = {}) {
  const repo = loginRepository(db);
  const slowDownMs = opts.slowDownMs ?? 1000;

  return {
    async verify(input: LoginInput, clientIp: string) {
      await enforceRateLimit(db, `login:ip:${clientIp}`, LOGIN_IP_LIMIT);
      const key = failureKey(input.email);
      const state = await repo.failures(key);
      if (state && state.hits >= LOGIN_LOCK_AFTER) throw lockedError(state.retry_after);

      const user = await repo.findCredentials(input.email);
      if (user && (await passwordMatches(input.password, user.password_hash))) {
        if (state) await repo.clearFailures(key);
        return { id: user.id, isAdmin: user.is_admin };
      }
      if (!user) await passwordMatches(input.password, undefined);

      const { hits, retry_after } = await repo.recordFailure(key, LOGIN_LOCK_AFTER, LOGIN_LOCK_SECONDS);
      if (hits >= LOGIN_LOCK_AFTER) throw lockedError(retry_after);
      if (hits >= LOGIN_SLOW_AFTER) await sleep(slowDownMs * 2 ** (hits - LOGIN_SLOW_AFTER));
      throw new AppError('not_authenticated', 'login_failed');
    },
  };
}

/**
 * Lifts a login lock and forgets the failures counted against the user's
 * e-mail (e.g. after they reset their password through the e-mailed link).
 */
export async function clearLoginLock(db: Db, userId: number) {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (user) await loginRepository(db).clearFailures(failureKey(user.email));
}
