// The two-server part of `npm run bench` (issue 31 "Measured"): the same two
// production servers on one PostgreSQL database holding the demo content,
// reached through Debian's HAProxy (scripts/haproxy.mjs): one proxy sending
// everything to one of them, another round-robin over both. Each measure is
// taken through the first and at once through the second, and the
// two-server number printed as a ratio of the one-server one:
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
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cannon, demoDatabase, describe, SMOKE, sized, startServers } from './bench-helpers.mjs';
import { benchAlbum, fillCart, insertBuyers, ordersAndCharges, percentile, pool, saveCard } from './bench-purchases.mjs';
import { clusterMissing, startHaproxy } from './haproxy.mjs';

const CONNECTIONS = 20;
const WARMUP_PURCHASES = sized(40, 2);
const PURCHASES = sized(300, 5);
/** The test processor's card tokens: 30 per 10 minutes per client address (modules/payments/test-payments.routes.ts). */
const CARD_TOKENS_PER_WINDOW = 30;

/** autocannon through the proxy; throws on any error or non-2xx answer. */
async function load(url, limit = { duration: 10 }) {
  const r = await cannon({ url, connections: CONNECTIONS, ...(SMOKE ? { amount: 40 } : limit) });
  if (r.non2xx || r.errors) {
    throw new Error(`${url}: ${r.non2xx} non-2xx (${JSON.stringify(r.statusCodeStats)}), ${r.errors} errors`);
  }
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

/**
 * Each measure through `one` (a proxy in front of one server) and then at once through `two` (in front of both), so
 * the two numbers of a pair are taken side by side in time, whatever else the machine does meanwhile.
 */
async function measure(one, two, paths, buyers) {
  const pair = async (task) => [await task(one, 0), await task(two, 1)];
  const get = (p) => (proxy) => load(proxy.base + p, { duration: 2 }).then(() => load(proxy.base + p));
  const listing = await pair(get(paths.listing));
  const story = await pair(get(paths.story));
  const bought = await pair(async (proxy, i) => {
    await purchases(proxy.base, buyers[i].warmup);
    return purchases(proxy.base, buyers[i].measured);
  });
  return { listing, story, bought };
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
  let servers = [];
  const proxies = [];
  try {
    await db.connect();
    // The story page and the album bought are the bench's own.
    const album = await benchAlbum(db, 'bench-cluster-story');
    const paths = { listing: '/crud/product/skus?page=1&available=1&lang_code=en', story: '/story/bench-cluster-story' };
    const all = await insertBuyers(db, 2 * (WARMUP_PURCHASES + PURCHASES), 'bench-cluster-buyer');
    const env = {
      PAYMENTS: 'test',
      TRUST_PROXY: 'true',
      RATE_LIMIT_FACTOR: String(Math.ceil(all.length / CARD_TOKENS_PER_WINDOW)),
    };
    // Both servers always run (the one-server run leaves the second idle), so the runs differ only in the proxy's list.
    servers = (await startServers(2, fixture.url, env)).map((server, i) => ({ name: `app${i + 1}`, ...server }));
    const page = await fetch(servers[0].base + paths.story);
    if (page.status !== 200 || !(await page.text()).includes('id="first-data"')) {
      console.log(`${paths.story}: ${page.status}, no first data in the page (is the web app built?)`);
    }
    // Saved cards and carts, made beforehand and not timed.
    await pool(all, 10, async (buyer) => {
      await saveCard(servers[0].base, buyer);
      await fillCart(servers[0].base, buyer, album);
    });
    const split = (from) => ({
      warmup: all.slice(from, from + WARMUP_PURCHASES),
      measured: all.slice(from + WARMUP_PURCHASES, from + WARMUP_PURCHASES + PURCHASES),
    });
    const target = (list) => list.map(({ name, port }) => ({ name, port }));
    proxies.push(await startHaproxy(mkdtempSync(path.join(dir, 'one-')), target(servers.slice(0, 1))));
    proxies.push(await startHaproxy(mkdtempSync(path.join(dir, 'two-')), target(servers)));
    const load1 = os.loadavg()[0];
    const { listing, story, bought } = await measure(proxies[0], proxies[1], paths, [
      split(0),
      split(WARMUP_PURCHASES + PURCHASES),
    ]);
    const load2 = os.loadavg()[0];
    const sent = Object.values(await proxies[1].status()).map((s) => s.sent);
    const counts = await ordersAndCharges(
      db,
      all.map((b) => b.id),
    );
    if (counts.paid !== all.length || counts.charges !== all.length) {
      throw new Error(`two servers: ${JSON.stringify(counts)} for ${all.length} purchases`);
    }

    const ratio = (a, b) => `${((a / b) * 100).toFixed(0)}%`;
    const line = (what, [a, b]) =>
      console.log(
        `${what}: one server ${describe(a)}; two servers ${describe(b)} = ${ratio(b.requests.average, a.requests.average)}`,
      );
    console.log(
      `Through HAProxy, ${CONNECTIONS} connections, each measure through one server and then two (the two-server proxy's connections to each: ${sent.join(' / ')}); ${os.cpus().length} cores, load average ${load1.toFixed(1)} before, ${load2.toFixed(1)} after`,
    );
    line(`GET ${paths.listing}`, listing);
    line(`GET ${paths.story} (server render with its first data)`, story);
    const fmt = (b) => `${b.perSecond.toFixed(0)} purchases/s, p50 ${b.p50.toFixed(0)} ms, p99 ${b.p99.toFixed(0)} ms`;
    console.log(
      `POST /crud/purchases (${PURCHASES} after ${WARMUP_PURCHASES} of warm-up, ${CONNECTIONS} clients): one server ${fmt(bought[0])}; two servers ${fmt(bought[1])} = ${ratio(bought[1].perSecond, bought[0].perSecond)} (target p99 under 150 ms: ${bought[1].p99 < 150 ? 'met' : 'NOT MET'}); ${counts.paid} orders paid, ${counts.charges} charges`,
    );
  } finally {
    for (const proxy of proxies) await proxy.stop();
    for (const s of servers) await s.close();
    await db.end();
    await fixture.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchCluster();
