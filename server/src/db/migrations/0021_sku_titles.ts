import { type Kysely, sql } from 'kysely';

/**
 * Issue 26 item 14: every line the family reads is in the site's language.
 * An album's skus are in their product's language (products.lang_code), but
 * the gift card, the subscription plans and the donation funds belong to
 * every site: each has a title per language here, which the ministry sets
 * (and will edit) like any other catalogue text, and which the cart, the
 * checkout and so the order and its receipt show in the language of the
 * site that asks. skus.title stays the name the shop knows the sku by, and
 * what a line shows where no title is given for its language.
 *
 * A donation line keeps the title the family gave it under (a Donations
 * page block's, in that page's language): cart_amount_lines.lang_code says
 * which language that is, so the line reads as given on that language's
 * site and by its fund's title on the others. Null for the lines written
 * before: their language is not known.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table sku_titles (
      sku_id integer not null references skus (id) on delete cascade,
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      title text not null check (btrim(title) <> '' and length(title) <= 200),
      primary key (sku_id, lang_code)
    );
    alter table cart_amount_lines add column lang_code text check (lang_code in ('en', 'es', 'ru'));
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
