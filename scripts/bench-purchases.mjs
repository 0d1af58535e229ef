// The purchases part of `npm run bench` (issue 13 "Measured"), on PostgreSQL
// holding the demo content, with the built-in test processor (PAYMENTS=test):
//  1. POST /crud/purchases of a one-album cart paid with a saved 4242 card,
//     a fresh signed-in cart per purchase (one bench user each), 10 clients
//     at a time: purchases per second and the purchase call's latency
//     (target: p99 under 150 ms). Users, sessions, saved cards and carts are
//     made beforehand and are not timed;
//  2. 50 simultaneous POST /crud/purchases of one user's cart: exactly one
//     order and one charge must come of it (the process exits non-zero
//     otherwise).
// The album is the bench's own; users and sessions are inserted directly
// (scripts/bench-helpers.mjs insertUsers); cards are made and
// saved through the API, all from 127.0.0.1, so the server runs with
// RATE_LIMIT_FACTOR raised as for many families behind one address.
// Run alone with `node scripts/bench-purchases.mjs`.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { call, demoDatabase, insertAlbum, insertUsers, sized, startServer } from './bench-helpers.mjs';

const WARMUP = sized(50, 2);
const PURCHASES = sized(300, 5);
const CLIENTS = 10;
const SAME_CART = sized(50, 5);
/** The test processor's card tokens: 30 per 10 minutes per client address (modules/payments/test-payments.routes.ts). */
const CARD_TOKENS_PER_WINDOW = 30;

/** Runs `task` on each item, `clients` at a time. */
export async function pool(items, clients, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/** `count` bench buyers with a session each, named after `prefix` (one per step): [{ id, cookie }]. */
export const insertBuyers = (db, count, prefix = 'bench-buyer') => insertUsers(db, prefix, count);

/** The album the bench's buyers buy: the bench's own (the demo content's may change). Its sku id. */
export async function benchAlbum(db, slug) {
  return (await insertAlbum(db, { slug, title: 'A story to buy' })).albumId;
}

/** Saves a 4242 card on the buyer the way the payment page does, and reads it back: the saved card's id. */
export async function saveCard(base, buyer) {
  const token = await call(base, buyer.cookie, 'POST', '/crud/test-payments/tokens', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    cvc: '123',
    name: 'Bench Buyer',
  });
  await call(base, buyer.cookie, 'POST', '/crud/stripe/customer/card', { user_id: buyer.id, stripe_token: token.id });
  const cards = await call(base, buyer.cookie, 'GET', `/crud/stripe/customer/${buyer.id}/card`);
  if (cards.length !== 1) throw new Error(`user ${buyer.id}: ${cards.length} saved cards`);
  buyer.card = cards[0].id;
}

/** Puts the album in the buyer's cart and keeps what checkout sends back: the cart's id and its total. */
export async function fillCart(base, buyer, skuId) {
  const total = await call(base, buyer.cookie, 'POST', '/crud/cart-session/skus', {
    sku_id: skuId,
    quantity: 1,
    auto_update: true,
  });
  if (total.skus.length !== 1 || !(total.fullTotal > 0)) throw new Error(`user ${buyer.id}: not a one-album cart`);
  buyer.purchase = { stripe_token: buyer.card, expected_total: total.fullTotal, cart_id: total.cart.id, lang_code: 'en' };
}

/** POST /crud/purchases of the buyer's cart: { status, body, ms }. */
async function purchase(base, buyer) {
  const started = performance.now();
  const res = await fetch(`${base}/crud/purchases`, {
    method: 'POST',
    headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(buyer.purchase),
  });
  const body = await res.json();
  return { status: res.status, body, ms: performance.now() - started };
}

