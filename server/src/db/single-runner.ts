import { sql } from 'kysely';
import type { Database } from './database';

/**
 * Runs `work` unless another server instance is running the job of this
 * `key` right now (a PostgreSQL session advisory lock, taken on a connection
 * of its own and released when the work ends, or when that connection
 * drops with a crashed process). Answers false when skipped. The embedded
 * database has one process by construction (its pid file), so there it
 * simply runs.
 */
export async function asSingleRunner(database: Database, key: number, work: () => Promise<void>): Promise<boolean> {
  if (database.kind === 'pglite') {
    await work();
    return true;
  }
  return database.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
    if (!rows[0]?.locked) return false;
    try {
      await work();
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/** The advisory lock keys of the jobs that hold one (arbitrary, distinct, stable). */
export const JOB_LOCKS = { reconcileOrders: 28_001, owedRefunds: 28_002, orderRefunds: 29_001 } as const;
