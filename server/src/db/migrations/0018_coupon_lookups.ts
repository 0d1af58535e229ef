import { type Kysely, sql } from 'kysely';

/**
 * Issue 26 item 3: the coupons each session found by their code (GET
 * /crud/coupon/code/{code}). Applying a coupon to the cart (POST
 * /crud/cart-session/coupons {coupon_id}) takes only one of these, so a
 * coupon cannot be applied by guessing small ids past the code look-up's
 * rate limit. In the database, not in memory: any server instance may
 * answer the look-up and another the apply. Gone with the session, or with
 * the coupon.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table coupon_lookups (
      session_id text not null references sessions (id) on delete cascade,
      coupon_id integer not null references coupons (id) on delete cascade,
      looked_up_at timestamptz not null default now(),
      primary key (session_id, coupon_id)
    );
    create index coupon_lookups_coupon_id_idx on coupon_lookups (coupon_id);
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
