import { type Kysely, sql } from 'kysely';

/**
 * Issue 28: plans and monthly donations after checkout.
 *
 * - recurring_items follows its subscription at the processor: past due
 *   while a renewal's retries last, the end of the period it is paid to,
 *   the card it renews on.
 * - renewal_payments: each renewal that was paid, once per processor
 *   invoice (the family's receipts and giving statement).
 * - payment_events: the processor events already acted on, so a webhook
 *   delivered twice (Stripe sends at least once) changes nothing the second
 *   time.
 * - The test processor's clock is the wall clock plus an offset (spec §3
 *   test_clock), so the billing worker of every server instance reads the
 *   same time; its invoices count attempts and know when the next retry is,
 *   as Stripe's do.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table recurring_items drop constraint recurring_items_status_check;
    alter table recurring_items add constraint recurring_items_status_check
      check (status in ('active', 'past_due', 'cancelled'));
    alter table recurring_items add column current_period_end timestamptz;
    alter table recurring_items add column card_id text;
    alter table recurring_items add column updated_at timestamptz not null default now();
    -- what a cancel now gave back of the period it ended early (spec §4)
    alter table recurring_items add column refunded_cents integer not null default 0 check (refunded_cents >= 0);
    -- a refund decided by a cancel now and not yet confirmed by the processor (retried until it is)
    alter table recurring_items add column refund_owed_cents integer not null default 0 check (refund_owed_cents >= 0);

    create table renewal_payments (
      id integer generated always as identity primary key,
      recurring_item_id integer not null references recurring_items (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      provider text not null check (provider in ('test', 'stripe')),
      invoice_id text not null,
      amount_cents integer not null check (amount_cents > 0),
      paid_at timestamptz not null,
      created_at timestamptz not null default now(),
      unique (provider, invoice_id)
    );
    create index renewal_payments_user_idx on renewal_payments (user_id, paid_at);

    create table payment_events (
      provider text not null check (provider in ('test', 'stripe')),
      event_id text not null,
      type text not null,
      processed_at timestamptz not null default now(),
      primary key (provider, event_id)
    );

    alter table test_processor_clock add column offset_seconds integer not null default 0 check (offset_seconds >= 0);
    alter table test_processor_clock drop column frozen_time;
    alter table test_processor_invoices add column attempt_count integer not null default 0;
    alter table test_processor_invoices add column next_payment_attempt timestamptz;
    alter table test_processor_subscriptions add column retry_at timestamptz;
    alter table test_processor_subscriptions add column billing_cycle_anchor timestamptz;
    create index test_processor_subscriptions_retry on test_processor_subscriptions (retry_at)
      where status = 'past_due';
    alter table test_processor_events add column lease_until timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    alter table test_processor_events drop column lease_until;
    drop index test_processor_subscriptions_retry;
    alter table test_processor_subscriptions drop column billing_cycle_anchor;
    alter table test_processor_subscriptions drop column retry_at;
    alter table test_processor_invoices drop column next_payment_attempt;
    alter table test_processor_invoices drop column attempt_count;
    alter table test_processor_clock drop column offset_seconds;
    alter table test_processor_clock add column frozen_time timestamptz;
    drop table payment_events;
    drop table renewal_payments;
    alter table recurring_items drop column refund_owed_cents;
    alter table recurring_items drop column refunded_cents;
    alter table recurring_items drop column updated_at;
    alter table recurring_items drop column card_id;
    alter table recurring_items drop column current_period_end;
    update recurring_items set status = 'active' where status = 'past_due';
    alter table recurring_items drop constraint recurring_items_status_check;
    alter table recurring_items add constraint recurring_items_status_check check (status in ('active', 'cancelled'));
  `.execute(db);
}
