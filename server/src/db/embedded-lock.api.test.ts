import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMigratedEmbedded } from '../../test/database';
import { freePort, serverEntry, startServer, waitForHealth } from '../../test/spawned-server';
import { EmbeddedDatabaseBusyError, lockAddress, lockEmbedded } from './embedded-lock';

/**
 * Issue 31, bad input and faults: a second server started on the same
 * embedded-database folder is refused with a clear message, never a second
 * writer; a lock a crash left behind never keeps a site down. The embedded
 * database only (the PostgreSQL pass has none to share).
 */
describe.skipIf(process.env.DATABASE_URL)('one process per embedded database (without DATABASE_URL)', () => {
  const folders: string[] = [];
  const servers: ChildProcess[] = [];
  const newFolder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'storyhouse-lock-'));
    folders.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const server of servers) if (server.exitCode === null && server.pid) process.kill(-server.pid, 'SIGKILL');
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second opener while the first holds it, and lets the next one in once it is released', async () => {
    const dir = path.join(newFolder(), 'pglite');
    const release = await lockEmbedded(dir);

    await expect(lockEmbedded(dir)).rejects.toThrow(EmbeddedDatabaseBusyError);
    await expect(lockEmbedded(dir)).rejects.toThrow(`is open in process ${process.pid} (a server?)`);
    await release();
    const again = await lockEmbedded(dir);
    await again();
  });

  it('takes over a lock whose process was killed (its socket left behind, nothing listening)', async () => {
    const dir = path.join(newFolder(), 'pglite');
    const address = lockAddress(dir);
    // A process that takes the lock the same way, then dies by SIGKILL: no chance to clean up.
    const holder = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(address)}, () => console.log('held'))`,
    ]);
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(existsSync(address)).toBe(true);

    const release = await lockEmbedded(dir);
    await release();
  });

  it('refuses a second server on the same folder with a clear message, and the first goes on serving', {
    timeout: 120_000,
  }, async () => {
    const dataDir = newFolder();
    // Already made and migrated: what is tested is the second start, not the first's.
    await writeMigratedEmbedded(path.join(dataDir, 'pglite'));
    const port = await freePort();
    const first = startServer(port, { DATA_DIR: dataDir, DEMO_CONTENT: 'off' });
    servers.push(first);
    await waitForHealth(`http://127.0.0.1:${port}`, first);

    const second = spawn(process.execPath, [serverEntry('main')], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NODE_ENV: 'development', PORT: String(await freePort()), LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    });
    servers.push(second);
    let stderr = '';
    second.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    const status = await new Promise((resolve) => second.once('exit', resolve));

    expect(status).toBe(1);
    expect(stderr.trim()).toBe(
      `The embedded database in ${path.join(dataDir, 'pglite')} is open in process ${first.pid} (a server?): ` +
        'stop it, then run this again. It serves one process at a time; several servers need PostgreSQL (DATABASE_URL).',
    );
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
