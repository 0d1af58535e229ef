import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Failed logins are counted under the typed e-mail, registered or not (the answer never tells which). */
export const failureKey = (email: string) => `login:email:${email.trim().toLowerCase()}`;

export function loginRepository(db: Db) {
  return {
    /** Credentials by e-mail, case-insensitively (the unique index is on lower(email)). */
    findCredentials(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'password_hash', 'is_admin'])
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    /** Failures in the current window and the seconds it still runs; undefined when none. */
    async failures(key: string) {
      const row = await sql<{ hits: number; retry_after: number }>`
        select hits, ceil(extract(epoch from window_ends_at - now()))::int as retry_after
        from rate_limits where key = ${key} and window_ends_at > now()`.execute(db);
      return row.rows[0];
    },

    /**
     * Counts one failure. The window is `windowSeconds` from the first
     * failure; the failure that reaches `lockAfter` restarts it, so the lock
     * lasts the full window from that moment.
     */
    async recordFailure(key: string, lockAfter: number, windowSeconds: number) {
      const row = await sql<{ hits: number; retry_after: number }>`
        insert into rate_limits (key, hits, window_ends_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
          window_ends_at = case
            when rate_limits.window_ends_at <= now() or rate_limits.hits + 1 >= ${lockAfter}
              then now() + make_interval(secs => ${windowSeconds})
            else rate_limits.window_ends_at end
        returning hits, ceil(extract(epoch from window_ends_at - now()))::int as retry_after`.execute(db);
      return row.rows[0] as { hits: number; retry_after: number };
    },

    async clearFailures(key: string) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}
