// `npm run bench`: measurements, never tests. Each number is taken in this
// run, on this machine, next to its reference, and reported as a ratio.
//  1. start-up: `npm start` on an already-built tree to the first good /healthz
//     (embedded database, already seeded), against the 5 s target;
//  2. throughput of GET /crud/session and the navigation call against a bare
//     Fastify route returning the same JSON from memory, and of the web app's
//     entry chunk asked for with Accept-Encoding: br (its precompressed .br
//     file) against the same file sent uncompressed;
//  3. the catalogue on PostgreSQL (scripts/bench-catalogue.mjs);
//  4. a CMS page (the home page) on PostgreSQL (scripts/bench-cms.mjs);
//  5. ranged GETs of a 10 MB MP3 against nginx (scripts/bench-media.mjs);
//  6. logins per second and signed-in session/user reads (scripts/bench-accounts.mjs);
//  7. the cart total of a signed-in cart with a coupon, shipping and tax (scripts/bench-cart.mjs);
//  8. purchases per second with a saved card on the test processor, and 50
//     concurrent purchases of one cart making one order and one charge
//     (scripts/bench-purchases.mjs);
//  9. My Library on PostgreSQL: the first page for a family owning 200 albums,
//     a 50-track album's ZIP against reading its files, and the server's
//     memory while 10 clients download it (scripts/bench-library.mjs), and
//     keeping a 10-track album on the device in Chromium: seconds and the
//     page's peak memory (scripts/bench-keep.mjs);
// 10. renewals: 10,000 subscriptions due at once, billed by two workers side by
//     side, with the count of invoices and charges (scripts/bench-renewals.mjs);
// 11. the back office's order list on 100,000 orders (scripts/bench-admin-orders.mjs), and 50 packing
//     slips printed as one PDF, against the 10 s target (scripts/bench-packing-slips.mjs), and 5,000 year-end
//     statements made as PDFs and queued with their e-mails by two servers, against the 10 minutes target
//     (scripts/bench-statements.mjs);
// 12. a 60 MB MP3 uploaded in the back office to local storage and to an
//     S3-compatible stand-in, against copying it with cp and curl, and the
//     server's memory meanwhile (scripts/bench-media-upload.mjs);
// 13. a repeat visit to / with the service worker active: the first contentful
//     paint offline and the bytes fetched online (scripts/bench-offline.mjs);
// 14. two servers behind HAProxy against one: the shop listing, a story page's
//     first data, purchases per second and their p99 (scripts/bench-cluster.mjs);
// 15. Lighthouse scores of eight pages against their targets (scripts/lighthouse.mjs);
// 16. the player's queue in Chromium: from one track's `ended` to the next
//     one's `playing`, against the 1 s target (scripts/bench-queue.mjs; run
//     right after 2, as it needs no PostgreSQL);
// 17. read along on a phone profile in Chromium: a 30-minute track of 400
//     sentences, the longest main-thread task while its text is shown and,
//     for each change of sentence, the page's script (cueAt and the
//     highlight's DOM update) and whole work, against the 50 ms of a long
//     task (scripts/bench-read-along.mjs; after 16, no PostgreSQL either).
// Each PostgreSQL step makes the accounts and data it measures (scripts/bench-helpers.mjs insertUsers, insertAlbum) on
// a copy of one database holding the demo content, and never counts on what the demo content holds (issue 47).
// `npm run bench -- --smoke` (.ci/run): every step, a few requests each, to catch a step that no longer runs; a tool
// this machine lacks (nginx) skips only the comparison that needs it.
// `npm run bench -- --only=assets,media` runs only the named parts: `startup`, `api` (session and navigation),
// `assets` (the entry chunk as br and plain), then the steps by the names `⏱` prints (queue, media, mediaUpload, …)
// and `lighthouse`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { benchAccounts } from './bench-accounts.mjs';
import { benchAdminOrders } from './bench-admin-orders.mjs';
import { benchCart } from './bench-cart.mjs';
import { benchCatalogue } from './bench-catalogue.mjs';
import { benchCluster } from './bench-cluster.mjs';
import { benchCms } from './bench-cms.mjs';
import { demoDataDir, SMOKE, sized } from './bench-helpers.mjs';
import { benchKeep } from './bench-keep.mjs';
import { benchLibrary } from './bench-library.mjs';
import { benchMedia } from './bench-media.mjs';
import { benchMediaUpload } from './bench-media-upload.mjs';
import { benchOffline } from './bench-offline.mjs';
import { benchPackingSlips } from './bench-packing-slips.mjs';
import { benchPurchases } from './bench-purchases.mjs';
import { benchQueue } from './bench-queue.mjs';
import { benchReadAlong } from './bench-read-along.mjs';
import { benchRenewals } from './bench-renewals.mjs';
import { benchStatements } from './bench-statements.mjs';
import { CHROMIUM_PATH } from './chromium.mjs';
import { freePort } from './free-port.mjs';
import { measureLighthouse } from './lighthouse.mjs';

const root = path.resolve(import.meta.dirname, '..');
const REQUESTS = sized(4000, 20);
const WARMUP = sized(200, 5);
const CONCURRENCY = 16;
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
/** Whether this run measures the part `name` (all of them without --only). */
const wanted = (name) => !ONLY || ONLY.includes(name);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function get(url, agent, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            size: res.headers['content-length'],
            body: Buffer.concat(chunks).toString(),
          }),
        );
      })
      .on('error', reject);
  });
}

async function waitHealthy(port, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await get(`http://127.0.0.1:${port}/healthz`)).status === 200) return true;
    } catch {}
    await sleep(20);
  }
  return false;
}

