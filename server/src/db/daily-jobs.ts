import { sql } from 'kysely';
import type { Db } from './database';

/**
 * Claims a once-a-day job for `day` (YYYY-MM-DD): true for the first caller of that day, false once any server has
 * it (decision 024). In the caller's transaction, the claim holds the job's row until it commits (or is rolled back):
 * a second server's claim waits on it and then finds the day taken, and a server that fails before its work is done
 * leaves the day unclaimed for the next run of any server.
 */
export async function claimDay(db: Db, name: string, day: string) {
  const claimed = await sql<{ name: string }>`
    insert into daily_jobs (name, last_day) values (${name}, ${day}::date)
    on conflict (name) do update set last_day = excluded.last_day where daily_jobs.last_day < excluded.last_day
    returning name`.execute(db);
  return claimed.rows.length > 0;
}
