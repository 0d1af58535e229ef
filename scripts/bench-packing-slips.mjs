// Packing slips' part of `npm run bench` (issue 44, decision 062): on
// PostgreSQL holding the demo content plus 50 paid orders to post (two CDs
// and a book each, to an address, one in three a gift with its message, in
// the three languages), the admin's GET /crud/admin/orders/packing-slips for
// all 50 at once: one PDF of 50 pages made on the server, fonts embedded.
// Target: under 10 s. Printed as the first print (the server's first PDF:
// the font files read and parsed) and the median of five more. The orders
// are inserted directly and are not timed. Run alone with
// `node scripts/bench-packing-slips.mjs`.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { demoDatabase, insertAdmin, sized, startServer } from './bench-helpers.mjs';

const SLIPS = sized(50, 3);
const TARGET_MS = 10_000;

/** 50 orders waiting to be posted; their ids. */
async function insertOrders(db) {
  const { rows } = await db.query(`
    with family as (
      insert into users (email, fname, lname) values ('bench-slips@example.test', 'Bench', 'Family') returning id
    ), placed as (
      insert into orders (user_id, number, lang_code, status, subtotal_cents, total_cents, payment_id, payment_provider,
          card_brand, card_last4, paid_at, shipping_address, gift_name, gift_email, gift_message)
        select f.id, 'SH-BNCH-' || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', i / 32 + 1, 1)
            || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', i % 32 + 1, 1),
          (array['en', 'es', 'ru'])[i % 3 + 1], 'paid', 4597, 4597, 'pi_bench_slip_' || i, 'test', 'visa', '4242', now(),
          jsonb_build_object('fname', (array['Grace', 'Señora', 'Анна'])[i % 3 + 1],
            'lname', (array['Miller', 'Piñón', 'Ёлкина'])[i % 3 + 1], 'line1', i || ' Elm Street', 'city', 'Chicago',
            'state', 'IL', 'postal_code', '60601', 'country_id', 33, 'phone', '+1 312 555 0100'),
          case when i % 3 = 2 then 'Анна' end, case when i % 3 = 2 then 'anna-' || i || '@example.test' end,
          case when i % 3 = 2 then 'С днём рождения! Слушай эти истории перед сном.' end
        from family f, generate_series(1, ${SLIPS}) i
        returning id
    ), lines as (
      insert into order_lines (order_id, position, type, title, product_title, quantity, unit_price_cents, subtotal_cents)
        select p.id, l.position, l.type, l.title, l.title, l.quantity, l.cents, l.cents * l.quantity
        from placed p
        cross join (values (1, 'physical', 'In the Beginning (CD)', 2, 1299), (2, 'book', 'Noah''s Big Boat', 1, 1999))
          as l(position, type, title, quantity, cents)
    )
    select id from placed order by id`);
  return rows.map((r) => r.id);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchPackingSlips() {
  const fixture = await demoDatabase('packing slips');
  if (!fixture) return;
  let server;
  try {
    const db = new pg.Client({ connectionString: fixture.url });
    db.on('error', () => {});
    await db.connect();
    const ids = await insertOrders(db);
    await db.end();
    const { cookie } = await insertAdmin(fixture.url, 'bench-slips-admin');

    server = await startServer(fixture.url, { RATE_LIMIT_FACTOR: '1000' });
    const print = async () => {
      const started = performance.now();
      const res = await fetch(`${server.base}/crud/admin/orders/packing-slips?ids=${ids.join(',')}`, { headers: { cookie } });
      const pdf = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`packing slips: ${res.status} ${pdf.toString().slice(0, 300)}`);
      // A page object per page (pdfkit writes its page dictionaries uncompressed).
      const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
      return { ms, pages, kb: pdf.length / 1024 };
    };
    const first = await print();
    const again = [];
    for (let i = 0; i < sized(5, 1); i++) again.push((await print()).ms);
    console.log(
      `packing slips: ${ids.length} orders in one PDF of ${first.pages} pages (${first.kb.toFixed(0)} KB); ` +
        `first ${first.ms.toFixed(0)} ms, then a median of ${median(again).toFixed(0)} ms ` +
        `(target: under ${TARGET_MS / 1000} s: ${((first.ms / TARGET_MS) * 100).toFixed(1)}% of it)`,
    );
  } finally {
    await server?.close();
    await fixture.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchPackingSlips();
