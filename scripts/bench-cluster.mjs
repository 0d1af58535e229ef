// The two-server part of `npm run bench` (issue 31 "Measured"): the same two
// production servers on one PostgreSQL database holding the demo content,
// reached through Debian's HAProxy (scripts/haproxy.mjs), first with the proxy
// sending everything to one of them, then round-robin over both; each number
// of the two-server run is printed as a ratio of the one-server run's:
//  1. the shop listing (GET /crud/product/skus), 20 connections, 10 s;
//  2. a story page rendered on the server with its first data (GET /story/<slug>,
//     decision 014), 20 connections, 10 s;
//  3. purchases per second and the purchase call's p99 (target under 150 ms):
//     POST /crud/purchases of a one-album cart paid with a saved card,
//     20 clients at a time (scripts/bench-purchases.mjs's buyers).
// On two cores the proxy, PostgreSQL, the load generator and both servers
// share the same two cores: the second server adds CPU time only where one
// server did not already use a whole core. Run alone with `node scripts/bench-cluster.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoDatabase, describe, startServer, stop } from './bench-helpers.mjs';
import { fillCart, insertBuyers, ordersAndCharges, percentile, pool, saveCard } from './bench-purchases.mjs';
import { clusterMissing, startHaproxy } from './haproxy.mjs';

const PORTS = [3311, 3312];
const CONNECTIONS = 20;
const SECONDS = 10;
const WARMUP_PURCHASES = 40;
const PURCHASES = 300;
/** The test processor's card tokens: 30 per 10 minutes per client address (modules/payments/test-payments.routes.ts). */
const CARD_TOKENS_PER_WINDOW = 30;

/** autocannon through the proxy; throws on any error or non-2xx answer. */
async function load(url, limit = { duration: SECONDS }) {
  const r = await autocannon({ url, connections: CONNECTIONS, ...limit });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
}

/** POST /crud/purchases of each buyer's cart through `base`, CONNECTIONS at a time: purchases/s and latencies (ms). */
async function purchases(base, buyers) {
  const latencies = [];
  const started = performance.now();
  await pool(buyers, CONNECTIONS, async (buyer) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/crud/purchases`, {
      method: 'POST',
      headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(buyer.purchase),
    });
    const body = await res.json();
    if (res.status !== 200 || body.status !== 'paid') throw new Error(`purchase: ${res.status} ${JSON.stringify(body)}`);
    latencies.push(performance.now() - t0);
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: buyers.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** One run through a proxy in front of `servers`: the listing, the story page, the purchases of `buyers`. */
async function measure(dir, servers, paths, buyers) {
  const proxy = await startHaproxy(dir, servers);
  try {
    const listing = await load(proxy.base + paths.listing, { duration: 2 }).then(() => load(proxy.base + paths.listing));
    const story = await load(proxy.base + paths.story, { duration: 2 }).then(() => load(proxy.base + paths.story));
    await purchases(proxy.base, buyers.warmup);
    const bought = await purchases(proxy.base, buyers.measured);
    const sent = Object.values(await proxy.status()).map((s) => s.sent);
    return { listing, story, bought, sent };
  } finally {
    await proxy.stop();
  }
}

export async function benchCluster() {
  const missing = await clusterMissing();
  if (missing) {
    console.log(`two servers: skipped, ${missing}`);
    return;
  }
  const fixture = await demoDatabase('two servers');
  if (!fixture) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-cluster-'));
  const db = new pg.Client({ connectionString: fixture.url });
  const servers = [];
  try {
    await db.connect();
    const album = await db.query(
      "select id from skus where type = 'digital_album' and is_available and not is_hidden order by id limit 1",
    );
    const story = await db.query("select slug from products where lang_code = 'en' and is_available order by id limit 1");
    const paths = { listing: '/crud/product/skus?page=1&available=1&lang_code=en', story: `/story/${story.rows[0].slug}` };
    const all = await insertBuyers(db, 2 * (WARMUP_PURCHASES + PURCHASES));
    const env = {
      PAYMENTS: 'test',
      TRUST_PROXY: 'true',
      RATE_LIMIT_FACTOR: String(Math.ceil(all.length / CARD_TOKENS_PER_WINDOW)),
    };
    for (const [i, port] of PORTS.entries()) {
      // Both servers always run (the one-server run leaves the second idle), so the runs differ only in the proxy's list.
      servers.push({ name: `app${i + 1}`, port, ...(await startServer(port, fixture.url, env)) });
    }
    const page = await fetch(servers[0].base + paths.story);
    if (page.status !== 200 || !(await page.text()).includes('id="first-data"')) {
      console.log(`${paths.story}: ${page.status}, no first data in the page (is the web app built?)`);
    }
    // Saved cards and carts, made beforehand and not timed.
    await pool(all, 10, async (buyer) => {
      await saveCard(servers[0].base, buyer);
      await fillCart(servers[0].base, buyer, album.rows[0].id);
    });
    const split = (from) => ({
      warmup: all.slice(from, from + WARMUP_PURCHASES),
      measured: all.slice(from + WARMUP_PURCHASES, from + WARMUP_PURCHASES + PURCHASES),
    });
    const target = (list) => list.map(({ name, port }) => ({ name, port }));
    const one = await measure(dir, target(servers.slice(0, 1)), paths, split(0));
    const two = await measure(dir, target(servers), paths, split(WARMUP_PURCHASES + PURCHASES));
    const counts = await ordersAndCharges(
      db,
      all.map((b) => b.id),
    );
    if (counts.paid !== all.length || counts.charges !== all.length) {
      throw new Error(`two servers: ${JSON.stringify(counts)} for ${all.length} purchases`);
    }

    const ratio = (a, b) => `${((a / b) * 100).toFixed(0)}%`;
    const line = (what, a, b) =>
      console.log(
        `${what}: one server ${describe(a)}; two servers ${describe(b)} = ${ratio(b.requests.average, a.requests.average)}`,
      );
    console.log(
      `Through HAProxy, ${CONNECTIONS} connections, one server then two (requests sent to each: ${two.sent.join(' / ')})`,
    );
    line(`GET ${paths.listing}`, one.listing, two.listing);
    line(`GET ${paths.story} (server render with its first data)`, one.story, two.story);
    const fmt = (b) => `${b.perSecond.toFixed(0)} purchases/s, p50 ${b.p50.toFixed(0)} ms, p99 ${b.p99.toFixed(0)} ms`;
    console.log(
      `POST /crud/purchases (${PURCHASES} after ${WARMUP_PURCHASES} of warm-up, ${CONNECTIONS} clients): one server ${fmt(one.bought)}; two servers ${fmt(two.bought)} = ${ratio(two.bought.perSecond, one.bought.perSecond)} (target p99 under 150 ms: ${two.bought.p99 < 150 ? 'met' : 'NOT MET'}); ${counts.paid} orders paid, ${counts.charges} charges`,
    );
  } finally {
    for (const s of servers) await stop(s.child);
    await db.end();
    await fixture.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchCluster();
