import { type Kysely, sql } from 'kysely';

/**
 * Issue 40 item 8: a family is told 14 days before a renewal that the saved
 * card it renews on expires before it. One row per plan or monthly donation
 * and renewal date, inserted in the transaction that queues the e-mail: the
 * primary key is the claim, so two servers (or two runs) send it once.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table card_expiry_notices (
      recurring_item_id integer not null references recurring_items (id) on delete cascade,
      renews_at timestamptz not null,
      card_id text not null,
      sent_at timestamptz not null default now(),
      primary key (recurring_item_id, renews_at)
    );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
