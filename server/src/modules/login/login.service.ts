import type { LoginInput } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { enforceRateLimit, type RateLimit } from '../../lib/rate-limit';
import { AppError } from '../../plugins/errors';
import { hashPassword, verifyPassword } from '../accounts/password';
import { captchaService } from '../captcha/captcha.service';
import { failureKey, loginRepository } from './login.repository';

/** Login attempts per client IP (right or wrong): bounds guessing and the scrypt work one client can cause. */
export const LOGIN_IP_LIMIT: RateLimit = { limit: 30, windowSeconds: 15 * 60 };
/** Failed logins for one e-mail after which every sign-in for it needs a solved captcha and is slowed. */
export const LOGIN_CHALLENGE_AFTER = 3;
/** Failures are forgotten after this long without one (each failure restarts the window). */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** The delay of a challenged sign-in doubles per failure up to this many times the base (4 s by default). */
const SLOW_DOWN_MAX_FACTOR = 4;

/**
 * How long a sign-in for an e-mail with `failures` waits: nothing below the
 * challenge threshold, then the base doubling per failure, bounded so the
 * owner is never kept out for long.
 */
export function loginDelayMs(failures: number, slowDownMs: number) {
  if (failures < LOGIN_CHALLENGE_AFTER) return 0;
  return slowDownMs * Math.min(2 ** (failures - LOGIN_CHALLENGE_AFTER), SLOW_DOWN_MAX_FACTOR);
}

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

/**
 * Spec §4 Login and OWASP's authentication guidance: one generic failure
 * message whether or not the e-mail exists; a per-IP limit; and, after
 * repeated failures for an e-mail, a solved captcha and a bounded delay for
 * every sign-in to it. Nothing locks the owner out: the right password with
 * a solved captcha always gets in, however many wrong tries others made.
 */
export function loginService(db: Db, opts: { slowDownMs?: number } = {}) {
  const repo = loginRepository(db);
  const captcha = captchaService(db);
  const slowDownMs = opts.slowDownMs ?? 1000;

  return {
    async verify(input: LoginInput, clientIp: string) {
      await enforceRateLimit(db, `login:ip:${clientIp}`, LOGIN_IP_LIMIT);
      const key = failureKey(input.email);
      // Keyed on the typed e-mail, registered or not: the challenge tells nothing about accounts.
      const failures = await repo.failures(key);
      if (failures >= LOGIN_CHALLENGE_AFTER) {
        // Checked (and spent: a solution is good once) before the password, so guessing costs a fresh proof of work.
        if (!input.captcha || (await captcha.verify(input.captcha)) !== 'valid') {
          throw new AppError('not_authenticated', 'captcha_required');
        }
        // Before the password check, so right and wrong answers come equally late and cannot be cut short.
        await sleep(loginDelayMs(failures, slowDownMs));
      }

      const user = await repo.findCredentials(input.email);
      if (user && (await passwordMatches(input.password, user.password_hash))) {
        if (failures > 0) await repo.clearFailures(key);
        return { id: user.id, isAdmin: user.is_admin };
      }
      if (!user) await passwordMatches(input.password, undefined);

      await repo.recordFailure(key, LOGIN_FAILURE_WINDOW_SECONDS);
      throw new AppError('not_authenticated', 'login_failed');
    },
  };
}

/**
 * Forgets the failed logins counted against the user's e-mail, so the next
 * sign-in needs no captcha (after they reset their password through the
 * e-mailed link, which proved they own the address).
 */
export async function forgetLoginFailures(db: Db, userId: number) {
  await loginRepository(db).clearFailuresOfUser(userId);
}
