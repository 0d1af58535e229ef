// Year-end statements' part of `npm run bench` (issue 45, decision 069): on
// PostgreSQL holding the demo content plus 5,000 donors of last year (a paid
// donation each, in the three languages), two servers side by side (the two
// cores) and the admin's one POST /crud/admin/statements {year}: each donor's
// statement made as a PDF (fonts embedded) and its e-mail queued with it, the
// donors claimed in the database by both servers' workers. Timed from the
// press to the last statement queued, as GET /crud/admin/statements reports
// it (asked every second). Target: under 10 minutes. The donors are inserted
// directly and are not timed. Run alone with `node scripts/bench-statements.mjs`.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { call, demoDatabase, insertAdmin, sized, startServers } from './bench-helpers.mjs';

/** 5,000, or BENCH_STATEMENTS donors for a quicker look. */
const DONORS = Number(process.env.BENCH_STATEMENTS ?? sized(5000, 5));
const TARGET_MS = 10 * 60_000;
const YEAR = new Date().getUTCFullYear() - 1;

/** DONORS donors, each with one paid donation on 1 June of YEAR. */
async function insertDonors(db) {
  await db.query(`
    with donors as (
      insert into users (email, fname, lname)
        select 'bench-donor-' || i || '@example.test', (array['Grace', 'Señora', 'Анна'])[i % 3 + 1],
          (array['Miller', 'Piñón', 'Ёлкина'])[i % 3 + 1]
        from generate_series(1, ${DONORS}) i
        returning id, (regexp_match(email, '\\d+'))[1]::int as i
    ), given as (
      insert into orders (user_id, number, lang_code, status, subtotal_cents, total_cents, payment_id, payment_provider,
          card_brand, card_last4, paid_at, created_at)
        select d.id, 'SH-S' || substr(a.alphabet, d.i / 1024 % 32 + 1, 1) || substr(a.alphabet, d.i / 32 % 32 + 1, 1)
            || substr(a.alphabet, d.i % 32 + 1, 1) || '-TT',
          (array['en', 'es', 'ru'])[d.i % 3 + 1], 'paid', 2500, 2500, 'pi_bench_statement_' || d.i, 'test', 'visa', '4242',
          make_timestamptz(${YEAR}, 6, 1, 12, 0, 0, 'UTC'), make_timestamptz(${YEAR}, 6, 1, 12, 0, 0, 'UTC')
        from donors d, (select '23456789ABCDEFGHJKLMNPQRSTUVWXYZ' as alphabet) a
        returning id
    )
    insert into order_lines (order_id, position, type, title, quantity, unit_price_cents, subtotal_cents)
      select g.id, 1, 'donation', 'General Ministry Donation', 1, 2500, 2500 from given g`);
}

export async function benchStatements() {
  const fixture = await demoDatabase('year-end statements');
  if (!fixture) return;
  let servers = [];
  try {
    const db = new pg.Client({ connectionString: fixture.url });
    db.on('error', () => {});
    await db.connect();
    await insertDonors(db);
    await db.end();
    const { cookie } = await insertAdmin(fixture.url, 'bench-statements-admin');

    servers = await startServers(2, fixture.url, { RATE_LIMIT_FACTOR: '1000' });
    const started = performance.now();
    const begun = await call(servers[0].base, cookie, 'POST', '/crud/admin/statements', { year: YEAR });
    let run = begun;
    while (run.sent < run.total) {
      await new Promise((resolve) => setTimeout(resolve, sized(1000, 100)));
      run = await call(servers[1].base, cookie, 'GET', `/crud/admin/statements?year=${YEAR}`);
    }
    const ms = performance.now() - started;
    const check = new pg.Client({ connectionString: fixture.url });
    check.on('error', () => {});
    await check.connect();
    const { rows } = await check.query(
      // The outbox keeps a mail's attachments in mail_outbox.attachments (jsonb, each one's content in base64).
      `select count(distinct m.id) as mails, count(a.value) as pdfs,
         coalesce(sum(length(decode(a.value->>'base64', 'base64'))), 0) as bytes
       from statement_sends s join mail_outbox m on m.id = s.mail_id
       cross join lateral jsonb_array_elements(coalesce(m.attachments, '[]'::jsonb)) a
       where s.year = $1`,
      [YEAR],
    );
    await check.end();
    const { mails, pdfs, bytes } = rows[0];
    console.log(
      `year-end statements: ${run.total} donors, ${mails} e-mails queued with ${pdfs} PDFs ` +
        `(${(Number(bytes) / Number(pdfs || 1) / 1024).toFixed(0)} KB each) by two servers in ${(ms / 1000).toFixed(1)} s ` +
        `(target: under ${TARGET_MS / 60_000} minutes: ${((ms / TARGET_MS) * 100).toFixed(1)}% of it)`,
    );
  } finally {
    for (const server of servers) await server.close();
    await fixture.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchStatements();
