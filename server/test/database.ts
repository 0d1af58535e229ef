import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { connectPostgres, type Database, fromPGlite } from '../src/db/database';
import type { TestDatabaseSource } from './global-setup';
import { createScratchDatabase, dropDatabase, type ScratchDatabase, withAdmin } from './scratch-database';

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

/** The template tarballs, unzipped once per worker (the api project runs files of a worker in one module graph). */
const dumps = new Map<string, Blob>();

function plainDump(file: string) {
  let dump = dumps.get(file);
  if (!dump) {
    dump = new Blob([new Uint8Array(gunzipSync(readFileSync(file)))], { type: 'application/x-tar' });
    dumps.set(file, dump);
  }
  return dump;
}

/**
 * A copy of the migrated template, or of the empty database it was made from: PGlite loads a plain tar in about half
 * the time it takes to unzip and load the gzipped one, and in a fraction of initdb's.
 */
async function pgliteCopy(source: Extract<TestDatabaseSource, { kind: 'pglite' }>, migrated: boolean) {
  const loadDataDir = plainDump(migrated ? source.dumpFile : source.emptyDumpFile);
  return fromPGlite(await PGlite.create({ loadDataDir, startParams: TEST_START_PARAMS }));
}

/**
 * PGlite's own start parameters, with 16 MB of shared buffers instead of PostgreSQL's default 128 MB: a test database
 * holds a few hundred rows, and starting PostgreSQL sets up every buffer in the WebAssembly memory, which was half of
 * the time a copy took (about 1.3 s of a core, then 0.6 s). Nothing a test sees changes: only how much of the
 * database PostgreSQL keeps in its own cache.
 */
const TEST_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** The migrated template as an embedded database in `dir` (a DATA_DIR's pglite folder), for a spawned server. */
export async function writeMigratedEmbedded(dir: string) {
  const source = inject('testDatabase');
  if (source.kind !== 'pglite') throw new Error('an embedded database is for a PGlite run');
  const pglite = await PGlite.create(dir, { loadDataDir: plainDump(source.dumpFile) });
  await pglite.close();
}

/**
 * PostgreSQL: `create database … template` and `drop database` each wait on the server's disk (a checkpoint, fsync),
 * about a third of a second and up to a second each on the CI machine, while neither core has work to do. So a worker
 * keeps the next copy of each template it has used made ahead, while its tests run, and drops a closed copy while they
 * go on; global-setup's teardown drops whatever of the run's databases (its prefix) is left.
 */
const nextCopy = new Map<string, Promise<ScratchDatabase>>();

async function copyOf(source: Extract<TestDatabaseSource, { kind: 'postgres' }>, template: string) {
  const name = `${source.prefix}_${randomBytes(5).toString('hex')}`;
  const scratch = await createScratchDatabase(source.adminUrl, name, template);
  // A commit returns without waiting for its WAL to reach the disk (about 10 ms a commit on the CI machine's disk,
  // a few thousand commits a run): what every other session sees, locks, constraints and rollbacks are the same; only
  // a crash of the PostgreSQL server itself could lose the last commits of a test database. For every session on the
  // copy, the test's and a spawned server's.
  await withAdmin(source.adminUrl, (client) => client.query(`alter database "${name}" set synchronous_commit = off`));
  return scratch;
}

async function postgresCopy(source: Extract<TestDatabaseSource, { kind: 'postgres' }>, migrated: boolean) {
  const template = migrated ? source.template : 'template0';
  const scratch = await (nextCopy.get(template) ?? copyOf(source, template));
  const next = copyOf(source, template);
  // Awaited by the next copy; a failure here is that copy's failure, not an unhandled one now.
  next.catch(() => {});
  nextCopy.set(template, next);
  const database = connectPostgres(scratch.url, 4);
  return {
    ...database,
    // The copy is gone when close() returns (health.api.test.ts checks what the app answers then): renamed at once, and
    // dropped (a checkpoint: a second or two) while the tests go on; renamed within the run's prefix, so the teardown
    // drops it if the run ends first. A copy still in use by another session cannot be renamed: dropped then, waited for.
    close: async () => {
      await database.close();
      const gone = `${scratch.name}_gone`;
      try {
        await withAdmin(source.adminUrl, (client) => client.query(`alter database "${scratch.name}" rename to "${gone}"`));
      } catch {
        await scratch.drop();
        return;
      }
      withAdmin(source.adminUrl, (client) => dropDatabase(client, gone)).catch(() => {});
    },
  };
}
