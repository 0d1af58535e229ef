// What the parts of `npm run bench` share: the production server on a scratch
// database (a copy of one holding the demo content, or of the embedded one),
// the bench's own accounts and albums, the bare Fastify reference
// (scripts/bench-bare-server.mjs) with the same JSON bodies, autocannon runs
// of both, measured one after the other, Chromium, and the smoke run's sizes
// and the servers, databases and browser its steps share (decision 082).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { buildStale } from './build.mjs';
import { CHROMIUM_FLAGS, JOURNEY_BROWSER_PATH } from './chromium.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 10;

/**
 * `npm run bench -- --smoke` (what .ci/run runs): every step, a few requests each, so that a step that breaks fails
 * CI; its numbers mean nothing. Each step takes its sizes from `smoke ? few : many`.
 */
export const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
/** The full size, or the smoke run's. */
export const sized = (full, smoke) => (SMOKE ? smoke : full);
const SECONDS = 10;
/** autocannon's limit for one measured run (and for a warm-up, `warmup`): 10 s, or a few requests in the smoke run. */
const limit = (full) => (SMOKE ? { amount: 20 } : full);

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const benchStarted = performance.now();

/**
 * Resolves with what `promise` resolves with; in the smoke run, says how long it took, and when it ended from the
 * run's start: the shared fixtures' and the servers' starts, which no step's `⏱` shows alone (the lanes wait on them).
 */
async function timed(label, promise) {
  const started = performance.now();
  const value = await promise;
  const s = (ms) => (ms / 1000).toFixed(1);
  if (SMOKE)
    process.stdout.write(`  · ${label}: ${s(performance.now() - started)} s (at ${s(performance.now() - benchStarted)} s)\n`);
  return value;
}

let typescript;

/**
 * A TypeScript module of the server's (tsx; `specifier` relative to scripts/), loaded once per process: the steps'
 * fixtures share one module graph, instead of each loading the database layer and its migrations again.
 */
export function importTs(specifier) {
  typescript ??= register({ namespace: 'storyhouse-bench' });
  return typescript.import(specifier, import.meta.url);
}

/** Whether a child process has ended, by itself or by a signal. */
const ended = (child) => child.exitCode !== null || child.signalCode !== null;

/** GET url's status (node:http: asked many times while a server starts, it costs less than fetch), or 0 on no answer. */
function status(url) {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on('error', () => resolve(0));
  });
}

/** Whether /healthz at base answers 200 before the deadline (asked every `every` ms while `child` runs). */
export async function waitHealthy(base, deadline, child, every = 50) {
  while (Date.now() < deadline && !ended(child)) {
    if ((await status(`${base}/healthz`)) === 200) return true;
    await sleep(every);
  }
  return false;
}

/**
 * autocannon with `options`. It ends a run only at its next sample, once a second by default: a smoke run's few
 * requests then took a second a run, 4 s a comparison. The smoke run samples every 20 ms instead, and its requests
 * per second are counted from the run's requests and duration (autocannon's are per sample).
 */
export async function cannon(options) {
  if (!SMOKE) return autocannon(options);
  const result = await autocannon({ ...options, sampleInt: 20 });
  result.requests.average = result.requests.total / Math.max(result.duration, 0.01);
  return result;
}

/** autocannon on url with headers, 10 connections unless told, for `limit`: { duration } in seconds or { amount } of requests. */
function run(url, upTo = { duration: SECONDS }, headers = {}, connections = CONNECTIONS) {
  return cannon({ url, connections, headers, ...limit(upTo) });
}

/** CPU time (user + system) a process has used, in ms, from Linux's /proc; undefined elsewhere or once it has ended. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return undefined;
  }
}

/** Runs `measure` (resolving with an autocannon result) and adds the CPU ms per request `child` used meanwhile. */
async function withCpu(child, measure) {
  const before = child && cpuMs(child.pid);
  const result = await measure();
  const after = child && cpuMs(child.pid);
  const cpu = before === undefined || after === undefined ? undefined : (after - before) / result.requests.total;
  return Object.assign(result, { cpuPerRequest: cpu });
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

/** Stops a child process (SIGTERM) and resolves once it has ended. */
export async function stop(child) {
  if (ended(child)) return;
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * BENCH_CPU_PROF=folder: each server the bench starts writes a CPU profile there when it stops (node --cpu-prof,
 * which NODE_OPTIONS may not carry), to see what a step's load costs. Its figures are then not measurements.
 */
const profiling = () =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];

/**
 * Our server as `npm start` runs it (scripts/start.mjs: the production bundle, built first if out of date) with `env`
 * on top of ours, on a free port (never one another run's server holds: its /healthz would pass for ours). Resolves
 * once /healthz answers (asked every `every` ms) with the child, its port, its base URL, `seconds` from the start to
 * that first good /healthz, and `close()`, which stops it and then runs `cleanUp`.
 */
export async function spawnServer(env, { cleanUp = () => {}, every = 50 } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...profiling(), path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Said when it happens (a step then fails on a refused connection): stop() removes this listener first.
  child.once('exit', (code, signal) => console.error(`our server on port ${port} ended by itself (${signal ?? code})`));
  const base = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(child);
    await cleanUp();
  };
  if (
    !(await timed(
      `our server started on ${env.DATA_DIR ? 'the embedded database' : 'PostgreSQL'}`,
      waitHealthy(base, Date.now() + 180_000, child, every),
    ))
  ) {
    const end = child.exitCode ?? child.signalCode;
    await close();
    throw new Error(end === null ? 'server did not start' : `server exited with ${end}`);
  }
  return { child, port, base, seconds: (performance.now() - started) / 1000, close };
}

