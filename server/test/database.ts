import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { connectPostgres, type Database, fromPGlite } from '../src/db/database';
import type { TestDatabaseSource } from './global-setup';
import { createScratchDatabase } from './scratch-database';

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
  const scratch = await createScratchDatabase(source.adminUrl, name, migrated ? source.template : 'template0');
  const database = connectPostgres(scratch.url, 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
