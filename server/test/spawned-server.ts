import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { connectPostgres, type Database, openDatabase } from '../src/db/database';
import { writeMigratedEmbedded } from './database';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

/**
 * The real server (`npm start`'s main.ts) as a process of its own, for the
 * tests that stop or kill it: a free port, its start, its health, and a
 * database of its own (an embedded folder, or a scratch PostgreSQL database
 * when the suite runs on PostgreSQL).
 */

export { freePort };

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The server's built entry points, `main` (what `npm start` and the Docker image run) or `cli` (`migrate`,
 * `create-admin`…): server/dist, which the API and cluster projects' global setups build from the
 * current sources when these are newer (test/global-setup.ts).
 */
export function serverEntry(name: 'main' | 'cli'): string {
  return path.join(root, 'server/dist', `${name}.js`);
}

/**
 * The server of `npm start` on `port`, in a process group
 * of its own so SIGKILL reaches it all. Its output is dropped unless `stdout`
 * is a file descriptor to write it to.
 */
export function startServer(port: number, env: Record<string, string>, stdout: 'ignore' | number = 'ignore'): ChildProcess {
  return spawn(process.execPath, [serverEntry('main')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', stdout, 'ignore'],
    // The families these tests sign up have their passwords hashed at the demo cost: what they check is a kill, a stop,
    // two servers, not the hash (password-cost.api.test.ts).
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_FACTOR: '100',
      PASSWORD_HASH_COST: 'test',
      ...env,
    },
  });
}

export async function waitForHealth(base: string, server: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer /healthz in 60 s');
}

/**
 * The database the spawned server uses: an embedded folder, or (DATABASE_URL) a scratch PostgreSQL database, named
 * after the test (`name`) so two test files running at once never take the same one. Empty (the server creates and
 * migrates it), or with `migrated` a copy of the migrated template, for a test about something else than a first start.
 */
export async function scratchDatabase(
  name: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const source = inject('testDatabase');
  if (source.kind === 'postgres') {
    const scratch: ScratchDatabase = await createScratchDatabase(
      source.adminUrl,
      `${source.prefix}_${name}`,
      migrated ? source.template : undefined,
    );
    return {
      env: { DATABASE_URL: scratch.url },
      open: async () => connectPostgres(scratch.url, 4),
      drop: () => scratch.drop(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `storyhouse-${name}-`));
  if (migrated) await writeMigratedEmbedded(path.join(dataDir, 'pglite'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ DATA_DIR: dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
