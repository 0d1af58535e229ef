// The catalogue part of `npm run bench` (issue 3 "Measured"): GET
// /crud/product/skus, a page of 20, with and without a search term, on
// PostgreSQL holding 10,000 products and 50,000 tracks, against a bare
// Fastify server returning the same JSON from memory. Throughput and p99
// latency come from autocannon, both servers measured in this run.
// Run alone with `node scripts/bench-catalogue.mjs`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3298;
const CONNECTIONS = 10;
const SECONDS = 10;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(base, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return true;
    } catch {}
    await sleep(50);
  }
  return false;
}

function run(url, seconds = SECONDS) {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds });
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

async function stop(child) {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const describe = (r) => `${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms`;

export async function benchCatalogue() {
  const { createCatalogueFixture } = await tsImport('../server/bench/catalogue-fixture.ts', import.meta.url);
  let fixture;
  try {
    const started = Date.now();
    fixture = await createCatalogueFixture({ adminUrl: ADMIN_URL });
    console.log(
      `catalogue fixture: ${fixture.products} products, ${fixture.tracks} tracks on PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    console.log(`catalogue: skipped, no PostgreSQL at ${ADMIN_URL} (${err.message}); set BENCH_DATABASE_URL`);
    return;
  }
  const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-'));
  let server;
  let bare;
  try {
    // Our server (the production bundle) with the fixture as its database.
    server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(PORT), DATABASE_URL: fixture.url, DEMO_CONTENT: 'off', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${PORT}`;
    if (!(await waitHealthy(base, Date.now() + 180_000))) throw new Error('server did not start');

    // What the shop page asks for (web/src/features/catalogue/api/get-products.ts).
    const list = '/crud/product/skus?page=1&available=1&lang_code=en';
    const paths = [list, `${list}&search=${fixture.searchTerm}`];
    const bodies = {};
    for (const p of paths) {
      const res = await fetch(base + p);
      const body = await res.text();
      const parsed = JSON.parse(body);
      if (res.status !== 200 || parsed.items.length !== 20) throw new Error(`${p}: ${res.status} ${body.slice(0, 200)}`);
      bodies[p] = body;
      console.log(
        `GET ${p}: ${parsed.count} products match, ${parsed.tracks.length} tracks, ${(body.length / 1024).toFixed(0)} KB`,
      );
    }
    const routesFile = path.join(tmp, 'routes.json');
    writeFileSync(routesFile, JSON.stringify(bodies));
    bare = await startChild([path.join(root, 'scripts/bench-bare-server.mjs'), routesFile], {}, (line) =>
      /^\d+$/.test(line) ? Number(line) : undefined,
    );
    const bareBase = `http://127.0.0.1:${bare.value}`;

    for (const p of paths) {
      await run(base + p, 2); // warm-up: JIT, connection pool, PostgreSQL caches
      await run(bareBase + p, 2);
      const ours = await run(base + p);
      const ref = await run(bareBase + p);
      if (ours.non2xx || ours.errors) throw new Error(`${p}: ${ours.non2xx} non-2xx, ${ours.errors} errors`);
      const ratio = (ours.requests.average / ref.requests.average) * 100;
      console.log(
        `GET ${p}: ${describe(ours)} vs bare Fastify ${describe(ref)} = ${ratio.toFixed(0)}% (target 40%, p99 under 50 ms)`,
      );
    }
  } finally {
    if (bare) await stop(bare.child);
    if (server) await stop(server);
    await fixture.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchCatalogue();
