import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import { preparingPool } from './prepared';
import type { DB } from './schema';

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  /** "pglite" for the embedded database, "postgres" for a server. */
  kind: 'pglite' | 'postgres';
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
  const pool = new pg.Pool({ connectionString: url, max });
  let closing = false;
  pool.on('error', (err) => {
    if (!closing) onIdleError(err);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return {
    db,
    kind: 'postgres',
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

export async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return fromPGlite(await PGlite.create(dir));
}

export function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }) {
  return config.DATABASE_URL ? Promise.resolve(connectPostgres(config.DATABASE_URL)) : openEmbedded(config.DATA_DIR);
}