function startServer(dataDir, port) {
  return spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * GET of url whose body is counted and dropped (never decoded: a client turning each body into a string measures its
 * own UTF-8 decoder, slower on a .br file's bytes than on the script's ASCII, and not the server); rejects unless
 * the answer is 200 and whole.
 */
function fetchBody(url, agent, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (c) => {
          bytes += c.length;
        });
        res.on('end', () => {
          const length = res.headers['content-length'];
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          else if (length !== undefined && Number(length) !== bytes) reject(new Error(`${url}: ${bytes} of ${length} bytes`));
          else resolve();
        });
      })
      .on('error', reject);
  });
}

/** Requests per second for REQUESTS GETs of url (with headers), CONCURRENCY at a time, keep-alive. */
async function throughput(url, headers = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  for (let i = 0; i < WARMUP; i++) await fetchBody(url, agent, headers); // warm-up
  let sent = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        sent++;
        await fetchBody(url, agent, headers);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return REQUESTS / seconds;
}

/** A bare Fastify server returning the given JSON bodies from memory. */
async function bareServer(routes) {
  const { default: Fastify } = await import(path.join(root, 'node_modules/fastify/fastify.js'));
  const app = Fastify();
  for (const [url, body] of Object.entries(routes)) app.get(url, async () => JSON.parse(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: app.server.address().port };
}

const benchStarted = performance.now();
if (SMOKE) {
  console.log(
    'Smoke run (npm run bench -- --smoke, as .ci/run runs it): every step with a few requests, to show that each still runs; its figures are not measurements.',
  );
}
// The embedded database with the demo content (built first if needed, and seeded: not measured).
const dataDir = wanted('startup') || wanted('api') || wanted('assets') ? await demoDataDir('start') : undefined;
if (dataDir) {
  try {
    const port = await freePort();
    const t0 = Date.now();
    const server = startServer(dataDir, port);
    if (!(await waitHealthy(port, Date.now() + 180_000))) throw new Error('server did not start');
    const startup = (Date.now() - t0) / 1000;
    if (wanted('startup'))
      console.log(`start-up to first /healthz: ${startup.toFixed(2)} s (target 5 s: ${(startup / 5).toFixed(2)} of it)`);

    const base = `http://127.0.0.1:${port}`;
    const targets = wanted('api') ? { '/crud/session': '', '/crud/content/entry/list/site-navigation': ' (target 50%)' } : {};
    const bodies = {};
    for (const p of Object.keys(targets)) bodies[p] = (await get(base + p)).body;
    const bare = wanted('api') ? await bareServer(bodies) : undefined;
    for (const [p, target] of Object.entries(targets)) {
      const ours = await throughput(base + p);
      const ref = await throughput(`http://127.0.0.1:${bare.port}${p}`);
      console.log(
        `GET ${p}: ${ours.toFixed(0)} req/s vs bare Fastify ${ref.toFixed(0)} req/s = ${((ours / ref) * 100).toFixed(0)}%${target}`,
      );
    }
    await bare?.app.close();

    if (wanted('assets')) await assets(base);
    await stop(server);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The web app's entry chunk as browsers ask for it (br) against the same file uncompressed. */
async function assets(base) {
  // A hashed asset as browsers ask for it (the build's .br file, sent as it is) against the same file uncompressed.
  const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'web/dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const asset = `/${Object.values(manifest).find((chunk) => chunk.isEntry).file}`;
  const br = { 'accept-encoding': 'br' };
  const [plain, compressed] = [await get(base + asset), await get(base + asset, undefined, br)];
  if (compressed.headers['content-encoding'] !== 'br') throw new Error(`${asset}: not sent as br`);
  // Both warmed up first (as scripts/bench-helpers.mjs compare() does): the first measured would pay for the JIT.
  await throughput(base + asset, br);
  await throughput(base + asset);
  const brRate = await throughput(base + asset, br);
  const plainRate = await throughput(base + asset);
  console.log(
    `GET ${asset} (${(plain.size / 1024).toFixed(0)} KB, br ${(compressed.size / 1024).toFixed(0)} KB) with Accept-Encoding: br: ${brRate.toFixed(0)} req/s vs uncompressed ${plainRate.toFixed(0)} req/s = ${((brRate / plainRate) * 100).toFixed(0)}% (target 80%)`,
  );
}

/** Runs one step of the bench and says how long it took (server starts and fixtures included). */
async function step(name, run) {
  if (!wanted(name)) return;
  const started = performance.now();
  await run();
  console.log(`⏱ ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await step('queue', benchQueue);
await step('readAlong', benchReadAlong);
await step('catalogue', benchCatalogue);
await step('cms', benchCms);
await step('media', benchMedia);
await step('accounts', benchAccounts);
await step('cart', benchCart);
await step('purchases', benchPurchases);
await step('library', benchLibrary);
await step('keep', benchKeep);
await step('renewals', benchRenewals);
await step('adminOrders', benchAdminOrders);
await step('packingSlips', benchPackingSlips);
await step('statements', benchStatements);
await step('mediaUpload', benchMediaUpload);
await step('offline', benchOffline);
await step('cluster', benchCluster);
// The smoke run: one page, and none where the full Chromium Lighthouse drives is missing (CI installs only the
// headless shell, which the other browser steps use).
const chrome = process.env.CHROME_PATH || CHROMIUM_PATH;
if (!wanted('lighthouse')) {
} else if (SMOKE && !existsSync(chrome)) console.log(`Lighthouse: skipped, no Chromium at ${chrome} (apt-get install chromium)`);
else await measureLighthouse(SMOKE ? { only: ['en /'] } : {});
console.log(`${SMOKE ? 'Smoke run' : 'Bench'}: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s in all`);
