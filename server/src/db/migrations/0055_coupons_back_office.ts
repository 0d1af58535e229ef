import { type Kysely, sql } from 'kysely';

/**
 * Issue 30 item 4: coupons issued from the back office.
 *
 * - A coupon's page lists the paid orders that used it, and withdrawing one
 *   asks whether any order did (then it is made inactive, never deleted):
 *   both read orders by coupon, hence the index (partial: most orders have
 *   no coupon).
 * - The table refuses an amount above the back office's $10,000, as it
 *   refuses a percentage outside 1–100 (0010).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create index orders_coupon_id_idx on orders (coupon_id) where coupon_id is not null;
    alter table coupons add constraint coupons_amount_off_max_check check (amount_off_cents <= 1000000);
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    alter table coupons drop constraint coupons_amount_off_max_check;
    drop index orders_coupon_id_idx;
  `.execute(db);
}
