import {
  type LangCode,
  mediaPaths,
  type Order,
  type OrderRenewal,
  type OrderStatus,
  type OrdersResponse,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { periodEnd } from '../../providers/payments/test-processor';
import { isShipped } from '../cart/shipping';
import { ordersWithGiftReceipts } from '../receipts/receipts.service';
import { type Delivery, deliveryReader } from './delivery';
import { type OrderGiftRow, type OrderLineWithRecurring, type OrderRow, ordersRepository } from './orders.repository';

/** Spec §9 Paging: orders a page at a time, from page 1. */
export const ORDERS_PER_PAGE = 10;

/** My orders (issue 13 item 6) and cancelling a monthly donation. */
export function ordersService(db: Db, payments: PaymentProvider) {
  const repo = ordersRepository(db);

  /**
   * The orders as the API answers them, with their lines and gifts (two queries for the whole page), and where each
   * parcel goes, its country named in `lang`.
   */
  async function withDetails(rows: readonly OrderRow[], now: Date, lang: LangCode): Promise<Order[]> {
    const ids = rows.map((r) => r.id);
    const delivery = deliveryReader(db);
    const [lines, gifts, receipted, deliveries] = await Promise.all([
      repo.linesOfOrders(ids),
      repo.giftsOfOrders(ids),
      ordersWithGiftReceipts(db, ids),
      Promise.all(rows.map((o) => delivery(o, lang))),
    ]);
    return rows.map((o, i) => ({
      ...toOrder(
        o,
        lines.filter((l) => l.order_id === o.id),
        gifts.filter((g) => g.order_id === o.id),
        deliveries[i] ?? null,
        now,
      ),
      receipt: receipted.has(o.id),
    }));
  }

  return {
    /** GET /crud/orders?filter_current_user=true&page: the user's orders, newest first. */
    async list(userId: number, page: number, lang: LangCode, now = new Date()): Promise<OrdersResponse> {
      const { rows, total } = await repo.ordersOf(userId, page, ORDERS_PER_PAGE);
      return { items: await withDetails(rows, now, lang), page, per_page: ORDERS_PER_PAGE, total };
    },

    /**
     * GET /crud/orders/{orderId}: one of the user's orders (the confirmation
     * page). Another user's order answers as an unknown one, so an order
     * number says nothing about whose it is.
     */
    async get(userId: number, orderId: number, lang: LangCode, now = new Date()): Promise<Order> {
      const order = await repo.orderOf(userId, orderId);
      if (!order) throw new AppError('not_found', 'order_not_found');
      const [answer] = await withDetails([order], now, lang);
      if (!answer) throw new AppError('not_found', 'order_not_found');
      return answer;
    },

    /**
     * DELETE /crud/recurring-donations/{id}: the owner's monthly donation
     * stops at once at the processor. Another user's id is 404; a second
     * cancel answers as the first.
     */
    async cancelRecurringDonation(userId: number, id: number) {
      const item = await repo.findRecurring(userId, id);
      if (item?.type !== 'recurring_donation') throw new AppError('not_found', 'recurring_donation_not_found');
      if (item.status === 'cancelled') return;
      // The processor first (no transaction held while it answers): a second cancel meanwhile is harmless.
      await payments.cancelSubscription(item.subscription_id, { atPeriodEnd: false });
      await repo.cancelRecurring(id);
    },
  };
}

/**
 * Spec §3 Order: an order row, its lines and its gifts as the API answers
 * them, with what a family asks of it (issue 27 item 8): its number, the
 * kind of each line, where the parcel is, to whom the gifts went and when a
 * plan or monthly donation renews.
 */
function toOrder(
  o: OrderRow,
  lines: readonly OrderLineWithRecurring[],
  gifts: readonly OrderGiftRow[],
  delivery: Delivery | null,
  now: Date,
): Omit<Order, 'receipt'> {
  const posted = lines.filter((l) => isShipped(l.type));
  const shipped = posted.length > 0;
  // Every CD and book of the parcel came back (decision 061): the parcel reads as returned.
  const returned = shipped && posted.every((l) => Number(l.returned_quantity) >= l.quantity);
  return {
    order_id: o.id,
    order_number: o.number,
    status: o.status as OrderStatus,
    order_created_at: iso(o.created_at),
    order_total_usd: toUsd(o.total_cents),
    subtotal_usd: toUsd(o.subtotal_cents),
    discount_usd: toUsd(o.discount_cents),
    coupon_title: o.coupon_title,
    shipping_usd: toUsd(o.shipping_cents),
    tax_usd: toUsd(o.tax_cents),
    gift_card_usd: toUsd(o.gift_card_cents),
    card_last4: o.card_last4,
    items: lines.map((l) => ({
      type: l.type,
      title: l.product_title && l.product_title !== l.title ? `${l.product_title}: ${l.title}` : l.title,
      quantity: l.quantity,
      subtotal_usd: toUsd(l.subtotal_cents),
      recurring_donation_id: l.type === 'recurring_donation' ? (l.recurring_id ?? null) : null,
      recurring_donation_is_cancelled: l.type === 'recurring_donation' ? l.recurring_status === 'cancelled' : null,
      is_shipped: isShipped(l.type),
      recipient_name: l.type === 'gift_card' ? l.recipient_name : null,
      renewal: renewalOf(l, now),
      returned_quantity: Number(l.returned_quantity),
      cover_url: l.cover ? mediaPaths.image(l.cover) : null,
      library_album_id: l.in_library ? l.product_id : null,
      track_id: l.type === 'digital_track' ? l.sku_id : null,
    })),
    shipment: shipped
      ? {
          status: returned ? 'returned' : o.shipped_at ? 'shipped' : 'preparing',
          shipped_at: o.shipped_at ? iso(o.shipped_at) : null,
          carrier: o.carrier,
          tracking_number: o.tracking_number,
          tracking_url: o.tracking_url,
          ship_to: delivery?.lines ?? [],
          // An estimate is said while the parcel is prepared; once it left, its shipping date and tracking say more.
          arrives:
            delivery?.window && !o.shipped_at && !returned
              ? { from: day(delivery.window.from), by: day(delivery.window.by) }
              : null,
        }
      : null,
    gifts: gifts.map((g) => ({
      kind: g.kind === 'gift_card' ? 'gift_card' : 'downloads',
      recipient_name: g.recipient_name,
      recipient_email: g.recipient_email,
      is_claimed: g.claimed_at !== null,
    })),
  };
}

/**
 * A plan's or monthly donation's renewal: the date its processor bills it
 * next, as the local record follows it (subscriptions module), none once it
 * ended or while a cancel at the period's end is pending. A record from
 * before the processor's periods were kept counts from its start: one
 * interval after, then every interval, on the same day of the month (the
 * last day in a shorter month), as both processors do; so does a period
 * end already past (its event not in yet).
 */
function renewalOf(l: OrderLineWithRecurring, now: Date): OrderRenewal | null {
  if (l.recurring_id === null || !l.recurring_started_at) return null;
  const interval = l.recurring_interval === 'year' ? 'year' : 'month';
  const cancelled = l.recurring_status === 'cancelled';
  let next: Date | null = null;
  if (!cancelled && !l.recurring_cancel_at) {
    // From the period the record knows (rolled on should an event be late), or from the start.
    const from = new Date(l.recurring_period_end ?? l.recurring_started_at);
    let n = l.recurring_period_end ? 0 : 1;
    next = periodEnd(from, interval, n);
    while (next <= now) next = periodEnd(from, interval, ++n);
  }
  return { interval, next_renewal_at: next ? next.toISOString() : null, is_cancelled: cancelled };
}

const iso = (at: Date | string) => new Date(at).toISOString();
/** A calendar day, YYYY-MM-DD (UTC). */
const day = (at: Date) => at.toISOString().slice(0, 10);
