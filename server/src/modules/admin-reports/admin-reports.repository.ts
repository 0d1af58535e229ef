import { giftTypes, type ReportInterval } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Titles } from '../../lib/titles';

/** Half-open instants: from the first day's midnight (UTC) to the midnight after the last day. */
export type Span = { lo: Date; hi: Date };

/** A paid order, refunded since or not: its sale counts the day it was paid, a refund the day it was made. */
const paidStatuses = ['paid', 'partially_refunded', 'refunded'];
const gifts = [...giftTypes];

/** Sums come back from PostgreSQL as bigint strings, counts too: numbers here. */
const n = (v: unknown) => Number(v ?? 0);

/**
 * Issue 29 item 5: the reports, each one statement computed by PostgreSQL
 * over a range of days (decision 025). Money is cents; the service turns it
 * into dollars and rows.
 */
export function adminReportsRepository(db: Db) {
  /** Paid orders in the span: the orders_paid_idx range every report starts from. */
  const paidIn = ({ lo, hi }: Span) => sql`o.paid_at >= ${lo} and o.paid_at < ${hi} and o.status = any(${paidStatuses}::text[])`;
  /**
   * What a plan cancelled early gave back that its order's refunds do not
   * already hold: a cancel that writes its refund into the order's ledger
   * (source 'cancellation', its line named) is counted there, once, and only
   * the rest (older cancels, refunds of renewal charges) here.
   */
  const planRefund = sql`(r.refunded_cents - coalesce((
      select sum(f.amount_cents + f.gift_card_cents) from order_refunds f
      where f.order_id = r.order_id and f.source = 'cancellation' and f.status <> 'failed'
        and r.order_line_id = any(f.line_ids)), 0))`;
  /** Plan cancellations that gave money back, the day they were made. */
  const cancelRefundsIn = ({ lo, hi }: Span) =>
    sql`r.refunded_cents > 0 and r.cancelled_at >= ${lo} and r.cancelled_at < ${hi} and ${planRefund} > 0`;
  /**
   * Refunds of orders made in the span, whoever made them (the back office,
   * the processor's dashboard, a family's cancel), except the ones the
   * processor refused: nothing went back.
   */
  const refundsIn = ({ lo, hi }: Span) => sql`f.status <> 'failed' and f.created_at >= ${lo} and f.created_at < ${hi}`;

  return {
    /**
     * Where the money stands, cheaply (each part one step of an index or a
     * small table): the last payment, refund and renewal, failed refunds and
     * plan refunds. Any money moving changes it, so a report kept under it
     * is never stale.
     */
    async moneyVersion(): Promise<string> {
      const { rows } = await sql<Record<string, unknown>>`
        select (select max(paid_at) from orders where paid_at is not null) as paid,
          (select max(id) from order_refunds) as refund,
          (select count(*) from order_refunds where status = 'failed') as failed,
          (select max(paid_at) from renewal_payments) as renewal,
          (select sum(refunded_cents) from recurring_items) as plan_refunds`.execute(db);
      return JSON.stringify(rows[0] ?? {});
    },

    /**
     * Every period of the span, empty ones too: orders, sales, gifts, shipping, tax, what gift cards paid
     * and refunds to cards. A gift card is money when it is sold, so what it pays of an order brought no
     * new money in, and what a refund gives back to it takes none out (decision 026).
     */
    async sales(span: Span, interval: ReportInterval) {
      const step = sql`date_trunc(${interval}, `;
      const { rows } = await sql<Record<string, unknown>>`
        with orders_in as (
          select ${step}o.paid_at at time zone 'UTC') as start, count(*) as orders,
            sum(o.shipping_cents) as shipping, sum(o.tax_cents) as tax, sum(o.gift_card_cents) as gift_cards
          from orders o where ${paidIn(span)} group by 1
        ), lines_in as (
          select ${step}o.paid_at at time zone 'UTC') as start,
            sum(l.subtotal_cents - l.discount_cents) filter (where l.type <> all(${gifts}::text[])) as sales,
            sum(l.subtotal_cents - l.discount_cents) filter (where l.type = any(${gifts}::text[])) as gifts
          from orders o join order_lines l on l.order_id = o.id where ${paidIn(span)} group by 1
        ), renewals_in as (
          select ${step}p.paid_at at time zone 'UTC') as start,
            sum(p.amount_cents) filter (where r.type <> all(${gifts}::text[])) as sales,
            sum(p.amount_cents) filter (where r.type = any(${gifts}::text[])) as gifts
          from renewal_payments p join recurring_items r on r.id = p.recurring_item_id
          where p.paid_at >= ${span.lo} and p.paid_at < ${span.hi} group by 1
        ), refunds_in as (
          select start, sum(cents) as refunds from (
            select ${step}f.created_at at time zone 'UTC') as start, f.amount_cents as cents
            from order_refunds f where ${refundsIn(span)}
            union all
            select ${step}r.cancelled_at at time zone 'UTC'), ${planRefund}
            from recurring_items r where ${cancelRefundsIn(span)}
          ) made group by 1
        ), periods as (
          select generate_series(
            ${step}${span.lo}::timestamptz at time zone 'UTC'),
            ${step}(${span.hi}::timestamptz at time zone 'UTC') - interval '1 day'),
            ('1 ' || ${interval})::interval
          ) as start
        )
        select to_char(p.start, 'YYYY-MM-DD') as start, o.orders, o.shipping, o.tax, l.sales, l.gifts,
          rn.sales as renewal_sales, rn.gifts as renewal_gifts, rf.refunds, o.gift_cards
        from periods p
        left join orders_in o using (start)
        left join lines_in l using (start)
        left join renewals_in rn using (start)
        left join refunds_in rf using (start)
        order by p.start`.execute(db);
      return rows.map((r) => ({
        start: String(r.start),
        orders: n(r.orders),
        sales: n(r.sales) + n(r.renewal_sales),
        gifts: n(r.gifts) + n(r.renewal_gifts),
        shipping: n(r.shipping),
        tax: n(r.tax),
        giftCards: n(r.gift_cards),
        refunds: n(r.refunds),
      }));
    },

    /** Per kind: units, payments (orders with it, and renewals) and money, renewals of plans and monthly gifts included. */
    async kinds(span: Span) {
      const { rows } = await sql<Record<string, unknown>>`
        select kind, sum(quantity) as quantity, sum(payments) as payments, sum(cents) as cents from (
          select l.type as kind, sum(l.quantity) as quantity, count(distinct o.id) as payments,
            sum(l.subtotal_cents - l.discount_cents) as cents
          from orders o join order_lines l on l.order_id = o.id where ${paidIn(span)} group by l.type
          union all
          select r.type, count(*), count(*), sum(p.amount_cents)
          from renewal_payments p join recurring_items r on r.id = p.recurring_item_id
          where p.paid_at >= ${span.lo} and p.paid_at < ${span.hi} group by r.type
        ) kinds group by kind order by sum(cents) desc, kind`.execute(db);
      return rows.map((r) => ({ kind: String(r.kind), quantity: n(r.quantity), payments: n(r.payments), cents: n(r.cents) }));
    },

    /**
     * Per language site an order was placed on: its orders, sales and gifts
     * (a renewal counts on the site of the order that started it) and the
     * refunds made of its orders.
     */
    async sites(span: Span) {
      const { rows } = await sql<Record<string, unknown>>`
        select lang, sum(orders) as orders, sum(sales) as sales, sum(gifts) as gifts, sum(refunds) as refunds from (
          select o.lang_code as lang, count(distinct o.id) as orders,
            sum(l.subtotal_cents - l.discount_cents) filter (where l.type <> all(${gifts}::text[])) as sales,
            sum(l.subtotal_cents - l.discount_cents) filter (where l.type = any(${gifts}::text[])) as gifts, 0 as refunds
          from orders o join order_lines l on l.order_id = o.id where ${paidIn(span)} group by o.lang_code
          union all
          select o.lang_code, 0, sum(p.amount_cents) filter (where r.type <> all(${gifts}::text[])),
            sum(p.amount_cents) filter (where r.type = any(${gifts}::text[])), 0
          from renewal_payments p join recurring_items r on r.id = p.recurring_item_id join orders o on o.id = r.order_id
          where p.paid_at >= ${span.lo} and p.paid_at < ${span.hi} group by o.lang_code
          union all
          select o.lang_code, 0, 0, 0, sum(f.amount_cents + f.gift_card_cents)
          from order_refunds f join orders o on o.id = f.order_id where ${refundsIn(span)} group by o.lang_code
          union all
          select o.lang_code, 0, 0, 0, sum(${planRefund})
          from recurring_items r join orders o on o.id = r.order_id where ${cancelRefundsIn(span)} group by o.lang_code
        ) sites group by lang order by lang`.execute(db);
      return rows.map((r) => ({
        lang: String(r.lang),
        orders: n(r.orders),
        sales: n(r.sales),
        gifts: n(r.gifts),
        refunds: n(r.refunds),
      }));
    },

    /** Per coupon code on paid orders: how many, what it took off, what those orders came to. */
    async coupons(span: Span) {
      const { rows } = await sql<Record<string, unknown>>`
        select used.*, (select jsonb_object_agg(ct.lang_code, ct.title) from coupon_titles ct
          where ct.coupon_id = used.coupon_id) as titles
        from (
          select o.coupon_code as code, max(c.id) as coupon_id, max(c.title) as title, count(*) as orders,
            sum(o.discount_cents) as discount, sum(o.total_cents + o.gift_card_cents) as total
          from orders o left join coupons c on c.id = o.coupon_id
          where ${paidIn(span)} and o.coupon_code is not null
          group by o.coupon_code
        ) used order by used.orders desc, used.code`.execute(db);
      return rows.map((r) => ({
        code: String(r.code),
        title: r.title === null ? null : String(r.title),
        titles: (r.titles ?? null) as Titles | null,
        orders: n(r.orders),
        discount: n(r.discount),
        total: n(r.total),
      }));
    },

    /** Every refund made in the span, newest first, with its order and family. */
    async refunds(span: Span) {
      const { rows } = await sql<Record<string, unknown>>`
        select * from (
          select f.created_at as at, o.id as order_id, o.number, u.email, trim(u.fname || ' ' || u.lname) as name,
            f.amount_cents as card, f.gift_card_cents as gift_card, f.source, f.status, f.id as sort_id
          from order_refunds f join orders o on o.id = f.order_id join users u on u.id = o.user_id
          where f.created_at >= ${span.lo} and f.created_at < ${span.hi}
          union all
          select r.cancelled_at, o.id, o.number, u.email, trim(u.fname || ' ' || u.lname),
            ${planRefund}, 0, 'cancellation', 'done', -r.id
          from recurring_items r join orders o on o.id = r.order_id join users u on u.id = r.user_id
          where ${cancelRefundsIn(span)}
        ) made order by at desc, sort_id desc`.execute(db);
      return rows.map((r) => ({
        at: new Date(r.at as string | Date),
        orderId: n(r.order_id),
        number: String(r.number),
        email: String(r.email),
        name: String(r.name),
        card: n(r.card),
        giftCard: n(r.gift_card),
        source: String(r.source),
        status: String(r.status),
      }));
    },
  };
}

export type AdminReportsRepository = ReturnType<typeof adminReportsRepository>;