/**
 * The smoke run's servers on PostgreSQL: every step that starts ours on the shared database (demoDatabase) gets the
 * first, started once (statements and the two-server step the first two), with the settings the steps ask for at
 * their most permissive; a step asking for another setting (uploads' storage) starts its own.
 */
const SHARED_ENV = { PAYMENTS: 'test', TRUST_PROXY: 'true', RATE_LIMIT_FACTOR: '1000' };
const sharedServers = [];

/**
 * Our server (spawnServer) with databaseUrl as its database and `env` on top of ours (settings such as
 * RATE_LIMIT_FACTOR); `close()` stops it. In the smoke run, on the shared database, the shared server instead, which
 * `close()` leaves running for the next step (closeShared stops it).
 */
export async function startServer(databaseUrl, env = {}) {
  return (await startServers(1, databaseUrl, env))[0];
}

/** `count` servers side by side on one database (startServer), started one after the other. */
export async function startServers(count, databaseUrl, env = {}) {
  const ownEnv = { DATABASE_URL: databaseUrl, DEMO_CONTENT: 'off', ...env };
  const shared = SMOKE && databaseUrl === (await sharedDatabase?.catch(() => undefined))?.url;
  const servers = [];
  for (let i = 0; i < count; i++) {
    if (shared && Object.keys(env).every((key) => key in SHARED_ENV)) {
      sharedServers[i] ??= spawnServer({ ...ownEnv, ...SHARED_ENV });
      servers.push({ ...(await sharedServers[i]), close: async () => {} });
    } else {
      servers.push(await spawnServer(ownEnv));
    }
  }
  return servers;
}

/**
 * The bench's own accounts (never the demo's: a step measures what it made, whatever the demo content holds):
 * `count` users named `<prefix>-<i>@example.test`, each signed in (a session row holding the SHA-256 of its `sid`
 * cookie's token, as the server stores it). `admin` makes them admins; `passwordHash` gives them a password
 * (server/src/modules/accounts/password.ts). Resolves with [{ id, email, cookie }].
 */
export async function insertUsers(db, prefix, count, { admin = false, passwordHash = null } = {}) {
  const users = await db.query(
    `insert into users (email, fname, lname, is_admin, password_hash)
     select $1 || '-' || i || '@example.test', 'Bench', $1 || ' ' || i, $3, $4 from generate_series(1, $2::int) i
     returning id, email`,
    [prefix, count, admin, passwordHash],
  );
  const tokens = users.rows.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `insert into sessions (id, user_id, expires_at)
     select * from unnest($1::text[], $2::int[], array_fill(now() + interval '1 day', array[$3::int]))`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), users.rows.map((u) => u.id), count],
  );
  return users.rows.map((u, i) => ({ id: u.id, email: u.email, cookie: `sid=${tokens[i]}` }));
}

/** One signed-in bench admin (insertUsers): { id, email, cookie }. */
export async function insertAdmin(url, prefix) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await insertUsers(db, prefix, 1, { admin: true }))[0];
  } finally {
    await db.end();
  }
}

/**
 * A product of the bench's own (`slug`, `title`, in English) with a digital album at `cents` and, when given,
 * one track per storage key in `trackKeys` (the demo recordings' files): { productId, albumId }.
 */
