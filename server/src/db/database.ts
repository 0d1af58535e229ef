import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
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

export function connectPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
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
