import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { rateLimitRepository } from './rate-limit.repository';

export interface RateLimit {
  /** Allowed hits per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Every limit is multiplied by this (RATE_LIMIT_FACTOR): a ministry whose
 * families share one address (a church or school network) may raise them,
 * and the browser journeys, all from 127.0.0.1, run with a high factor. Set
 * once at start-up by buildApp.
 */
let factor = 1;
export function setRateLimitFactor(value: number) {
  factor = value;
}

/** A limit on what one client address may do, raised by RATE_LIMIT_FACTOR like every per-address limit. */
export const perAddressLimit = (limit: number) => limit * factor;

/**
 * Counts one hit against `key` in a fixed window shared by every server
 * instance. Returns whether the hit is within the limit and, when not, how
 * many seconds remain.
 */
export async function hitRateLimit(db: Db, key: string, { limit, windowSeconds }: RateLimit) {
  const { hits, retryAfterSeconds } = await rateLimitRepository(db).hit(key, windowSeconds);
  return { allowed: hits <= limit * factor, retryAfterSeconds: Math.max(1, retryAfterSeconds) };
}

/** Throws 429 rate_limited (localized) when `key` has used up its window; `seconds` becomes its Retry-After (plugins/errors). */
export async function enforceRateLimit(db: Db, key: string, limit: RateLimit) {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, key, limit);
  if (!allowed) throw new AppError('rate_limited', 'rate_limited', { seconds: retryAfterSeconds });
}

/**
 * A count of events per key on the same table, for rules that act on how
 * many there were rather than refusing past a limit (failed logins). Every
 * event restarts the window: a count is forgotten after `windowSeconds`
 * without one. RATE_LIMIT_FACTOR does not apply.
 */
export function slidingCounter(db: Db, windowSeconds: number) {
  const repo = rateLimitRepository(db);
  return {
    /** The count of `key` (0 when none). */
    async count(key: string) {
      return (await repo.hitsOf([key])).get(key) ?? 0;
    },
    /** The counts of several keys at once; a key without events is missing. */
    counts: (keys: readonly string[]) => repo.hitsOf(keys),
    /** Counts one event; returns the new count. */
    async add(key: string) {
      return (await repo.hit(key, windowSeconds, { sliding: true })).hits;
    },
    clear: (key: string) => repo.clear(key),
  };
}

/** Removes windows that have ended (called from a periodic sweep). */
export function sweepRateLimits(db: Db) {
  return rateLimitRepository(db).sweep();
}
