import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { reportingUnavailable } from './connection-failure';
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

/** The embedded database is open in a live process: a command (cli.ts) must not open it too. */
export class EmbeddedDatabaseBusyError extends Error {}

/**
 * Who opens the embedded database. PGlite has no lock of its own, and two processes on one folder lose each
 * other's writes, so each records its process id in DATA_DIR/pglite.pid. A command refuses a folder that a live
 * process holds; the server does not (a stale file after a crash, its id reused, must never keep a site down).
 */
export type EmbeddedOpener = 'server' | 'command';

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, owned by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openEmbedded(dataDir: string, opener: EmbeddedOpener = 'server'): Promise<Database> {
  const dir = path.resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const pidFile = path.resolve(dataDir, 'pglite.pid');
  if (opener === 'command') {
    const holder = Number.parseInt(readFileIfExists(pidFile) ?? '', 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new EmbeddedDatabaseBusyError(
        `The embedded database in ${dir} is open in process ${holder} (the server?): stop it, then run this again. ` +
          `It serves one process at a time. If no server is running, delete ${pidFile}.`,
      );
    }
  }
  writeFileSync(pidFile, String(process.pid));
  const release = () => {
    if (readFileIfExists(pidFile) === String(process.pid)) rmSync(pidFile, { force: true });
  };
  let database: Database;
  try {
    database = fromPGlite(await PGlite.create(dir));
  } catch (err) {
    release();
    throw err;
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      release();
    },
  };
}

function readFileIfExists(file: string) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }, opener: EmbeddedOpener = 'server') {
  return config.DATABASE_URL ? Promise.resolve(connectPostgres(config.DATABASE_URL)) : openEmbedded(config.DATA_DIR, opener);
}
