import { type Kysely, sql } from 'kysely';

/**
 * Issue 13: the built-in test processor's own tables (providers/payments/
 * test-processor.ts), the card processor of development and tests, shaped
 * like Stripe's test mode. They stand for another system: nothing of ours
 * references them and they reference nothing of ours (a customer's user_id
 * is the processor's metadata, not a foreign key).
 *
 * - tokens are the vault: brand, last4, expiry, name and what the test
 *   number does (its behaviour), never the number itself. A token is
 *   single-use: used_at is set once, in the same transaction that saves it as
 *   a card or charges it.
 * - payments (Stripe's PaymentIntents) are unique by idempotency key, with a
 *   hash of the request, so a repeated charge answers the first one and a
 *   different request under the same key is refused. amount_refunded_cents
 *   is raised in the same transaction as each refund is written, and can
 *   never pass the amount (the check below, whatever code writes it).
 * - subscriptions bill one invoice per period (unique period start), so two
 *   clock advances racing cannot bill a period twice.
 * - events are what a webhook would report, kept until delivered.
 * - the clock is one row: null follows real time; advanceClock freezes it at
 *   a later time (Stripe's test clocks only move forward).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table test_processor_clock (
      id boolean primary key default true check (id),
      frozen_time timestamptz
    );
    insert into test_processor_clock default values;

    create table test_processor_customers (
      id text primary key check (id ~ '^cus_[0-9a-f]{24}$'),
      user_id integer,
      email text not null check (char_length(email) <= 254),
      name text not null check (char_length(name) <= 300),
      created_at timestamptz not null
    );

    create table test_processor_tokens (
      id text primary key check (id ~ '^tok_[0-9a-f]{24}$'),
      brand text not null check (brand in ('visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay')),
      last4 text not null check (last4 ~ '^[0-9]{4}$'),
      exp_month integer not null check (exp_month between 1 and 12),
      exp_year integer not null check (exp_year between 2000 and 2100),
      name text not null check (char_length(name) between 1 and 100),
      behaviour text not null check (behaviour in (
        'succeeds', 'card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc',
        'processing_error', 'charge_fails', 'requires_authentication'
      )),
      created_at timestamptz not null,
      used_at timestamptz,
      used_by text references test_processor_customers (id),
      constraint test_processor_tokens_used_check check ((used_at is null) = (used_by is null))
    );

    -- a saved card is a used token attached to a customer: its details are the token's
    create table test_processor_cards (
      id text primary key check (id ~ '^card_[0-9a-f]{24}$'),
      customer_id text not null references test_processor_customers (id),
      token_id text not null unique references test_processor_tokens (id),
      created_at timestamptz not null,
      detached_at timestamptz,
      unique (id, customer_id)
    );
    create index test_processor_cards_customer on test_processor_cards (customer_id);

    create table test_processor_payments (
      id text primary key check (id ~ '^pi_[0-9a-f]{24}$'),
      customer_id text not null references test_processor_customers (id),
      card_id text references test_processor_cards (id),
      token_id text references test_processor_tokens (id),
      amount_cents integer not null check (amount_cents > 0),
      amount_refunded_cents integer not null default 0,
      status text not null check (status in ('succeeded', 'requires_action', 'failed', 'canceled')),
      failure_code text check (failure_code in (
        'card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'incorrect_number',
        'processing_error', 'authentication_failed', 'token_invalid', 'card_not_found'
      )),
      client_secret text not null,
      description text not null default '',
      idempotency_key text not null check (char_length(idempotency_key) between 1 and 255),
      request_hash text not null,
      metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
      order_id text generated always as (metadata ->> 'order_id') stored,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint test_processor_payments_idempotency_key unique (idempotency_key),
      constraint test_processor_payments_source_check check (num_nonnulls(card_id, token_id) <= 1),
      constraint test_processor_payments_failure_check check ((status = 'failed') = (failure_code is not null)),
      constraint test_processor_payments_refund_check check (
        amount_refunded_cents between 0 and amount_cents and (amount_refunded_cents = 0 or status = 'succeeded')
      )
    );
    create index test_processor_payments_order on test_processor_payments (order_id);

    create table test_processor_refunds (
      id text primary key check (id ~ '^re_[0-9a-f]{24}$'),
      payment_id text not null references test_processor_payments (id),
      amount_cents integer not null check (amount_cents > 0),
      idempotency_key text not null check (char_length(idempotency_key) between 1 and 255),
      request_hash text not null,
      created_at timestamptz not null,
      constraint test_processor_refunds_idempotency_key unique (idempotency_key)
    );
    create index test_processor_refunds_payment on test_processor_refunds (payment_id);

    create table test_processor_subscriptions (
      id text primary key check (id ~ '^sub_[0-9a-f]{24}$'),
      customer_id text not null references test_processor_customers (id),
      card_id text not null,
      product_code text not null check (char_length(product_code) between 1 and 100),
      product_name text not null check (char_length(product_name) between 1 and 300),
      amount_cents integer not null check (amount_cents > 0),
      interval text not null check (interval in ('month', 'year')),
      status text not null check (status in ('active', 'past_due', 'canceled', 'incomplete')),
      current_period_start timestamptz not null,
      current_period_end timestamptz not null,
      cancel_at timestamptz,
      canceled_at timestamptz,
      trial_end timestamptz,
      metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
      idempotency_key text not null check (char_length(idempotency_key) between 1 and 255),
      request_hash text not null,
      created_at timestamptz not null,
      constraint test_processor_subscriptions_idempotency_key unique (idempotency_key),
      -- the card it charges is its customer's
      constraint test_processor_subscriptions_card_fkey foreign key (card_id, customer_id)
        references test_processor_cards (id, customer_id),
      constraint test_processor_subscriptions_period_check check (current_period_end > current_period_start),
      constraint test_processor_subscriptions_canceled_check check ((status = 'canceled') = (canceled_at is not null))
    );
    create index test_processor_subscriptions_customer on test_processor_subscriptions (customer_id);
    create index test_processor_subscriptions_due on test_processor_subscriptions (current_period_end)
      where status in ('active', 'past_due');

    create table test_processor_invoices (
      id text primary key check (id ~ '^in_[0-9a-f]{24}$'),
      subscription_id text not null references test_processor_subscriptions (id),
      amount_cents integer not null check (amount_cents >= 0),
      status text not null check (status in ('draft', 'open', 'paid', 'void', 'uncollectible')),
      period_start timestamptz not null,
      period_end timestamptz not null check (period_end > period_start),
      payment_id text references test_processor_payments (id),
      created_at timestamptz not null,
      constraint test_processor_invoices_period_key unique (subscription_id, period_start)
    );
    create index test_processor_invoices_newest on test_processor_invoices (subscription_id, created_at desc, id desc);

    create table test_processor_events (
      id text primary key check (id ~ '^evt_[0-9a-f]{24}$'),
      type text not null check (type in (
        'payment.succeeded', 'payment.failed', 'invoice.paid', 'invoice.payment_failed',
        'subscription.updated', 'subscription.deleted'
      )),
      payload jsonb not null,
      created_at timestamptz not null,
      delivered_at timestamptz,
      delivery_attempts integer not null default 0,
      last_error text
    );
    create index test_processor_events_pending on test_processor_events (created_at) where delivered_at is null;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
