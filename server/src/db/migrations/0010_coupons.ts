import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 item 2: coupons (spec §3 Coupon) and the one a cart holds. A
 * code is matched whatever its case, so two codes differing only in case
 * cannot both exist. A coupon takes a percentage or an amount off, never
 * both. Redemptions are counted when an order is paid (checkout), and the
 * check keeps them within the limit even if two payments race. Deleting a
 * coupon leaves the carts that held it without one.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table coupons (
      id integer generated always as identity primary key,
      code text not null,
      title text not null,
      percent_off integer check (percent_off between 1 and 100),
      amount_off_cents integer check (amount_off_cents > 0),
      expires_at timestamptz,
      max_redemptions integer check (max_redemptions > 0),
      redemptions integer not null default 0 check (redemptions >= 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      check (num_nonnulls(percent_off, amount_off_cents) = 1),
      check (max_redemptions is null or redemptions <= max_redemptions)
    );
    create unique index coupons_code_key on coupons (lower(code));

    alter table carts add column coupon_id integer references coupons (id) on delete set null;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
