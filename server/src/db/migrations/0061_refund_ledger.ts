import { type Kysely, sql } from 'kysely';

/**
 * Issue 40 items 1 to 3 (decision 036): one ledger of the money given back
 * per order, whoever gave it.
 *
 * - A gift card bought in an order is tied to its order line, and a refund
 *   of that line records on the gift what it took back of the card (its
 *   unspent balance, in the refund's own transaction): a claimed card keeps
 *   the rest of nothing, an unclaimed one can no longer be claimed. A refund
 *   the processor refused gives it back.
 * - A family's cancel now is a refund of its order (source 'cancellation').
 * - A refund records the shipping it gave back, so shipping is refunded
 *   only when the volunteer chose it, and only once.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table gifts add column order_line_id integer unique references order_lines (id) on delete restrict;
    update gifts g set order_line_id = m.line_id
      from (
        select c.id as gift_id, l.id as line_id
        from (
          select id, order_id, recipient_email, amount_cents,
                 row_number() over (partition by order_id, recipient_email, amount_cents order by id) as n
          from gifts where kind = 'gift_card'
        ) c
        join (
          select id, order_id, recipient_email, subtotal_cents,
                 row_number() over (partition by order_id, recipient_email, subtotal_cents order by position) as n
          from order_lines where type = 'gift_card'
        ) l on l.order_id = c.order_id and l.recipient_email = c.recipient_email
           and l.subtotal_cents = c.amount_cents and l.n = c.n
      ) m
      where g.id = m.gift_id;
    alter table gifts add column refund_id integer references order_refunds (id) on delete restrict;
    alter table gifts add column refunded_cents integer not null default 0 check (refunded_cents >= 0);
    alter table order_refunds add column shipping_cents integer not null default 0 check (shipping_cents >= 0);
    alter table order_refunds drop constraint order_refunds_source_check;
    alter table order_refunds add constraint order_refunds_source_check
      check (source in ('admin', 'processor', 'cancellation'));
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
