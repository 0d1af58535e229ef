import { type Kysely, sql } from 'kysely';

/**
 * A coupon's title in each language (decision 038), as sku_titles (0021)
 * holds the plans', the funds' and the gift card's: coupons.title is its
 * English title, which the back office always asks for and every site shows
 * where no title is given for its language; coupon_titles holds the Spanish
 * and Russian ones the ministry gave. A language left empty has no row.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table coupon_titles (
      coupon_id integer not null references coupons (id) on delete cascade,
      lang_code text not null check (lang_code in ('es', 'ru')),
      title text not null check (btrim(title) <> '' and length(title) <= 200),
      primary key (coupon_id, lang_code)
    );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