/** Purchases of each buyer's cart, CLIENTS at a time; throws unless each is paid. Latencies in ms and the wall time in s. */
export async function purchaseAll(base, buyers) {
  const latencies = [];
  const started = performance.now();
  await pool(buyers, CLIENTS, async (buyer) => {
    const r = await purchase(base, buyer);
    if (r.status !== 200 || r.body.status !== 'paid') throw new Error(`purchase: ${r.status} ${JSON.stringify(r.body)}`);
    latencies.push(r.ms);
  });
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The buyer's orders, and the successful charges at the test processor under their orders' keys. */
export async function ordersAndCharges(db, userIds) {
  const { rows } = await db.query(
    `select (select count(*) from orders where user_id = any($1::int[]))::int as orders,
            (select count(*) from orders where user_id = any($1::int[]) and status = 'paid')::int as paid,
            (select count(*) from test_processor_payments p join orders o on p.idempotency_key = 'order-' || o.id || '-charge'
              where o.user_id = any($1::int[]) and p.status = 'succeeded')::int as charges,
            (select count(*) from test_processor_payments p join test_processor_customers c on c.id = p.customer_id
              where c.user_id = any($1::int[]))::int as payments`,
    [userIds],
  );
  return rows[0];
}

export async function benchPurchases() {
  const fixture = await demoDatabase('purchases');
  if (!fixture) return;
  const db = new pg.Client({ connectionString: fixture.url });
  let server;
  try {
    await db.connect();
    const album = await benchAlbum(db, 'bench-purchases-album');
    const buyers = await insertBuyers(db, WARMUP + PURCHASES + 1);
    const factor = Math.ceil(buyers.length / CARD_TOKENS_PER_WINDOW);
    server = await startServer(fixture.url, { PAYMENTS: 'test', RATE_LIMIT_FACTOR: String(factor) });
    const { base } = server;
    await pool(buyers, CLIENTS, async (buyer) => {
      await saveCard(base, buyer);
      await fillCart(base, buyer, album);
    });
    const [same, ...others] = buyers;
    const warmup = others.slice(0, WARMUP);
    const measured = others.slice(WARMUP);

    // 1. Purchases per second, after a warm-up (JIT, connection pool, PostgreSQL).
    await purchaseAll(base, warmup);
    const { latencies, seconds } = await purchaseAll(base, measured);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const counts = await ordersAndCharges(
      db,
      measured.map((b) => b.id),
    );
    if (counts.paid !== PURCHASES || counts.charges !== PURCHASES || counts.payments !== PURCHASES) {
      throw new Error(`purchases: ${JSON.stringify(counts)} for ${PURCHASES} purchases`);
    }
    console.log(
      `POST /crud/purchases (one album, saved card, test processor, ${CLIENTS} clients, ${PURCHASES} purchases after ${WARMUP} of warm-up): ${(PURCHASES / seconds).toFixed(0)} purchases/s, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (target p99 under 150 ms: ${(p99 / 150).toFixed(2)} of it); ${counts.paid} orders paid, ${counts.charges} charges`,
    );

    // 2. One cart submitted 50 times at once.
    const answers = await Promise.all(Array.from({ length: SAME_CART }, () => purchase(base, same)));
    const tally = {};
    for (const { status, body } of answers) {
      const key = status === 200 ? `200 ${body.status}` : `${status} ${body.code}`;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    // One paid answer; every other one a 409 saying the order is under way or the cart is empty.
    const refused = (tally['409 order_already_submitted'] ?? 0) + (tally['409 order_cart_empty'] ?? 0);
    const once = await ordersAndCharges(db, [same.id]);
    const ok =
      tally['200 paid'] === 1 &&
      refused === SAME_CART - 1 &&
      once.orders === 1 &&
      once.paid === 1 &&
      once.charges === 1 &&
      once.payments === 1;
    const answered = Object.entries(tally).map(([k, n]) => `${n} × ${k}`);
    console.log(
      `${SAME_CART} concurrent POST /crud/purchases of one cart: ${answered.join(', ')}; ${once.orders} order (${once.paid} paid), ${once.charges} charge, ${once.payments} payment at the processor (target one 200, the rest 409, exactly one order and one charge: ${ok ? 'met' : 'NOT MET'})`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await server?.close();
    await db.end();
    await fixture.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchPurchases();
