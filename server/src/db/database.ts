import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { reportingUnavailable } from './connection-failure';
import { lockEmbedded } from './embedded-lock';
import { PGliteDialect } from './pglite-dialect';
import { preparingPool } from './prepared';
import type { DB } from './schema';

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  /** "pglite" for the embedded database, "postgres" for a server. */
  kind: 'pglite' | 'postgres';
  /** The connection pool's counts (PostgreSQL only; PGlite is one connection in the process): the metrics' gauges. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  close(): Promise<void>;
}

// int8 (counts, sums) as JS numbers: every count and cent amount fits easily.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * A pool over a PostgreSQL server. An idle connection the server drops (a
 * restart, a failover, an administrator) is an 'error' event of the pool:
 * without a listener it would crash the process; the pool replaces the
 * connection on next use, so it is only reported — and not at all once the
 * pool is closing, when the server ending connections is expected.
 */
export function connectPostgres(
  url: string,
  max = 10,
  onIdleError: (err: Error) => void = (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`),
): Database {
  // A server that does not answer fails a request within 10 s (503, connection-failure.ts) rather than holding it;
  // keep-alive finds a connection cut without a word (a failover) instead of waiting on it forever.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, keepAlive: true });
  let closing = false;
  pool.on('error', (err) => {
    if (!closing) onIdleError(err);
  });
  // A connection lost while checked out (between two statements of a transaction, say) is an 'error' event of its
  // client, which the pool listens to only while the client is idle: without this the process would crash. The
  // statement under way fails with it (503, connection-failure.ts) and the pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: reportingUnavailable(preparingPool(pool)) }) });
  return {
    db,
    kind: 'postgres',
    pool,
    close: () => {
      closing = true;
      return db.destroy();
    },
  };
}

export function fromPGlite(pglite: PGlite): Database {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  const close = async () => {
    await db.destroy();
    // Kysely skips the driver's destroy when no query ever ran; PGlite must still close.
    if (!pglite.closed) await pglite.close();
  };
  return { db, kind: 'pglite', close };
}

/** The embedded database of `dataDir` (DATA_DIR/pglite), for this process alone: refused while another has it. */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const release = await lockEmbedded(dir);
  let database: Database;
  try {
    database = fromPGlite(await PGlite.create(dir));
  } catch (err) {
    await release();
    throw err;
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await release();
    },
  };
}

export function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }) {
  return config.DATABASE_URL ? Promise.resolve(connectPostgres(config.DATABASE_URL)) : openEmbedded(config.DATA_DIR);
}
