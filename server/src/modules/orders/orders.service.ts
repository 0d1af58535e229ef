import type { Order, OrderStatus, OrdersResponse } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { type OrderLineWithRecurring, type OrderRow, ordersRepository } from './orders.repository';

/** Spec §9 Paging: orders a page at a time, from page 1. */
export const ORDERS_PER_PAGE = 10;

/** My orders (issue 13 item 6) and cancelling a monthly donation. */
export function ordersService(db: Db, payments: PaymentProvider) {
  const repo = ordersRepository(db);

  return {
    /** GET /crud/orders?filter_current_user=true&page: the user's orders, newest first. */
    async list(userId: number, page: number): Promise<OrdersResponse> {
      const { rows, total } = await repo.ordersOf(userId, page, ORDERS_PER_PAGE);
      const lines = await repo.linesOfOrders(rows.map((r) => r.id));
      const items = rows.map((o) =>
        toOrder(
          o,
          lines.filter((l) => l.order_id === o.id),
        ),
      );
      return { items, page, per_page: ORDERS_PER_PAGE, total };
    },

    /**
     * GET /crud/orders/{orderId}: one of the user's orders (the confirmation
     * page). Another user's order answers as an unknown one, so an order
     * number says nothing about whose it is.
     */
    async get(userId: number, orderId: number): Promise<Order> {
      const order = await repo.orderOf(userId, orderId);
      if (!order) throw new AppError('not_found', 'order_not_found');
      return toOrder(order, await repo.linesOfOrders([order.id]));
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

/** Spec §3 Order: an order row and its lines as the API answers them. */
function toOrder(o: OrderRow, lines: readonly OrderLineWithRecurring[]): Order {
  return {
    order_id: o.id,
    status: o.status as OrderStatus,
    order_created_at: new Date(o.created_at).toISOString(),
    order_total_usd: toUsd(o.total_cents),
    subtotal_usd: toUsd(o.subtotal_cents),
    discount_usd: toUsd(o.discount_cents),
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
    })),
  };
}
