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

    /** Failures counted in the current window (0 when none). */
    async failures(key: string) {
      const row = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', key)
        .where('window_ends_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.hits ?? 0;
    },

    /**
     * Counts one failure and returns the count. Every failure restarts the
     * window, so the count is forgotten only after `windowSeconds` without one.
     */
    async recordFailure(key: string, windowSeconds: number) {
      const row = await sql<{ hits: number }>`
        insert into rate_limits (key, hits, window_ends_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
          window_ends_at = now() + make_interval(secs => ${windowSeconds})
        returning hits`.execute(db);
      return (row.rows[0] as { hits: number }).hits;
    },

    async clearFailures(key: string) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },

    /** Forgets the failures counted against a user's e-mail. */
    async clearFailuresOfUser(userId: number) {
      await db
        .deleteFrom('rate_limits')
        .where('key', '=', (eb) =>
          eb
            .selectFrom('users')
            .select(sql<string>`${failureKey('')} || lower(email)`.as('key'))
            .where('id', '=', userId),
        )
        .execute();
    },
  };
}
