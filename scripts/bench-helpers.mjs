// What the PostgreSQL parts of `npm run bench` share (scripts/bench-catalogue.mjs,
// scripts/bench-cms.mjs): the production server on a scratch database, the
// bare Fastify reference (scripts/bench-bare-server.mjs) with the same JSON
// bodies, and autocannon runs of both, measured one after the other.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { buildStale } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 10;
const SECONDS = 10;

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitHealthy(base, deadline, child) {
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return true;
    } catch {}
    await sleep(50);
  }
  return false;
}

/** autocannon on url with headers, 10 connections, for `limit`: { duration } in seconds or { amount } of requests. */
function run(url, limit = { duration: SECONDS }, headers = {}) {
  return autocannon({ url, connections: CONNECTIONS, headers, ...limit });
}

/** Starts a child process and resolves with it once `ready(line)` sees a line of its output. */
function startChild(args, env, ready) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      for (const line of chunk.split('\n')) {
        const value = line.trim() && ready(line.trim());
        if (value) resolve({ child, value });
      }
    });
  });
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * Our server (the production bundle, built first if out of date) on its own
 * port with databaseUrl as its database and `env` on top of ours (settings
 * such as RATE_LIMIT_FACTOR); resolves with the child and its base URL once
 * /healthz answers.
 */
export async function startServer(port, databaseUrl, env = {}) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, DEMO_CONTENT: 'off', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitHealthy(base, Date.now() + 180_000, child))) {
    const code = child.exitCode;
    await stop(child);
    throw new Error(code === null ? 'server did not start' : `server exited with ${code}`);
  }
  return { child, base };
}

/**
 * Our server on the embedded database with the demo content, in a scratch data folder (the build brought up to date
 * first): the parts measured in the browser that need no PostgreSQL (scripts/bench-queue.mjs,
 * scripts/bench-read-along.mjs). Resolves once /healthz answers, with its base URL and `close()`, which stops it
 * and removes the folder.
 */
export async function startDemoServer(port, tag) {
  if (buildStale() !== 0) throw new Error('build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), `storyhouse-bench-${tag}-`));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const close = async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitHealthy(base, Date.now() + 180_000, child))) {
    await close();
    throw new Error('server did not start');
  }
  return { base, close };
}

/** The bare Fastify reference answering each path of `bodies` (path → JSON text); routes.json is written in dir. */
export async function startBare(dir, bodies) {
  const routesFile = path.join(dir, 'routes.json');
  writeFileSync(routesFile, JSON.stringify(bodies));
  const bare = await startChild([path.join(root, 'scripts/bench-bare-server.mjs'), routesFile], {}, (line) =>
    /^\d+$/.test(line) ? Number(line) : undefined,
  );
  return { child: bare.child, base: `http://127.0.0.1:${bare.value}` };
}

/**
 * GET p on our server and on the bare one: a warm-up of each (JIT, connection
 * pool, PostgreSQL and our caches; 2 s unless `warmup` says otherwise, e.g.
 * { amount: 10_000 } requests for a route cheap enough that 2 s would end
 * before the JIT has optimized it), then 10 s of 10 connections each. Our
 * server gets `headers` (a signed-in session's cookie). Throws on any error
 * or non-2xx answer of ours.
 */
export async function compare(base, bareBase, p, warmup = { duration: 2 }, headers = {}) {
  await run(base + p, warmup, headers);
  await run(bareBase + p, warmup);
  const ours = await run(base + p, undefined, headers);
  const ref = await run(bareBase + p);
  if (ours.non2xx || ours.errors) throw new Error(`${p}: ${ours.non2xx} non-2xx, ${ours.errors} errors`);
  return { ours, ref, ratio: (ours.requests.average / ref.requests.average) * 100 };
}

export const describe = (r) => `${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms`;

/** Signs in on our server with an e-mail and password; resolves with the session's Cookie header. */
export async function logIn(base, credentials) {
  const res = await fetch(`${base}/crud/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')?.split(';')[0] ?? '';
}

/** A JSON call to our server as the client whose cookie is `cookie`; throws unless it answers 200. */
export async function call(base, cookie, method, p, body) {
  const res = await fetch(base + p, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * A scratch database on BENCH_DATABASE_URL with the demo content
 * (server/bench/cms-fixture.ts), or undefined, said on the console, when
 * there is no PostgreSQL there: `part` of the bench is skipped.
 */
export async function demoDatabase(part) {
  const { createCmsFixture } = await tsImport('../server/bench/cms-fixture.ts', import.meta.url);
  try {
    return await createCmsFixture({ adminUrl: BENCH_DATABASE_URL });
  } catch (err) {
    console.log(`${part}: skipped, no PostgreSQL at ${BENCH_DATABASE_URL} (${err.message}); set BENCH_DATABASE_URL`);
    return undefined;
  }
}
