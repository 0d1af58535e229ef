import { type Kysely, sql } from 'kysely';

/**
 * Issue 26 item 12: a card the family asked to keep is saved only once its
 * charge succeeds (Stripe's setup_future_usage). The built-in test
 * processor remembers the ask on the payment, so a charge that succeeds
 * later (after 3-D Secure) saves the card then, and one that fails never does.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table test_processor_payments add column save_card boolean not null default false;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