export async function insertAlbum(db, { slug, title, cents = 899, trackKeys = [], releaseDate = null }) {
  const { rows: products } = await db.query(
    `insert into products (slug, title, lang_code, primary_image, release_date)
     values ($1, $2, 'en', 'covers/in-the-beginning.jpg', coalesce($3::date, current_date)) returning id`,
    [slug, title, releaseDate],
  );
  const productId = products[0].id;
  const { rows: album } = await db.query(
    `insert into skus (product_id, type, title, full_price_cents, lang_code) values ($1, 'digital_album', $2, $3, 'en') returning id`,
    [productId, `${title} (MP3 album)`, cents],
  );
  for (const [i, key] of trackKeys.entries()) {
    await db.query(
      `insert into skus (product_id, type, title, full_price_cents, position, length_seconds, media_full, media_preview, lang_code)
       values ($1, 'digital_track', $2, 99, $3, 30, $4, $4, 'en')`,
      [productId, `Story ${i + 1}`, i + 1, key],
    );
  }
  return { productId, albumId: album[0].id };
}

let built;

/** The build brought up to date (scripts/build.mjs), once per process; throws if it fails. */
export function ensureBuilt() {
  built ??= buildStale();
  if (built !== 0) throw new Error('the build failed');
}

/**
 * The embedded database with the demo content, loaded once per process by a first start of the server (some 18 s of
 * a core) which then stops, as a site's database is between two starts, and copied into each step's data folder (a
 * copy of its files takes a second); removed when the process is done. BENCH_DEMO_DATA_DIR names one loaded already
 * (by a server started on an empty data folder and stopped, as .ci/run's `npm start` stage leaves it), which is
 * copied and left as it is.
 */
let demoData;
function demoDataTemplate() {
  // .ci/run's `npm start` stage loads the demo content into a fresh embedded database just before: its folder, kept
  // for the bench, is the same template, and loading it again would be that stage's work twice.
  const given = process.env.BENCH_DEMO_DATA_DIR;
  if (given && !existsSync(path.join(given, 'pglite'))) throw new Error(`BENCH_DEMO_DATA_DIR: no pglite folder in ${given}`);
  if (given) demoData ??= Promise.resolve(given);
  demoData ??= (async () => {
    ensureBuilt();
    const dir = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-demo-data-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const ready = await timed(
      'the demo content loaded into an embedded database',
      waitHealthy(`http://127.0.0.1:${port}`, Date.now() + 300_000, child),
    );
    await stop(child);
    if (!ready) throw new Error(`loading the demo content into ${dir} failed`);
    return dir;
  })();
  return demoData;
}

/**
 * A scratch data folder (DATA_DIR) holding the embedded database with the demo content, for a server of one step
 * (the build brought up to date first). The caller removes it.
 */
export async function demoDataDir(tag) {
  const template = await demoDataTemplate();
  const dataDir = mkdtempSync(path.join(tmpdir(), `storyhouse-bench-${tag}-`));
  // The database's folder only: beside it the template may have its lock's socket, which is no file to copy.
  cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

let sharedDemoServer;

/**
 * Our server (spawnServer) on the embedded database with the demo content, in a scratch data folder (demoDataDir):
 * the start-up measure and the parts measured in the browser that need no PostgreSQL (scripts/bench-queue.mjs,
 * scripts/bench-read-along.mjs, scripts/bench-offline.mjs). `close()` stops it and removes the folder. The smoke run's
 * steps share one, which `close()` leaves running for the next step (closeShared stops it).
 */
export async function startDemoServer(tag) {
  const start = async () => {
    const dataDir = await demoDataDir(tag);
    // Asked every 20 ms: its start is the start-up measure (bench.mjs).
    const cleanUp = () => rm(dataDir, { recursive: true, force: true });
    return spawnServer({ DATA_DIR: dataDir }, { cleanUp, every: 20 });
  };
  if (!SMOKE) return start();
  sharedDemoServer ??= start();
  return { ...(await sharedDemoServer), close: async () => {} };
}

let sharedBrowser;

/**
 * Debian's Chromium as the browser journeys start it (scripts/chromium.mjs): { browser, close() }. The smoke run's
 * steps share one, which `close()` leaves open (closeShared closes it): a step closes the contexts it opens.
 */
export async function launchBrowser() {
  const { chromium } = await import('@playwright/test');
  const launch = () => chromium.launch({ executablePath: JOURNEY_BROWSER_PATH, args: CHROMIUM_FLAGS });
  if (!SMOKE) {
    const browser = await launch();
    return { browser, close: () => browser.close() };
  }
  sharedBrowser ??= launch();
  return { browser: await sharedBrowser, close: async () => {} };
}

/**
 * The end of a smoke run: stops its shared servers (demoDatabase's and startDemoServer's), closes its browser and
 * drops its shared database. Whatever failed to start is left out.
 */
export async function closeShared() {
  const started = async (promise) => promise?.catch(() => undefined);
  for (const server of [...sharedServers, sharedDemoServer]) await (await started(server))?.close();
  await (await started(sharedBrowser))?.close();
  await (await started(sharedDatabase))?.drop();
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
 * or non-2xx answer of ours. `options`: `connections` (10 unless told), and
 * the two servers' processes (`ours`, `bare`: each result then has
 * `cpuPerRequest`, the CPU ms that server used per request, a figure a
 * loaded machine moves far less than requests per second).
 */
export async function compare(base, bareBase, p, warmup = { duration: 2 }, headers = {}, options = {}) {
  const { connections = CONNECTIONS } = options;
  await run(base + p, warmup, headers, connections);
  await run(bareBase + p, warmup, {}, connections);
  const ours = await withCpu(options.ours, () => run(base + p, undefined, headers, connections));
  const ref = await withCpu(options.bare, () => run(bareBase + p, undefined, {}, connections));
  if (ours.non2xx || ours.errors) throw new Error(`${p}: ${ours.non2xx} non-2xx, ${ours.errors} errors`);
  return { ours, ref, ratio: (ours.requests.average / ref.requests.average) * 100 };
}

export const describe = (r) =>
  `${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms${r.cpuPerRequest === undefined ? '' : `, ${r.cpuPerRequest.toFixed(2)} ms CPU a request`}`;

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

const TEMPLATE_PREFIX = 'storyhouse_bench_template_';
const SHARED_PREFIX = 'storyhouse_bench_shared_';

/**
 * The templates and shared databases of bench runs that ended without dropping theirs (a step threw, the run was
 * stopped): their process is gone.
 */
async function dropOrphanTemplates() {
  const { withAdmin, databasesStartingWith, dropDatabase } = await importTs('../server/test/scratch-database.ts');
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return err.code === 'EPERM';
    }
  };
  await withAdmin(BENCH_DATABASE_URL, async (client) => {
    for (const prefix of [SHARED_PREFIX, TEMPLATE_PREFIX]) {
      for (const name of await databasesStartingWith(client, prefix)) {
        if (!alive(Number(name.slice(prefix.length)))) await dropDatabase(client, name);
      }
    }
  });
}

