import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, scratchDatabase, startServer, waitForHealth } from '../test/spawned-server';

/**
 * Issue 31 item 1: SIGTERM stops the server, whatever happened to its log.
 * The real server logs to a pipe nobody reads: a burst of requests fills
 * it and the server's log lines wait. SIGTERM comes then, and the reader goes away (as a supervisor that
 * exited does): the process must end, cleanly. (pino's own destination kept
 * the waiting lines and, at exit, retried writing them to the closed pipe
 * forever: the process never ended.)
 */
describe('stopping the server', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => cleanup?.());

  it('ends on SIGTERM though its log pipe is full, then closed, with lines waiting', { timeout: 120_000 }, async () => {
    const database = await scratchDatabase('shutdown', { migrated: true });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The server's stdout is a named pipe this test holds open for reading and never reads.
    const dir = mkdtempSync(path.join(tmpdir(), 'storyhouse-log-pipe-'));
    const fifo = path.join(dir, 'log');
    execFileSync('mkfifo', [fifo]);
    let reader: number | undefined = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY);
    const server = startServer(port, { ...database.env, LOG_LEVEL: 'info', DEMO_CONTENT: 'off' }, writer);
    closeSync(writer);
    cleanup = async () => {
      if (server.exitCode === null && server.signalCode === null && server.pid) process.kill(-server.pid, 'SIGKILL');
      if (reader !== undefined) closeSync(reader);
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    };
    await waitForHealth(base, server);
    const answers = Array.from({ length: 400 }, () =>
      fetch(`${base}/healthz`).then(
        // One arriving while it stops is told to try again, in our words (not Fastify's own body).
        async (res) => (res.status === 503 ? `503 ${((await res.json()) as { code: string }).code}` : res.status),
        () => 0,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server.once('exit', (code, signal) => resolve({ code, signal })),
    );
    // Stopped with its lines waiting; then the reader goes away (as a supervisor that exited does).
    process.kill(server.pid as number, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    closeSync(reader);
    reader = undefined;
    expect(await exited).toEqual({ code: 0, signal: null });
    // Every request was answered, told to try again while it stopped, or refused once it had stopped: none hangs.
    const told = [200, 0, '503 service_unavailable'];
    expect((await Promise.all(answers)).filter((status) => !told.includes(status))).toEqual([]);
  });

  it('answers every request of a burst in flight at SIGTERM (200 or 503, none reset), and says 503 on /healthz from the signal on', {
    timeout: 120_000,
  }, async () => {
    const database = await scratchDatabase('shutdown-burst', { migrated: true });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(port, { ...database.env, DEMO_CONTENT: 'off' });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    cleanup = async () => {
      if (server.exitCode === null && server.signalCode === null && server.pid) process.kill(-server.pid, 'SIGKILL');
      await database.drop();
    };
    await waitForHealth(base, server);
    // What each request got: its status, or how it failed (a reset: ECONNRESET, "other side closed").
    const outcome = (path: string) =>
      fetch(`${base}${path}`).then(
        (res) => res.status,
        (err: Error & { cause?: { code?: string; message?: string } }) => err.cause?.code ?? err.cause?.message ?? err.message,
      );
    const burst = Array.from({ length: 300 }, (_, i) => outcome(i % 2 ? '/healthz' : '/crud/session'));
    await Promise.race(burst);

    process.kill(server.pid as number, 'SIGTERM');
    let health = await fetch(`${base}/healthz`);
    while (health.status === 200) health = await fetch(`${base}/healthz`);

    expect(health.status).toBe(503);
    expect(((await health.json()) as { code: string }).code).toBe('service_unavailable');
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, ((await ready.json()) as { status: string }).status]).toEqual([503, 'stopping']);
    const outcomes = await Promise.all(burst);
    expect(outcomes.filter((o) => o !== 200 && o !== 503)).toEqual([]);
    expect(await exited).toBe(0);
  });
});
