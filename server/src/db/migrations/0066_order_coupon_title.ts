import { type Kysely, sql } from 'kysely';

/**
 * An order keeps what was bought (decision 038): the title of its coupon as
 * the family read it, in the order's language, beside its code, so My
 * orders and the receipt name the discount as it was given even if the
 * ministry later renames or withdraws the coupon. Orders written before read
 * their coupon's title now, in their language, else its English one.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table orders add column coupon_title text;
    update orders o set coupon_title = coalesce(
      (select ct.title from coupon_titles ct where ct.coupon_id = o.coupon_id and ct.lang_code = o.lang_code),
      (select c.title from coupons c where c.id = o.coupon_id))
    where o.coupon_id is not null;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
