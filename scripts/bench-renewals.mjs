// The renewals part of `npm run bench` (issue 28 "Measured"), on PostgreSQL:
// 10,000 monthly subscriptions of the built-in test processor, all due at
// once, billed by two billing workers side by side, each a process of its
// own with its own connection pool (as two server instances would be), each
// running the test processor's billDue, the code of the billing worker.
// Prints renewals per second and the counts of the bench subscriptions'
// renewal invoices and charges, which must each equal 10,000, and of their
// periods billed more than once, which must be none (the process exits
// non-zero otherwise); the demo content's own subscriptions are not counted.
// The subscriptions (customers, saved 4242 cards) are inserted directly and
// are not timed. Run alone with `node scripts/bench-renewals.mjs`.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { demoDatabase, importTs, sized } from './bench-helpers.mjs';

const SUBSCRIPTIONS = sized(10_000, 20);
const WORKERS = 2;

/** A worker process: bills what is due on the database at `url`, then prints how many steps it did. */
async function worker(url) {
  const { connectPostgres } = await importTs('../server/src/db/database.ts');
  const { TestProcessor } = await importTs('../server/src/providers/payments/test-processor.ts');
  const database = connectPostgres(url, 4);
  try {
    const steps = await new TestProcessor(database.db).billDue();
    process.send?.({ steps });
  } finally {
    await database.close();
  }
}

/** `count` customers, each with a saved 4242 card and a monthly subscription whose period ended a minute ago. */
async function insertDueSubscriptions(db, count) {
  const hex = (prefix) => `'${prefix}_' || lpad(to_hex(i), 24, '0')`;
  await db.query(`
    insert into test_processor_customers (id, email, name, created_at)
      select ${hex('cus')}, 'renewing-' || i || '@example.test', 'Bench Family ' || i, now() - interval '40 days'
      from generate_series(1, ${count}) i;
    insert into test_processor_tokens (id, brand, last4, exp_month, exp_year, name, behaviour, created_at, used_at, used_by)
      select ${hex('tok')}, 'visa', '4242', 12, 2099, 'Bench Family', 'succeeds', now() - interval '40 days',
        now() - interval '40 days', ${hex('cus')}
      from generate_series(1, ${count}) i;
    insert into test_processor_cards (id, customer_id, token_id, created_at)
      select ${hex('card')}, ${hex('cus')}, ${hex('tok')}, now() - interval '40 days' from generate_series(1, ${count}) i;
    insert into test_processor_subscriptions (id, customer_id, card_id, product_code, product_name, amount_cents, interval,
        status, current_period_start, current_period_end, billing_cycle_anchor, idempotency_key, request_hash, created_at)
      select ${hex('sub')}, ${hex('cus')}, ${hex('card')}, 'monthly', 'Monthly plan', 500, 'month', 'active',
        now() - interval '1 month 1 minute', now() - interval '1 minute', now() - interval '1 month 1 minute',
        'bench-' || i, 'bench', now() - interval '1 month 1 minute'
      from generate_series(1, ${count}) i;
  `);
}

function runWorker(url) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['worker', url], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let steps;
    child.on('message', (m) => {
      steps = m.steps;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 && steps !== undefined ? resolve(steps) : reject(new Error(`worker exited with ${code}`)),
    );
  });
}

export async function benchRenewals() {
  // A database of its own in the smoke run too: no server there bills its subscriptions before the two workers.
  const fixture = await demoDatabase('renewals', { shared: false });
  if (!fixture) return;
  const db = new pg.Client({ connectionString: fixture.url });
  await db.connect();
  try {
    await insertDueSubscriptions(db, SUBSCRIPTIONS);
    const started = performance.now();
    const steps = await Promise.all(Array.from({ length: WORKERS }, () => runWorker(fixture.url)));
    const seconds = (performance.now() - started) / 1000;
    // Only the bench's subscriptions (idempotency key bench-…) and customers: the demo content has a plan of its own,
    // with several paid invoices by design (issue 47 item 2).
    const count = async (q) => Number((await db.query(q)).rows[0].n);
    const bench = `select id, customer_id from test_processor_subscriptions where idempotency_key like 'bench-%'`;
    const invoices = await count(
      `select count(*) n from test_processor_invoices where subscription_id in (select id from (${bench}) s)`,
    );
    const charges = await count(
      `select count(*) n from test_processor_payments where customer_id in (select customer_id from (${bench}) s)`,
    );
    // A period billed twice: two invoices of one subscription for the same period.
    const twice = await count(
      `select count(*) n from (
         select 1 from test_processor_invoices where subscription_id in (select id from (${bench}) s)
         group by subscription_id, period_start having count(*) > 1) x`,
    );
    console.log(
      `renewals: ${SUBSCRIPTIONS} due at once, ${WORKERS} workers side by side (${steps.join(' + ')} steps): ` +
        `${(SUBSCRIPTIONS / seconds).toFixed(0)} renewals/s (${seconds.toFixed(1)} s); ` +
        `invoices ${invoices}, charges ${charges} (each must be ${SUBSCRIPTIONS}); billed twice: ${twice}`,
    );
    if (invoices !== SUBSCRIPTIONS || charges !== SUBSCRIPTIONS || twice !== 0) {
      process.exitCode = 1;
      console.log('renewals: FAILED, not exactly one invoice and one charge per renewal');
    }
  } finally {
    await db.end();
    await fixture.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'worker') await worker(process.argv[3]);
  else await benchRenewals();
}
