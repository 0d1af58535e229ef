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
// this machine lacks (nginx) skips only the comparison that needs it. Its steps share one embedded server, one server
// (two where a step needs two) on one PostgreSQL database, and one Chromium, in three lanes side by side (decisions
// 082, 091).
// `npm run bench -- --only=assets,media` runs only the named parts: `startup`, `api` (session and navigation),
// `assets` (the entry chunk as br and plain), then the steps by the names `⏱` prints (queue, media, mediaUpload, …)
// and `lighthouse`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { format } from 'node:util';
import { benchAccounts } from './bench-accounts.mjs';
import { benchAdminOrders } from './bench-admin-orders.mjs';
import { benchCart } from './bench-cart.mjs';
import { benchCatalogue } from './bench-catalogue.mjs';
import { benchCluster } from './bench-cluster.mjs';
import { benchCms } from './bench-cms.mjs';
import { closeShared, ensureBuilt, SMOKE, sized, startDemoServer } from './bench-helpers.mjs';
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

/**
 * Start-up (`npm start` on an already-built tree and an already-seeded embedded database, to the first good
 * /healthz), then the API's session and navigation calls and the entry chunk on that server.
 */
async function benchStart() {
  const server = await startDemoServer('start');
  try {
    if (wanted('startup'))
      console.log(
        `start-up to first /healthz: ${server.seconds.toFixed(2)} s (target 5 s: ${(server.seconds / 5).toFixed(2)} of it)`,
      );

    const { base } = server;
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
  } finally {
    await server.close();
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

/**
 * Lighthouse's scores (scripts/lighthouse.mjs, on a production server of its own). The smoke run's: one page, served
 * by the embedded server its steps share.
 */
async function lighthouse() {
  // None where the full Chromium Lighthouse drives is missing (CI installs only the headless shell, which the other
  // browser steps use).
  const chrome = process.env.CHROME_PATH || CHROMIUM_PATH;
  if (!SMOKE) await measureLighthouse();
  else if (!existsSync(chrome)) console.log(`Lighthouse: skipped, no Chromium at ${chrome} (apt-get install chromium)`);
  else {
    const server = await startDemoServer('lighthouse');
    try {
      await measureLighthouse({ only: ['en /'], port: server.port });
    } finally {
      await server.close();
    }
  }
}

/**
 * The steps in the order the full bench runs them, one after the other. The smoke run measures nothing, so it runs
 * them in three lanes side by side (decision 082, 091): `lane` 0, the steps whose server runs on the embedded database
 * (or none of ours: Lighthouse's own), sharing theirs; 1 and 2, the steps on PostgreSQL, sharing one database and its
 * server (each makes and checks rows of its own), split so that the two take about as long.
 */
const steps = [
  { name: 'start', run: benchStart, lane: 0, wanted: () => wanted('startup') || wanted('api') || wanted('assets') },
  { name: 'queue', run: benchQueue, lane: 0 },
  { name: 'readAlong', run: benchReadAlong, lane: 0 },
  { name: 'catalogue', run: benchCatalogue, lane: 1 },
  { name: 'cms', run: benchCms, lane: 1 },
  { name: 'media', run: benchMedia, lane: 0 },
  { name: 'accounts', run: benchAccounts, lane: 1 },
  { name: 'cart', run: benchCart, lane: 1 },
  { name: 'purchases', run: benchPurchases, lane: 1 },
  { name: 'library', run: benchLibrary, lane: 1 },
  { name: 'keep', run: benchKeep, lane: 1 },
  { name: 'renewals', run: benchRenewals, lane: 2 },
  { name: 'adminOrders', run: benchAdminOrders, lane: 2 },
  { name: 'packingSlips', run: benchPackingSlips, lane: 2 },
  { name: 'statements', run: benchStatements, lane: 2 },
  { name: 'mediaUpload', run: benchMediaUpload, lane: 2 },
  { name: 'offline', run: benchOffline, lane: 0 },
  { name: 'cluster', run: benchCluster, lane: 2 },
  { name: 'lighthouse', run: lighthouse, lane: 0 },
].filter((s) => (s.wanted ? s.wanted() : wanted(s.name)));

/** In the smoke run, each step's lines, printed together when it ends rather than between the other lane's. */
const held = new AsyncLocalStorage();
const print = console.log;
if (SMOKE) {
  console.log = (...args) => {
    const lines = held.getStore();
    if (lines) lines.push(format(...args));
    else print(...args);
  };
}

let failed = false;

/** Runs one step of the bench and says how long it took (server starts and fixtures included). */
async function step({ name, run }) {
  const lines = [];
  const started = performance.now();
  try {
    await held.run(lines, run);
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    for (const line of lines) print(line);
  }
  print(`⏱ ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs `lane`'s steps one after the other; none starts once a step of either lane has failed. */
async function runLane(lane) {
  for (const s of lane) if (!failed) await step(s);
}

const benchStarted = performance.now();
if (SMOKE) {
  console.log(
    'Smoke run (npm run bench -- --smoke, as .ci/run runs it): every step with a few requests, to show that each still runs; its figures are not measurements.',
  );
}
// Built first, once (the lanes' servers would otherwise each find it out of date, and build it side by side).
ensureBuilt();
try {
  const lanes = SMOKE ? [0, 1, 2].map((lane) => steps.filter((s) => s.lane === lane)) : [steps];
  const ends = await Promise.allSettled(lanes.map(runLane));
  const failure = ends.find((end) => end.status === 'rejected');
  if (failure) throw failure.reason;
} finally {
  await closeShared();
}
console.log(`${SMOKE ? 'Smoke run' : 'Bench'}: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s in all`);
