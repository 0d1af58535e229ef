// The back office's part of `npm run bench` (issue 29 "Measured"): on
// PostgreSQL holding the demo content plus 100,000 orders of 2,000 families
// with 300,000 lines (a year of them), the admin's GET /crud/admin/orders
// (its first page; and the "to ship" filter with a search by e-mail;
// target: p99 under 50 ms) and the year's reports (sales and gifts per month,
// by kind; target: p99 under 300 ms), each against a bare Fastify route
// returning the same JSON from memory. The orders are inserted directly and
// are not timed. Run alone with `node scripts/bench-admin-orders.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { compare, demoDatabase, describe, insertAdmin, sized, startBare, startServer, stop } from './bench-helpers.mjs';

const ORDERS = sized(100_000, 200);
const FAMILIES = sized(2_000, 20);

/** A year of orders: three lines each (a CD, an album, a donation), a quarter of them with a CD still to post. */
async function insertOrders(db) {
  await db.query(`
    insert into users (email, fname, lname)
      select 'bench-family-' || i || '@example.test', 'Bench', 'Family ' || i from generate_series(1, ${FAMILIES}) i;
    insert into orders (user_id, number, lang_code, status, subtotal_cents, total_cents, payment_id, payment_provider,
        card_brand, card_last4, created_at, paid_at, updated_at, shipped_at)
      select u.id, 'SH-' || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', ((i >> 25) & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', ((i >> 20) & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', ((i >> 15) & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', ((i >> 10) & 31) + 1, 1) || '-' || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', ((i >> 5) & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', ((i >> 0) & 31) + 1, 1), 'en', 'paid', 3197, 3197, 'pi_bench_order_' || i, 'test', 'visa', '4242',
        now() - (i % 365) * interval '1 day', now() - (i % 365) * interval '1 day', now() - (i % 365) * interval '1 day',
        case when i % 4 = 0 then null else now() - (i % 365) * interval '1 day' + interval '2 days' end
      from generate_series(1, ${ORDERS}) i
      join users u on u.email = 'bench-family-' || (i % ${FAMILIES} + 1) || '@example.test';
    insert into order_lines (order_id, position, type, title, product_title, quantity, unit_price_cents, subtotal_cents)
      select o.id, p.position, p.type, p.title, p.title, 1, p.cents, p.cents
      from orders o
      cross join (values (1, 'physical', 'In the Beginning (CD)', 1299), (2, 'digital_album', 'Noah''s Big Boat', 899),
        (3, 'donation', 'General Ministry Donation', 999)) as p(position, type, title, cents)
      where o.payment_id like 'pi_bench_order_%';
    analyze orders; analyze order_lines; analyze users;
  `);
}

export async function benchAdminOrders() {
  const fixture = await demoDatabase('back office orders');
  if (!fixture) return;
  const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-bench-'));
  let server;
  let bare;
  try {
    const db = new pg.Client({ connectionString: fixture.url });
    db.on('error', () => {});
    await db.connect();
    await insertOrders(db);
    const lines = Number(
      (
        await db.query(
          "select count(*) n from order_lines l join orders o on o.id = l.order_id where o.payment_id like 'pi_bench_order_%'",
        )
      ).rows[0].n,
    );
    await db.end();
    const { cookie } = await insertAdmin(fixture.url, 'bench-orders-admin');

    server = await startServer(fixture.url, { RATE_LIMIT_FACTOR: '1000' });
    const day = (d) => d.toISOString().slice(0, 10);
    const year = `from=${day(new Date(Date.now() - 364 * 86_400_000))}&to=${day(new Date())}`;
    const routes = [
      { p: '/crud/admin/orders?page=1', target: 50, seen: (r) => `${r.count} orders match, ${r.items?.length} on the page` },
      {
        p: '/crud/admin/orders?filter=to_ship&search=bench-family-17%40&page=1',
        target: 50,
        seen: (r) => `${r.count} orders match, ${r.items?.length} on the page`,
      },
      {
        p: `/crud/admin/reports/sales?${year}&interval=month`,
        target: 300,
        seen: (r) => `${r.totals?.orders} orders in ${r.periods?.length} months`,
      },
      { p: `/crud/admin/reports/kinds?${year}`, target: 300, seen: (r) => `${r.rows?.length} kinds` },
    ];
    // Each route's first answer (cold: its first query plans, our caches empty), then one bare server with them all.
    const bodies = {};
    for (const { p, seen } of routes) {
      const started = performance.now();
      const res = await fetch(server.base + p, { headers: { cookie } });
      const body = await res.text();
      const first = performance.now() - started;
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${body.slice(0, 300)}`);
      console.log(
        `GET ${p}: ${seen(JSON.parse(body))} (${ORDERS} orders, ${lines} lines in the bench's year); first answer ${first.toFixed(0)} ms`,
      );
      bodies[p] = body;
    }
    bare = await startBare(tmp, bodies);
    for (const { p, target } of routes) {
      const { ours, ref, ratio } = await compare(server.base, bare.base, p, { duration: 2 }, { cookie });
      console.log(
        `GET ${p} (admin): ${describe(ours)} vs bare Fastify ${describe(ref)} = ${ratio.toFixed(0)}% (target: p99 under ${target} ms)`,
      );
    }
  } finally {
    if (bare) await stop(bare.child);
    await server?.close();
    await fixture.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchAdminOrders();
