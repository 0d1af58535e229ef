import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../plugins/errors';

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

/**
 * Counts one hit against `key` in a fixed window kept in PostgreSQL, so every
 * server instance shares it (DESIGN: no in-memory state). Returns whether the
 * hit is within the limit and, when not, how many seconds remain.
 */
export async function hitRateLimit(db: Db, key: string, { limit, windowSeconds }: RateLimit) {
  const row = await sql<{ hits: number; retry_after: number }>`
    insert into rate_limits (key, hits, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
      window_ends_at = case when rate_limits.window_ends_at <= now()
        then now() + make_interval(secs => ${windowSeconds}) else rate_limits.window_ends_at end
    returning hits, ceil(extract(epoch from window_ends_at - now()))::int as retry_after`.execute(db);
  const { hits, retry_after } = row.rows[0] as { hits: number; retry_after: number };
  return { allowed: hits <= limit * factor, retryAfterSeconds: Math.max(1, retry_after) };
}

/** Throws 429 rate_limited (localized) when `key` has used up its window; `seconds` becomes its Retry-After (plugins/errors). */
export async function enforceRateLimit(db: Db, key: string, limit: RateLimit) {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, key, limit);
  if (!allowed) throw new AppError('rate_limited', 'rate_limited', { seconds: retryAfterSeconds });
}

/** Removes windows that have ended (called from a periodic sweep). */
export async function sweepRateLimits(db: Db) {
  await db.deleteFrom('rate_limits').where('window_ends_at', '<', sql<Date>`now()`).execute();
}
