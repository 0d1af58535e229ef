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

/** The tail of the work of each key under way in this process (the embedded database's one process). */
const inProcess = new Map<number, Promise<unknown>>();

/**
 * Runs `work` once no other server instance runs the work of this `key`,
 * waiting for it (a PostgreSQL session advisory lock, as asSingleRunner's,
 * but waited for rather than skipped); on the embedded database, once the
 * same work of this process has ended. For start-up work several servers
 * starting at once must not do side by side.
 */
export async function oneAtATime<T>(database: Database, key: number, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    const before = inProcess.get(key) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(work);
    inProcess.set(key, run);
    try {
      return await run;
    } finally {
      if (inProcess.get(key) === run) inProcess.delete(key);
    }
  }
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/** The advisory lock keys of the jobs that hold one (arbitrary, distinct, stable). */
export const JOB_LOCKS = { reconcileOrders: 28_001, owedRefunds: 28_002, orderRefunds: 29_001, demoContent: 31_001 } as const;
