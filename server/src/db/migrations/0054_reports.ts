import { type Kysely, sql } from 'kysely';

/**
 * Issue 29 item 5: the back office's reports read a range of days by when
 * money moved: orders by the day they were paid, refunds by the day they were
 * made, renewals by the day they were paid. Each gets an index on that time,
 * and an order's lines carry what the reports add up, so a year of orders is
 * read from the indexes without visiting the tables' rows.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create index orders_paid_idx on orders (paid_at) include (id, status, lang_code, shipping_cents, tax_cents, coupon_code, discount_cents, total_cents)
      where paid_at is not null;
    create index order_lines_money_idx on order_lines (order_id) include (type, quantity, subtotal_cents, discount_cents);
    create index order_refunds_created_idx on order_refunds (created_at);
    create index renewal_payments_paid_idx on renewal_payments (paid_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    drop index renewal_payments_paid_idx;
    drop index order_refunds_created_idx;
    drop index order_lines_money_idx;
    drop index orders_paid_idx;
  `.execute(db);
}
