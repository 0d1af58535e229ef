// The cart part of `npm run bench` (issue 12 "Measured"): GET
// /crud/cart-session/total for the demo customer's cart of 10 lines (CDs
// and books, two of each, and digital albums) with a coupon, an Illinois
// shipping address, priority shipping and sales tax, on PostgreSQL holding
// the demo content, against a bare Fastify route returning the same JSON
// from memory (target: at least 30%, p99 under 50 ms).
// Run alone with `node scripts/bench-cart.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { call, compare, demoDatabase, describe, startBare, startServer, stop } from './bench-helpers.mjs';

const PORT = 3303;
const CUSTOMER = { email: 'family@storyhouse.example', password: 'listen-along' };
const ILLINOIS = {
  fname: 'Grace',
  lname: 'Miller',
  email: CUSTOMER.email,
  phone: '312-555-0100',
  line1: '100 Main Street',
  country_id: 33,
  state: 'IL',
  city: 'Springfield',
  postal_code: '62701',
};

export async function benchCart() {
  const fixture = await demoDatabase('cart');
  if (!fixture) return;
  const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-'));
  let server;
  let bare;
  try {
    const db = new pg.Client({ connectionString: fixture.url });
    await db.connect();
    const shipped = await db.query(
      "select id from skus where type in ('physical', 'book') and is_available and not is_hidden order by id limit 4",
    );
    const albums = await db.query(
      "select id from skus where type = 'digital_album' and is_available and not is_hidden order by id limit 6",
    );
    await db.end();

    server = await startServer(PORT, fixture.url);
    const login = await fetch(`${server.base}/crud/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CUSTOMER),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    for (const { id } of shipped.rows)
      await call(server.base, cookie, 'POST', '/crud/cart-session/skus', { sku_id: id, quantity: 2 });
    for (const { id } of albums.rows) await call(server.base, cookie, 'POST', '/crud/cart-session/skus', { sku_id: id });
    const coupon = await call(server.base, cookie, 'GET', '/crud/coupon/code/FAMILY10');
    const { cart } = await call(server.base, cookie, 'POST', '/crud/cart-session/coupons', { coupon_id: coupon.id });
    await call(server.base, cookie, 'POST', `/crud/cart/${cart.id}/address/shipping`, ILLINOIS);
    await call(server.base, cookie, 'POST', `/crud/cart/${cart.id}/shipping`, {
      user_id: cart.user_id,
      shipping_type: 'priority',
    });

    const p = '/crud/cart-session/total';
    const res = await fetch(server.base + p, { headers: { cookie } });
    const body = await res.text();
    const total = JSON.parse(body);
    if (total.skus.length !== 10 || !total.coupon || !(total.shippingCost > 0) || !(total.taxTotal > 0)) {
      throw new Error(`${p}: not the cart meant to be measured: ${body.slice(0, 300)}`);
    }
    console.log(
      `GET ${p}: ${total.skus.length} lines, ${total.itemCount} items, coupon ${total.coupon.coupon.code}, shipping ${total.shippingCost}, tax ${total.taxTotal}, ${(body.length / 1024).toFixed(1)} KB`,
    );
    bare = await startBare(tmp, { [p]: body });
    const { ours, ref, ratio } = await compare(server.base, bare.base, p, { duration: 2 }, { cookie });
    console.log(
      `GET ${p} (signed in): ${describe(ours)} vs bare Fastify ${describe(ref)} = ${ratio.toFixed(0)}% (target 30%, p99 under 50 ms)`,
    );
  } finally {
    if (bare) await stop(bare.child);
    if (server) await stop(server.child);
    await fixture.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchCart();
