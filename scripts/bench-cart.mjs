// The cart part of `npm run bench` (issue 12 "Measured"): GET
// /crud/cart-session/total for a bench family's cart of 10 lines (CDs and
// books, two of each, and digital albums) with a coupon, an Illinois
// shipping address, priority shipping and sales tax, on PostgreSQL holding
// the demo content, against a bare Fastify route returning the same JSON
// from memory (target: at least 30%, p99 under 30 ms); nothing changes while
// it runs, so the total is served as kept, checked against the family's
// versions on each request (decision 088). The family, the
// products and the coupon are the bench's own (issue 47: the demo family
// owns demo albums, which the cart refuses to sell twice).
// Run alone with `node scripts/bench-cart.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { call, compare, demoDatabase, describe, insertUsers, startBare, startServer, stop } from './bench-helpers.mjs';

const COUPON = 'BENCH10';
const ILLINOIS = {
  fname: 'Grace',
  lname: 'Miller',
  email: 'bench-cart@example.test',
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
    // Six products: two with a CD, one with a book, one with both, and six digital albums among them.
    const { rows: skus } = await db.query(
      `with products as (
         insert into products (slug, title, lang_code, primary_image)
           select 'bench-cart-' || i, 'Bench cart story ' || i, 'en', 'covers/in-the-beginning.jpg' from generate_series(1, 6) i
           returning id, title, substr(slug, 12)::int as i
       )
       insert into skus (product_id, type, title, full_price_cents, lang_code)
         select p.id, k.type, p.title || ' (' || k.type || ')', k.cents, 'en'
         from products p join (values (1, 'physical', 1299), (2, 'physical', 1299), (3, 'book', 1999), (4, 'physical', 1299),
           (4, 'book', 1999)) as k(i, type, cents) on k.i = p.i
         union all select p.id, 'digital_album', p.title || ' (MP3 album)', 899, 'en' from products p
       returning id, type`,
    );
    const shipped = skus.filter((s) => s.type !== 'digital_album').slice(0, 4);
    const albums = skus.filter((s) => s.type === 'digital_album');
    await db.query("insert into coupons (code, percent_off, title) values ($1, 10, 'Bench: 10% off')", [COUPON]);
    const [family] = await insertUsers(db, 'bench-cart', 1);
    await db.end();

    server = await startServer(fixture.url);
    const { cookie } = family;
    for (const { id } of shipped) await call(server.base, cookie, 'POST', '/crud/cart-session/skus', { sku_id: id, quantity: 2 });
    for (const { id } of albums) await call(server.base, cookie, 'POST', '/crud/cart-session/skus', { sku_id: id });
    const coupon = await call(server.base, cookie, 'GET', `/crud/coupon/code/${COUPON}`);
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
    const { ours, ref, ratio } = await compare(
      server.base,
      bare.base,
      p,
      { duration: 2 },
      { cookie },
      { ours: server.child, bare: bare.child },
    );
    console.log(
      `GET ${p} (signed in): ${describe(ours)} vs bare Fastify ${describe(ref)} = ${ratio.toFixed(0)}% (target 30%, p99 under 30 ms)`,
    );
  } finally {
    if (bare) await stop(bare.child);
    await server?.close();
    await fixture.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchCart();
