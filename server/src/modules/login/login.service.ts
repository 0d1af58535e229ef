import type { LoginInput } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { hashPassword, PASSWORD_HASH_PARAMS, type PasswordHashParams, verifyPassword } from '../accounts/password';
import { captchaService } from '../captcha/captcha.service';
import { enforceRateLimit, type RateLimit, slidingCounter } from '../rate-limit/rate-limit';
import { loginRepository } from './login.repository';

/** Login attempts per client IP (right or wrong): bounds guessing and the scrypt work one client can cause. */
export const LOGIN_IP_LIMIT: RateLimit = { limit: 30, windowSeconds: 15 * 60 };
/** Failed logins for one e-mail after which every sign-in for it needs a solved captcha and is slowed. */
export const LOGIN_CHALLENGE_AFTER = 3;
/** Failures are forgotten after this long without one (each failure restarts the window). */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** The delay of a challenged sign-in at the threshold; it doubles per failure… */
export const LOGIN_SLOW_DOWN_MS = 1000;
/** …up to this many times the base (4 s). */
const SLOW_DOWN_MAX_FACTOR = 4;

/** Failed logins are counted under the typed e-mail, registered or not (the answer never tells which). */
export const failureKey = (email: string) => `login:email:${email.trim().toLowerCase()}`;

/** The failed logins per e-mail (the shared rate-limit counter): each failure restarts the window. */
export const loginFailures = (db: Db) => slidingCounter(db, LOGIN_FAILURE_WINDOW_SECONDS);

/**
 * How long a sign-in for an e-mail with `failures` waits: nothing below the
 * challenge threshold, then the base doubling per failure, bounded so the
 * owner is never kept out for long.
 */
export function loginDelayMs(failures: number, slowDownMs = LOGIN_SLOW_DOWN_MS) {
  if (failures < LOGIN_CHALLENGE_AFTER) return 0;
  return slowDownMs * Math.min(2 ** (failures - LOGIN_CHALLENGE_AFTER), SLOW_DOWN_MAX_FACTOR);
}

/** Waits `ms` milliseconds: how a challenged sign-in is slowed, unless loginService is given another `delay`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface LoginServiceOptions {
  /** Waits the delay of a challenged sign-in (default: sleep); tests pass one that records the delays asked for. */
  delay?: (ms: number) => Promise<void>;
  /** The cost new passwords are hashed at (buildApp's `passwordHash`): the decoy below costs the same. */
  hashParams?: PasswordHashParams;
}

/**
 * A hash at the cost accounts are made with, checked when the e-mail has no
 * account, so an unknown e-mail costs the same time as a wrong password.
 * Made once per cost.
 */
const decoys = new Map<number, Promise<string>>();
function decoy(params: PasswordHashParams) {
  let hash = decoys.get(params.N);
  if (!hash) {
    hash = hashPassword('decoy password that matches nothing', params);
    decoys.set(params.N, hash);
  }
  return hash;
}

async function passwordMatches(password: string, stored: string | null | undefined, params: PasswordHashParams) {
  try {
    const ok = await verifyPassword(password, stored ?? (await decoy(params)));
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
export function loginService(db: Db, opts: LoginServiceOptions = {}) {
  const repo = loginRepository(db);
  const counter = loginFailures(db);
  const captcha = captchaService(db);
  const delay = opts.delay ?? sleep;
  const hashParams = opts.hashParams ?? PASSWORD_HASH_PARAMS;

  return {
    async verify(input: LoginInput, clientIp: string) {
      await enforceRateLimit(db, `login:ip:${clientIp}`, LOGIN_IP_LIMIT);
      const key = failureKey(input.email);
      // Keyed on the typed e-mail, registered or not: the challenge tells nothing about accounts.
      const failures = await counter.count(key);
      if (failures >= LOGIN_CHALLENGE_AFTER) {
        // Checked (and spent: a solution is good once) before the password, so guessing costs a fresh proof of work.
        if (!input.captcha || (await captcha.verify(input.captcha)) !== 'valid') {
          throw new AppError('not_authenticated', 'captcha_required');
        }
        // Before the password check, so right and wrong answers come equally late and cannot be cut short.
        await delay(loginDelayMs(failures));
      }

      const user = await repo.findCredentials(input.email);
      if (user && (await passwordMatches(input.password, user.password_hash, hashParams))) {
        if (failures > 0) await counter.clear(key);
        // Locked by an admin (issue 29 item 6): said only to whoever knows the password.
        if (user.sign_in_locked_at) throw new AppError('not_allowed', 'account_locked');
        return { id: user.id, isAdmin: user.is_admin };
      }
      if (!user) await passwordMatches(input.password, undefined, hashParams);

      await counter.add(key);
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
  const email = await loginRepository(db).emailOf(userId);
  if (email) await loginFailures(db).clear(failureKey(email));
}
