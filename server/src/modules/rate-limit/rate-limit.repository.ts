import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The only code that touches rate_limits: one counter per key in a window
 * kept in PostgreSQL, so every server instance shares it (DESIGN: no
 * in-memory state).
 */
export function rateLimitRepository(db: Db) {
  return {
    /**
     * Counts one hit against `key` and returns the count and the seconds left
     * in its window. An ended window starts again at 1. `sliding`: every hit
     * restarts the window, so the count is forgotten only after
     * `windowSeconds` without one; otherwise the window is fixed from its
     * first hit.
     */
    async hit(key: string, windowSeconds: number, { sliding = false } = {}) {
      const window = sql`now() + make_interval(secs => ${windowSeconds})`;
      const row = await sql<{ hits: number; retry_after: number }>`
        insert into rate_limits (key, hits, window_ends_at)
        values (${key}, 1, ${window})
        on conflict (key) do update set
          hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
          window_ends_at = case when rate_limits.window_ends_at <= now() or ${sql.lit(sliding)}
            then ${window} else rate_limits.window_ends_at end
        returning hits, ceil(extract(epoch from window_ends_at - now()))::int as retry_after`.execute(db);
      const { hits, retry_after } = row.rows[0] as { hits: number; retry_after: number };
      return { hits, retryAfterSeconds: retry_after };
    },

    /** The hits of each key in its current window (keys without one are left out). */
    async hitsOf(keys: readonly string[]): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('rate_limits')
        .select(['key', 'hits'])
        .where('key', 'in', keys)
        .where('window_ends_at', '>', sql<Date>`now()`)
        .execute();
      return new Map(rows.map((r) => [r.key, r.hits]));
    },

    async clear(key: string) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },

    /** Removes windows that have ended. */
    async sweep() {
      await db.deleteFrom('rate_limits').where('window_ends_at', '<', sql<Date>`now()`).execute();
    },
  };
}
