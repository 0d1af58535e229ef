import type { Db } from '../../db/database';
import type { PaymentEvent } from '../../providers/payments/payment-provider';
import { ordersRepository } from './orders.repository';
import type { PurchasesService } from './purchases.service';

/** A pending order untouched this long is asked about at the processor (a charge takes seconds). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** …and given up on after this long without a charge that succeeded (3-D Secure left unfinished). */
export const GIVE_UP_AFTER_MS = 30 * 60_000;
/** Failed orders this recent are asked about too: a payment that succeeded after all is settled (completed or refunded). */
export const LATE_PAYMENTS_WITHIN_MS = 24 * 60 * 60_000;

/**
 * Issue 13 item 4: orders left pending by a process that stopped between
 * the charge and the order's update, or by a family that never finished
 * authenticating, are completed from the processor's record or marked
 * failed (an order the processor has no payment for at once, one waiting
 * for 3-D Secure after GIVE_UP_AFTER_MS, its payment canceled first);
 * failed orders of the last day whose payment succeeded after all are
 * completed or refunded (issue 26 item 1); paid orders whose renewals did
 * not start get them. Runs at start
 * and periodically (orders.plugin.ts). Answers how many orders it settled.
 */
export async function reconcileOrders(db: Db, purchases: PurchasesService, now = new Date()) {
  const repo = ordersRepository(db);
  const stale = await repo.stalePending(new Date(now.getTime() - RECONCILE_AFTER_MS));
  const problems: unknown[] = [];
  // One order the processor cannot answer about must not hold up the others.
  const each = async (work: () => Promise<void>) => work().catch((error: unknown) => void problems.push(error));
  for (const order of stale) {
    const giveUp = new Date(order.updated_at).getTime() < now.getTime() - GIVE_UP_AFTER_MS;
    await each(() => purchases.reconcile(order.id, { giveUp }));
  }
  for (const order of await repo.failedMaybeCharged(new Date(now.getTime() - LATE_PAYMENTS_WITHIN_MS))) {
    await each(() => purchases.reconcile(order.id, { giveUp: false }));
  }
  for (const order of await repo.paidWithoutRenewals()) {
    await each(async () => purchases.startRenewals(order, await repo.linesOf(order.id)));
  }
  if (problems.length > 0) throw new AggregateError(problems, `${problems.length} order(s) could not be reconciled`);
  return stale.length;
}

/**
 * What the processor reports (Stripe's webhooks, the test processor's own
 * events): a charge that succeeded or failed settles its order, whichever
 * path gets there first (completing is once only). What becomes of a plan
 * or monthly donation after checkout is the subscriptions module's
 * (subscription-events.ts).
 */
export function paymentEventHandler(purchases: PurchasesService) {
  return async (event: PaymentEvent) => {
    if (event.type === 'payment.succeeded' || event.type === 'payment.failed') {
      const orderId = Number(event.payment.metadata.order_id);
      if (!(Number.isSafeInteger(orderId) && orderId > 0)) return;
      // A payment that succeeded stays so: when its event names the card (the receipt shows its last4), the event
      // completes the order as it is (once only; a pending order only). Otherwise the processor is asked: Stripe's
      // event names the card by id only, and a failure may have been followed by an attempt that succeeded.
      if (event.type === 'payment.succeeded' && event.payment.card) await purchases.completeOrder(orderId, event.payment);
      else await purchases.reconcile(orderId, { giveUp: false });
    }
  };
}
