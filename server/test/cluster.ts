import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHaproxy } from '../../scripts/haproxy.mjs';
import type { Database } from '../src/db/database';
import { type ReceivedMail, startSmtpServer } from './smtp-server';
import { freePort, scratchDatabase, startServer, waitForHealth } from './spawned-server';

/**
 * Issue 31 item 2: the site as an operator runs it on more than one machine,
 * on this one: a scratch PostgreSQL database both app servers share, media
 * in an S3-compatible store (s3rver, on a free port, one bucket), e-mail to
 * an SMTP stand-in, two real servers (`npm start`'s main.ts, each in a
 * process group of its own) and Debian's HAProxy in front of them
 * (round-robin, readiness checks, X-Forwarded-For and -Proto set by the
 * proxy). `stop()` ends everything it started, and so does this process's
 * exit if a test never got to call it.
 */

/** The bucket the servers keep media in. */
export const CLUSTER_BUCKET = 'storyhouse-media';
/** s3rver's built-in account. */
const S3_KEY = 'S3RVER';

export interface ClusterServer {
  name: string;
  /** This server directly, bypassing the proxy. */
  base: string;
  /** SIGKILL to its process group; resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts it again on its port (after kill); resolves once it answers /healthz. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** The proxy: what a browser reaches. */
  base: string;
  servers: [ClusterServer, ClusterServer];
  /** A connection of the test's own to the shared database (closed by stop()). */
  database: Database;
  /** GET /metrics of one server, with the credential the servers were given. */
  metrics(server: ClusterServer): Promise<string>;
  /** HAProxy's view of each server, by name: UP, DOWN, …, and how many requests' connections it has sent it so far. */
  proxyStatus(): Promise<Record<string, { status: string; sent: number }>>;
  /** The object stored under `key` in the bucket, straight from the S3 store's folder, or null. */
  storedObject(key: string): Buffer | null;
  /** Every e-mail the SMTP stand-in accepted. */
  mail: ReceivedMail[];
  /** The last lines each server logged (warnings and errors), for a failing test's message. */
  logs(): string;
  stop(): Promise<void>;
}

/** Process groups still running, killed if this process exits, or is stopped, without stop(). */
const running = new Set<number>();
const killRunning = () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
};
process.once('exit', killRunning);
// The test runner stopping this worker (Ctrl-C, a timeout): the servers, the store and the proxy go with it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killRunning();
    // Then what the signal would have done without this listener: the runner's own listener runs anyway; with none, exit.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

async function killGroup(child: ChildProcess) {
  if (child.pid === undefined) return;
  running.delete(child.pid);
  if (child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await exited(child);
}

export async function startCluster(name: string, env: Record<string, string> = {}): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), `storyhouse-${name}-`));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    // Last started, first stopped; every step runs whatever the others did.
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  try {
    const scratch = await scratchDatabase(name);
    cleanups.push(() => scratch.drop());

    const s3Dir = path.join(dir, 's3');
    const s3 = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./s3-store.ts', import.meta.url)), s3Dir, CLUSTER_BUCKET],
      {
        detached: true,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    if (s3.pid !== undefined) running.add(s3.pid);
    cleanups.push(() => killGroup(s3));
    const s3Port = await new Promise<number>((resolve, reject) => {
      s3.once('exit', (code) => reject(new Error(`the S3 store exited with ${code}`)));
      s3.stdout?.setEncoding('utf8').once('data', (line: string) => resolve(Number(line.trim())));
    });

    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());

    const metricsToken = 'cluster-metrics-token-0123456789';
    const serverEnv = {
      ...scratch.env,
      DEMO_CONTENT: 'on',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: CLUSTER_BUCKET,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      S3_PATH_STYLE: 'true',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      METRICS_TOKEN: metricsToken,
      ...env,
    };

    const servers: ClusterServer[] = [];
    const logFiles: string[] = [];
    const starting: Promise<void>[] = [];
    for (const n of [1, 2]) {
      const serverName = `app${n}`;
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const logFile = path.join(dir, `${serverName}.log`);
      logFiles.push(logFile);
      // Each its own folder for the resized-image cache, as each machine has its own disk.
      // Both started at once with DEMO_CONTENT=on: one loads the demo content into the empty database, the other waits.
      const ownEnv = { ...serverEnv, DATA_DIR: path.join(dir, serverName) };
      let child: ChildProcess | undefined;
      const start = async () => {
        const log = openSync(logFile, 'a');
        const started = startServer(port, ownEnv, log);
        closeSync(log);
        child = started;
        if (started.pid !== undefined) running.add(started.pid);
        await waitForHealth(base, started);
      };
      const server: ClusterServer = {
        name: serverName,
        base,
        kill: async () => {
          if (child) await killGroup(child);
        },
        restart: start,
      };
      cleanups.push(() => server.kill());
      servers.push(server);
      starting.push(start());
    }
    await Promise.all(starting);

    const haproxy = await startHaproxy(
      dir,
      servers.map((s) => ({ name: s.name, port: Number(new URL(s.base).port) })),
    );
    running.add(haproxy.pid);
    cleanups.push(async () => {
      running.delete(haproxy.pid);
      await haproxy.stop();
    });

    const database = await scratch.open();
    cleanups.push(() => database.close());

    return {
      base: haproxy.base,
      servers: servers as [ClusterServer, ClusterServer],
      database,
      metrics: async (server) =>
        (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text(),
      proxyStatus: haproxy.status,
      storedObject: (key) => {
        // s3rver's folder: <bucket>/<key>._S3rver_object
        try {
          return readFileSync(path.join(s3Dir, CLUSTER_BUCKET, `${key}._S3rver_object`));
        } catch {
          return null;
        }
      },
      mail: smtp.received,
      logs: () =>
        logFiles
          .map((f, i) => {
            let text = '';
            try {
              text = readFileSync(f, 'utf8');
            } catch {
              // never written
            }
            return `app${i + 1}:\n${text.split('\n').slice(-30).join('\n')}`;
          })
          .join('\n'),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
