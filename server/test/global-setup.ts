import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildStale } from '../../scripts/build.mjs';
import { connectPostgres, fromPGlite } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createScratchDatabase, databasesStartingWith, dropDatabase, withAdmin } from './scratch-database';

/**
 * Where each API test file gets its fresh, already-migrated database from:
 * a tarball of a migrated PGlite data directory, or (DATABASE_URL set) a
 * migrated template database on that PostgreSQL server.
 */
export type TestDatabaseSource =
  | { kind: 'pglite'; dumpFile: string; emptyDumpFile: string }
  | { kind: 'postgres'; adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/** Test databases are named `storyhouse_test_<unix seconds>_<random>...` so stale ones can be recognised. */
export const TEST_DB_PREFIX = 'storyhouse_test_';
/** Databases a crashed run left behind are dropped by a later run once they are this old. */
const STALE_AFTER_SECONDS = 6 * 60 * 60;

export default async function setup(project: TestProject) {
  buildServer();
  const url = process.env.DATABASE_URL;
  const source = url ? await postgresTemplate(url) : await pgliteTemplate();
  project.provide('testDatabase', source.source);
  return source.teardown;
}

/**
 * server/dist, built from the current sources when they are newer (scripts/build.mjs): the tests that start the real
 * server as a process of its own run it (test/spawned-server.ts), as `npm start` and the Docker image do, instead of
 * having tsx compile the whole server in each of them.
 */
export function buildServer() {
  const status = buildStale({ only: ['server'] });
  if (status !== 0) throw new Error(`building the server failed (exit status ${status})`);
}

/**
 * The migrated PGlite data directory, and the empty one it was migrated from
 * (for the tests of the migrations), cached under node_modules/.cache by a hash
 * of the migrations and the installed packages: creating a PGlite database from
 * nothing (initdb) takes seconds, loading a tarball a fraction of one.
 * Gzipped on disk (a tenth of the size: 40 MB plain); test/database.ts unzips
 * each once per worker and loads the plain tar, which is quicker than having
 * PGlite unzip it for every copy.
 */
async function pgliteTemplate() {
  const hash = templateHash();
  const dumpFile = path.join(CACHE_DIR, `pglite-${hash}.tar.gz`);
  const emptyDumpFile = path.join(CACHE_DIR, `pglite-${hash}-empty.tar.gz`);
  if (!existsSync(dumpFile) || !existsSync(emptyDumpFile)) {
    const pglite = await PGlite.create();
    const database = fromPGlite(pglite);
    const empty = await pglite.dumpDataDir('gzip');
    await migrateToLatest(database.db);
    const migrated = await pglite.dumpDataDir('gzip');
    await database.close();
    mkdirSync(CACHE_DIR, { recursive: true });
    for (const old of readdirSync(CACHE_DIR)) rmSync(path.join(CACHE_DIR, old), { force: true });
    // Written aside and renamed, so a concurrent run never reads half a file (the migrated one last: it is what a run
    // looks for).
    for (const [file, dump] of [
      [emptyDumpFile, empty],
      [dumpFile, migrated],
    ] as const) {
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
  }
  return { source: { kind: 'pglite', dumpFile, emptyDumpFile } as const, teardown: async () => {} };
}

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/storyhouse-test', import.meta.url));

/** Changes with any migration, the migrator, or any installed package version (PGlite's data format). */
function templateHash() {
  const hash = createHash('sha256');
  const at = (p: string) => fileURLToPath(new URL(p, import.meta.url));
  const migrations = at('../src/db/migrations');
  const sources = [
    at('../../package-lock.json'),
    at('../src/db/migrate.ts'),
    ...readdirSync(migrations)
      .sort()
      .map((f) => path.join(migrations, f)),
  ];
  for (const f of sources) hash.update(path.basename(f)).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

export async function postgresTemplate(adminUrl: string) {
  const prefix = `${TEST_DB_PREFIX}${Math.floor(Date.now() / 1000)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = `${prefix}_tpl`;
  await withAdmin(adminUrl, dropStaleDatabases);
  const { url } = await createScratchDatabase(adminUrl, template);

  const database = connectPostgres(url, 1);
  try {
    await migrateToLatest(database.db);
  } finally {
    // No connection may stay open on a template while it is copied.
    await database.close();
  }

  return {
    source: { kind: 'postgres', adminUrl, template, prefix } as const,
    teardown: () =>
      withAdmin(adminUrl, async (client) => {
        for (const name of await databasesStartingWith(client, prefix)) await dropDatabase(client, name);
      }),
  };
}

async function dropStaleDatabases(admin: pg.Client) {
  const now = Date.now() / 1000;
  for (const datname of await databasesStartingWith(admin, TEST_DB_PREFIX)) {
    const createdAt = Number(datname.slice(TEST_DB_PREFIX.length).split('_')[0]);
    if (Number.isFinite(createdAt) && now - createdAt > STALE_AFTER_SECONDS) {
      await dropDatabase(admin, datname);
    }
  }
}
