import { type Kysely, sql } from 'kysely';

/**
 * Year-end statements as documents (issue 45, decision 069).
 *
 * - A statement's PDF goes with its e-mail as the outbox keeps attachments
 *   (`mail_outbox.attachments`, migration 0082).
 * - `statement_runs`: the back office's "send the year's statements", one row
 *   per year: a second press finds it and sends nothing again to anyone
 *   already in it (only to donors who first gave since).
 * - `statement_sends`: each donor of that year, claimed by a worker with FOR
 *   UPDATE SKIP LOCKED and marked sent in the transaction that queues the
 *   e-mail, so two servers send each statement once and a restart goes on
 *   where it stopped.
 * - `renewal_failures`: each renewal invoice of a plan or monthly gift whose
 *   charge failed (how often, since when) and when a later retry or a
 *   change of card paid it: what the ministry sees as recovered or at risk.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table statement_runs (
      year integer primary key check (year between 2000 and 2100),
      started_by integer references users(id) on delete set null,
      started_at timestamptz not null default now()
    );

    create table statement_sends (
      year integer not null references statement_runs(year),
      user_id integer not null references users(id) on delete cascade,
      sent_at timestamptz,
      mail_id integer references mail_outbox(id) on delete set null,
      primary key (year, user_id)
    );
    create index statement_sends_pending on statement_sends (year, user_id) where sent_at is null;

    create table renewal_failures (
      provider text not null,
      invoice_id text not null,
      recurring_item_id integer not null references recurring_items(id) on delete cascade,
      amount_cents integer not null check (amount_cents >= 0),
      first_failed_at timestamptz not null default now(),
      failures integer not null default 1 check (failures >= 1),
      recovered_at timestamptz,
      primary key (provider, invoice_id)
    );
    create index renewal_failures_month on renewal_failures (first_failed_at);
    create index renewal_failures_item on renewal_failures (recurring_item_id);
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
