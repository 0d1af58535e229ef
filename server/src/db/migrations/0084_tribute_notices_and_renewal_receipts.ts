import { type Kysely, sql } from 'kysely';

/**
 * Issue 45, the rest of "giving a ministry can rely on" (decision 070).
 *
 * - A donation's tribute (`tribute`, jsonb: kind, honoree and the optional
 *   notice to a person the donor names: name, e-mail, whether it says the
 *   amount) and "don't show my name" (`anonymous`), on the cart's line and
 *   copied to the order's line. `tribute_notice_sent_at` claims the notice:
 *   set in the transaction that queues its e-mail, so it goes once.
 * - `gift_receipts` also holds the receipt of each paid renewal of a monthly
 *   gift (`renewal_payment_id`), so one table and one unique (year, serial)
 *   keep Canadian serial numbers unique and gap-free across first gifts and
 *   renewals. A row is an order's or a renewal's, never both.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table cart_amount_lines add column tribute jsonb;
    alter table cart_amount_lines add column anonymous boolean not null default false;
    alter table order_lines add column tribute jsonb;
    alter table order_lines add column anonymous boolean not null default false;
    alter table order_lines add column tribute_notice_sent_at timestamptz;

    alter table gift_receipts drop constraint gift_receipts_pkey;
    alter table gift_receipts alter column order_id drop not null;
    alter table gift_receipts add column renewal_payment_id integer references renewal_payments(id) on delete cascade;
    alter table gift_receipts add constraint gift_receipts_order_key unique (order_id);
    alter table gift_receipts add constraint gift_receipts_renewal_key unique (renewal_payment_id);
    alter table gift_receipts add constraint gift_receipts_one_of check ((order_id is null) <> (renewal_payment_id is null));
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
