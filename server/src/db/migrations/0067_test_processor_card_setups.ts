import { type Kysely, sql } from 'kysely';

/**
 * Issue 40 item 8: a card added without a purchase goes through a setup, as
 * Stripe's SetupIntent: the built-in test processor keeps each one, so a
 * card that asks for 3-D Secure (…3184) waits for the cardholder before it
 * is saved. The token is spent when the setup is made; the card exists only
 * once the setup succeeded.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table test_processor_setups (
      id text primary key check (id ~ '^seti_[0-9a-f]{24}$'),
      customer_id text not null references test_processor_customers (id),
      token_id text not null unique references test_processor_tokens (id),
      client_secret text not null,
      status text not null check (status in ('requires_action', 'succeeded', 'failed')),
      card_id text references test_processor_cards (id),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint test_processor_setups_card_check check ((status = 'succeeded') = (card_id is not null))
    );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