/**
 * The migrated database with the demo content, made once per process and copied by each step (PostgreSQL's
 * `create database … template`, a file copy: much quicker than migrating and seeding again), dropped when the
 * process is done.
 */
let template;
async function demoTemplate() {
  template ??= (async () => {
    const { createCmsFixture } = await importTs('../server/bench/cms-fixture.ts');
    await dropOrphanTemplates();
    const fixture = await timed(
      'the demo content migrated and loaded into PostgreSQL',
      createCmsFixture({ adminUrl: BENCH_DATABASE_URL, name: `${TEMPLATE_PREFIX}${process.pid}` }),
    );
    let dropped = false;
    process.on('beforeExit', () => {
      if (dropped) return;
      dropped = true;
      fixture.drop().catch(() => {});
    });
    return fixture;
  })();
  return template;
}

let sharedDatabase;

/**
 * A scratch database on BENCH_DATABASE_URL with the demo content as a background (the step adds, and measures, data
 * of its own: insertUsers, insertAlbum, under names of its own), or undefined, said on the console, when there is no
 * PostgreSQL there: `part` of the bench is skipped. In the smoke run, the one copy its steps share, with the server
 * startServer starts on it once; `drop()` then leaves it for the next step (closeShared drops it). `shared: false`: a
 * copy of its own all the same, for a step that starts no server and must have the database to itself (renewals:
 * the shared server's billing would bill its subscriptions first).
 */
export async function demoDatabase(part, { shared = true } = {}) {
  if (!(await postgresHere(part))) return undefined;
  const { createScratchDatabase } = await importTs('../server/test/scratch-database.ts');
  const { name } = await demoTemplate();
  if (SMOKE && shared) {
    sharedDatabase ??= createScratchDatabase(BENCH_DATABASE_URL, `${SHARED_PREFIX}${process.pid}`, name);
    return { url: (await sharedDatabase).url, drop: async () => {} };
  }
  const { url, drop } = await createScratchDatabase(BENCH_DATABASE_URL, undefined, name);
  return { url, drop };
}

let postgresAnswer;

/**
 * Whether PostgreSQL answers at BENCH_DATABASE_URL (asked once per process); when it does not, says on the console
 * that `part` of the bench is skipped. Only then: a step whose fixture fails on a PostgreSQL that answers fails the
 * bench (and the smoke run), never passes as skipped.
 */
export async function postgresHere(part) {
  postgresAnswer ??= (async () => {
    const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    try {
      await client.connect();
      await client.end();
      return undefined;
    } catch (err) {
      return err.message;
    }
  })();
  const missing = await postgresAnswer;
  if (missing) console.log(`${part}: skipped, no PostgreSQL at ${BENCH_DATABASE_URL} (${missing}); set BENCH_DATABASE_URL`);
  return !missing;
}
