import { type Kysely, sql } from 'kysely';

/**
 * Stock and returns for what is posted (decision 061).
 *
 * - skus.stock: how many copies of a CD or a book the ministry has on its
 *   shelf; null (every sku until the back office counts one) is "not
 *   tracked": always for sale. Only a posted sku (physical, book) has one.
 *   What a pending order holds is not subtracted here: it is read from the
 *   pending orders themselves (few, found by orders_pending_idx), and the
 *   count goes down in the transaction that marks the order paid.
 * - skus.low_stock_threshold: at or below it, the product is on the back
 *   office's low-stock list and in the ministry's daily e-mail.
 * - return_reasons (+ titles in Spanish and Russian, as coupon_titles): the
 *   list the ministry edits; a retired reason is offered no more, and the
 *   returns that gave it keep it.
 * - order_returns / order_return_lines: a parcel (or part of it) that came
 *   back: which lines and how many, why, whether it went back on the shelf,
 *   who recorded it, and the refund given from it (one at most).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table skus add column stock integer check (stock between 0 and 1000000);
    alter table skus add column low_stock_threshold integer not null default 5
      check (low_stock_threshold between 0 and 1000000);
    alter table skus add constraint skus_stock_posted check (stock is null or type in ('physical', 'book'));

    create table return_reasons (
      id integer generated always as identity primary key,
      title text not null check (btrim(title) <> '' and length(title) <= 100),
      position integer not null default 0,
      retired_at timestamptz,
      created_at timestamptz not null default now()
    );
    create table return_reason_titles (
      reason_id integer not null references return_reasons (id) on delete cascade,
      lang_code text not null check (lang_code in ('es', 'ru')),
      title text not null check (btrim(title) <> '' and length(title) <= 100),
      primary key (reason_id, lang_code)
    );

    create table order_returns (
      id integer generated always as identity primary key,
      order_id integer not null references orders (id) on delete restrict,
      reason_id integer not null references return_reasons (id) on delete restrict,
      restock boolean not null,
      admin_id integer references users (id) on delete set null,
      admin_email text not null,
      refund_id integer unique references order_refunds (id) on delete restrict,
      created_at timestamptz not null default now()
    );
    create index order_returns_order_idx on order_returns (order_id);
    create table order_return_lines (
      return_id integer not null references order_returns (id) on delete cascade,
      order_line_id integer not null references order_lines (id) on delete restrict,
      quantity integer not null check (quantity > 0),
      primary key (return_id, order_line_id)
    );
    create index order_return_lines_line_idx on order_return_lines (order_line_id);
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
