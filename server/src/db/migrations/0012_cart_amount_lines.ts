import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 items 4 and 5: lines whose amount the family chooses. A
 * donation or a gift card is an sku of its own (its fund's code, or the
 * gift card), but the price is the family's: it lives on the line, with
 * the line's title and dedication, and a gift card's recipient. A cart may
 * hold several donations to one fund (in memory of one, in honor of
 * another), so a line has its own id. The type is copied from the sku so
 * the database itself keeps one gift card per cart and a recipient on
 * every gift card line (and on no other).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table cart_amount_lines (
      id integer generated always as identity primary key,
      cart_id integer not null references carts (id) on delete cascade,
      sku_id integer not null references skus (id) on delete cascade,
      type text not null check (type in ('donation', 'recurring_donation', 'gift_card')),
      -- integer cents: at least a cent, at most $100,000 (a gift card at most $500)
      amount_cents integer not null check (amount_cents between 1 and 10000000),
      title text not null check (title <> ''),
      description text not null default '',
      recipient_name text,
      recipient_email text,
      recipient_message text,
      added_at timestamptz not null default now(),
      check (type <> 'gift_card' or amount_cents <= 50000),
      constraint cart_amount_lines_recipient_check check (
        (type = 'gift_card' and recipient_name is not null and recipient_email is not null and recipient_message is not null)
        or (type <> 'gift_card' and recipient_name is null and recipient_email is null and recipient_message is null)
      )
    );
    create index cart_amount_lines_cart_idx on cart_amount_lines (cart_id, added_at);
    create unique index cart_amount_lines_one_gift_card on cart_amount_lines (cart_id) where type = 'gift_card';
    -- a fund (or the gift card) is found by its type and code
    create unique index skus_type_code_key on skus (type, code)
      where code is not null and type in ('donation', 'recurring_donation', 'gift_card');
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
