import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { connectPostgres, type Database, fromPGlite } from '../src/db/database';
import { databaseUrl, type TestDatabaseSource } from './global-setup';

/** Databases opened by this test file and not closed yet (test/setup.ts closes them after the file). */
const open = new Set<Database>();

export interface TestDatabaseOptions {
  /** false: an empty database, for testing the migrations themselves. Default true. */
  migrated?: boolean;
}

/**
 * A fresh database of its own: a copy of the migrated template (PGlite
 * tarball, or `create database ... template` on PostgreSQL). close() is
 * idempotent and, on PostgreSQL, drops the copy.
 */
export async function createTestDatabase({ migrated = true }: TestDatabaseOptions = {}): Promise<Database> {
  const source = inject('testDatabase');
  const database = source.kind === 'pglite' ? await pgliteCopy(source, migrated) : await postgresCopy(source, migrated);
  let closing: Promise<void> | undefined;
  const tracked: Database = {
    ...database,
    close: () => {
      open.delete(tracked);
      closing ??= database.close();
      return closing;
    },
  };
  open.add(tracked);
  return tracked;
}

export async function closeOpenTestDatabases() {
  await Promise.all([...open].map((d) => d.close()));
}

let dump: Buffer | undefined;

async function pgliteCopy(source: Extract<TestDatabaseSource, { kind: 'pglite' }>, migrated: boolean) {
  if (!migrated) return fromPGlite(await PGlite.create());
  dump ??= readFileSync(source.dumpFile);
  return fromPGlite(await PGlite.create({ loadDataDir: new Blob([new Uint8Array(dump)], { type: 'application/x-gzip' }) }));
}

async function postgresCopy(source: Extract<TestDatabaseSource, { kind: 'postgres' }>, migrated: boolean) {
  const name = `${source.prefix}_${randomBytes(5).toString('hex')}`;
  const template = migrated ? source.template : 'template0';
  await withAdmin(source.adminUrl, async (admin) => {
    // PostgreSQL refuses to copy a template another session is copying at that instant; try again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await admin.query(`create database "${name}" template "${template}"`);
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt === 20) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  });
  const database = connectPostgres(databaseUrl(source.adminUrl, name), 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(source.adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
