import { type CartTotal, isSavedCardId, type LangCode, type PurchaseBody, type PurchaseResponse } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toCents, toUsd } from '../../lib/money';
import { hashToken, newToken } from '../../lib/tokens';
import type { Metrics } from '../../plugins/metrics';
import { enqueueMail } from '../../providers/mail/outbox';
import {
  MIN_CHARGE_CENTS,
  type Payment,
  type PaymentProvider,
  type PaymentSource,
} from '../../providers/payments/payment-provider';
import { tributeOf } from '../cart/amount-lines';
import { lockUserCartTotal } from '../cart/cart.service';
import { holdsSubscription } from '../cart/gift.service';
import { assertNoSecondPlan } from '../cart/one-plan';
import { queueTributeNotices } from '../giving/tribute-notice';
import type { CardAttempts } from '../payments/card-attempts';
import { ensureCustomer } from '../payments/customers';
import { assertOwnMoney, type Payer } from '../payments/payer';
import { giftReceiptForMail } from '../receipts/receipts.service';
import { assertInStock, stockCovers, takeFromStock } from '../stock/stock.service';
import { deliveryReader } from './delivery';
import { giftMail, lateRefundMail, receiptMail, shipAlertMail } from './order-mail';
import { intervalOf, isRecurringType, orderSnapshot } from './order-snapshot';
import { type OrderLineRow, type OrderRow, ordersRepository } from './orders.repository';

export interface PurchasesDeps {
  db: Db;
  payments: PaymentProvider;
  /** The public origin of each language's site (configuration, never a request header): gift links. */
  origins: Record<LangCode, string>;
  /** Declined cards counted per account and address, a captcha past the limit (issue 26 item 7). */
  attempts: CardAttempts;
  /** Told of each paid order with something to post (issue 29 item 3); none when empty. */
  ministryEmail: string;
  /** Where a paid order and a late payment given back are logged and counted (the app's metrics); none for the demo seed. */
  report?: Pick<Metrics, 'orderPaid' | 'refunded'>;
}

const SHIPPED = new Set(['physical', 'book']);
const DOWNLOADS = new Set(['digital_album', 'digital_track']);

/** Refusals that say the card was never the family's to use: the order they started is not kept. */
const NOT_AN_ATTEMPT = new Set(['token_invalid', 'card_not_found']);

/** The charge's key: one order, one charge, whatever retries or clicks follow. */
export const chargeKey = (orderId: number) => `order-${orderId}-charge`;
/** The refund of a payment that succeeded after its order was given up on: once. */
export const lateRefundKey = (orderId: number) => `order-${orderId}-late-refund`;

/** A family that left a 3-D Secure check unfinished this long may start its checkout over (the old payment is canceled). */
export const START_OVER_AFTER_MS = 3 * 60_000;
const subscriptionKey = (orderId: number, lineId: number) => `order-${orderId}-line-${lineId}`;

/** A refusal of the processor as the family reads it (402, localized). */
const declined = (code: string) => new AppError('payment_declined', `payment_${code}` as never);

/** What must hold before anything is charged: something to buy, still sold, an address when it ships, no gifted plan. */
function assertPurchasable(total: CartTotal) {
  if (total.skus.length === 0) throw new AppError('conflict', 'order_cart_empty');
  const gone = total.skus.find((l) => !l.is_available);
  if (gone) throw new AppError('conflict', 'order_item_unavailable', { title: gone.product_title ?? gone.title });
  if (total.skus.some((l) => SHIPPED.has(l.type)) && !total.addresses.shipping) {
    throw new AppError('conflict', 'shipping_address_missing');
  }
  if (total.gift && holdsSubscription(total.skus)) throw new AppError('conflict', 'gift_with_subscription');
}

/**
 * Checkout (issue 13 items 3 and 4). An order is written pending, with its
 * snapshot, the coupon's redemption and the gift card balance it spends,
 * in one transaction under the cart's lock, before the card is charged:
 * concurrent submits of one cart wait for the lock and find the pending
 * order (409 order_already_submitted). The charge carries the order's
 * idempotency key, so a retry never charges twice. The order then becomes
 * paid (cart emptied, ownership, gifts, receipt: one transaction) or failed
 * (coupon and balance given back; the cart stays as it was).
 */
export function purchasesService({ db, payments, origins, attempts, ministryEmail, report }: PurchasesDeps) {
  /** Writes the pending order of the user's cart `cartId` if `accept` takes its total. */
  async function startOrder(buyer: Payer, cartId: number, lang: LangCode, accept: (total: CartTotal) => void) {
    return db.transaction().execute(async (trx) => {
      const orders = ordersRepository(trx);
      // Read in the order's language: the lines keep the titles the family read (issue 26 item 14).
      const total = await lockUserCartTotal(trx, buyer.userId, cartId, lang);
      if (!total) throw new AppError('not_found', 'item_not_found');
      if (await orders.pendingOrderOfCart(cartId)) throw new AppError('conflict', 'order_already_submitted');
      assertPurchasable(total);
      // Counted CDs and books locked and checked before anything is written or charged: the pending order then holds
      // them, so two families buying the last copy at once take turns and the second is refused, never charged.
      await assertInStock(trx, total.skus, { lock: true });
      await assertNoSecondPlan(trx, buyer.userId, total.skus);
      accept(total);
      const { order, lines } = orderSnapshot(total, { userId: buyer.userId, cartId, langCode: lang });
      const charged = order.total_cents > 0;
      const orderId = await orders.insertOrder({ ...order, payment_provider: charged ? payments.name : null }, lines);
      if (orderId === undefined) throw new AppError('conflict', 'order_already_submitted');
      if (order.coupon_id && !(await orders.redeemCoupon(order.coupon_id))) throw new AppError('conflict', 'coupon_redeemed');
      if (!(await orders.debitGiftCards(buyer.userId, orderId, order.gift_card_cents ?? 0))) {
        throw new AppError('conflict', 'order_total_changed', { total: toUsd(order.total_cents).toFixed(2) });
      }
      return { orderId, total, recurring: total.skus.some((l) => isRecurringType(l.type)) };
    });
  }

  const customerOf = (userId: number) => ensureCustomer(db, payments, userId);

  /**
   * The orders a purchase in this process is charging: true once completed
   * meanwhile, by the processor's event (the test processor delivers it
   * within the charge), so the purchase need not ask the database.
   */
  const charging = new Map<number, boolean>();

  /**
   * Paid: the cart gives up what was bought, the family owns it, gifts and
   * the receipt go out. Once only. A payment that succeeded for an order
   * already given up on (failed) is settled as a late payment instead.
   */
  async function completeOrder(orderId: number, payment: Payment | null, from: 'pending' | 'failed' = 'pending') {
    const done = await db.transaction().execute(async (trx) => {
      const orders = ordersRepository(trx);
      const record = {
        payment_id: payment?.paymentId ?? null,
        card_id: payment?.cardId ?? null,
        card_brand: payment?.card?.brand ?? null,
        card_last4: payment?.card?.last4 ?? null,
      };
      const paid = await orders.markPaid(orderId, record, from);
      if (!paid) return undefined;
      const { buyer: found, lines, ...order } = paid;
      const buyer = found as NonNullable<typeof found>;
      if (order.cart_id !== null) {
        const amountLineIds = lines.map((l) => l.cart_amount_line_id).filter((id): id is number => id !== null);
        await orders.emptyCart(order.cart_id, lines, amountLineIds);
      }
      await deliverGoods(trx, order, lines, buyer);
      // A tribute gift's notice to the person the donor named (decision 070), once.
      await queueTributeNotices(
        trx,
        order,
        lines.map((l) => ({ ...l, tribute: tributeOf(l.tribute) })),
        buyer,
        origins,
      );
      // The counted CDs and books leave the shelf in the transaction that marks the order paid (decision 061).
      await takeFromStock(trx, lines);
      // The gift's receipt is issued with the order (a Canadian serial number in this transaction, decision 068).
      const giftReceipt = await giftReceiptForMail(trx, order.id);
      await enqueueMail(trx, {
        lang_code: order.lang_code as LangCode,
        to: buyer.email,
        orderId: order.id,
        ...(await receiptMail(
          order,
          lines,
          buyer.fname || buyer.email,
          giftReceipt?.receipt,
          await deliveryReader(trx)(order, order.lang_code as LangCode),
        )),
        ...(giftReceipt ? { attachments: [giftReceipt.attachment] } : {}),
      });
      if (ministryEmail && lines.some((l) => SHIPPED.has(l.type))) {
        const name = `${buyer.fname} ${buyer.lname ?? ''}`.trim() || buyer.email;
        await enqueueMail(trx, {
          lang_code: 'en',
          to: ministryEmail,
          orderId: order.id,
          ...(await shipAlertMail(order, lines, { name, email: buyer.email }, `${origins.en}/admin/orders/${order.id}`)),
        });
      }
      return { order, lines };
    });
    if (!done) {
      if (payment?.status === 'succeeded' && from === 'pending') await settleLatePayment(orderId, payment);
      return;
    }
    report?.orderPaid({
      orderId,
      number: done.order.number,
      totalCents: done.order.total_cents,
      charged: payment !== null && done.order.total_cents > 0,
      paymentId: payment?.paymentId ?? null,
    });
    if (charging.has(orderId)) charging.set(orderId, true);
    await startRenewals(done.order, done.lines);
  }

  /**
   * A payment that succeeded after its order was given up on (a 3-D Secure
   * check finished in an old tab, a charge slower than reconciliation's
   * patience): the order is completed after all when nothing it held was
   * given back and the family has not bought its cart since; otherwise the
   * payment is refunded at once, the order says so, and the family is told.
   * Never a charge without a paid order or a refund. Safe to run twice.
   */
  async function settleLatePayment(orderId: number, payment: Payment) {
    const repo = ordersRepository(db);
    const order = await repo.findOrder(orderId);
    if (order?.status !== 'failed') return;
    const gaveBack = order.coupon_id !== null || order.gift_card_cents > 0;
    // Given up on, it held no CD or book: completed only if what it bought is still there to post.
    const covered = !gaveBack && (await stockCovers(db, await repo.linesOf(orderId)));
    if (covered && !(await repo.paidSince(order))) {
      await completeOrder(orderId, payment, 'failed');
      return;
    }
    const refund = await payments.refund({ paymentId: payment.paymentId, idempotencyKey: lateRefundKey(orderId) });
    // Refused (already refunded in the processor's dashboard, say): left for the next reconciliation and the logs.
    if (!refund.ok) throw new Error(`Refund of the late payment ${payment.paymentId} of order ${orderId}: ${refund.message}`);
    const given = await db.transaction().execute(async (trx) => {
      const refunded = await ordersRepository(trx).markRefunded(orderId, {
        payment_id: payment.paymentId,
        card_id: payment.cardId ?? null,
        card_brand: payment.card?.brand ?? null,
        card_last4: payment.card?.last4 ?? null,
      });
      if (!refunded) return undefined;
      const { buyer, ...row } = refunded;
      if (buyer) {
        await enqueueMail(trx, {
          lang_code: row.lang_code as LangCode,
          to: buyer.email,
          ...(await lateRefundMail(row, buyer.fname || buyer.email)),
        });
      }
      return row;
    });
    if (given) report?.refunded({ orderId, cardCents: given.total_cents, giftCardCents: 0, source: 'late_payment' });
  }

  /** Ownership for the buyer, or a gift to claim; a gift card line becomes a gift card to claim. */
  async function deliverGoods(
    trx: Db,
    order: OrderRow,
    lines: readonly OrderLineRow[],
    buyer: { email: string; fname: string; lname: string },
  ) {
    const orders = ordersRepository(trx);
    const senderName = `${buyer.fname} ${buyer.lname}`.trim() || buyer.email;
    const lang = order.lang_code as LangCode;
    const owned = lines.filter((l) => l.sku_id !== null && (DOWNLOADS.has(l.type) || SHIPPED.has(l.type)));
    const items = owned.map((l) => ({ sku_id: l.sku_id as number, product_id: l.product_id, type: l.type }));
    const gifts: {
      name: string;
      email: string;
      message: string;
      amountCents: number | null;
      skuIds: number[];
      lineId: number | null;
    }[] = [];
    if (order.gift_email && order.gift_name) {
      const downloads = items.filter((i) => DOWNLOADS.has(i.type));
      if (downloads.length > 0) {
        gifts.push({
          name: order.gift_name,
          email: order.gift_email,
          message: order.gift_message ?? '',
          amountCents: null,
          skuIds: downloads.map((d) => d.sku_id),
          lineId: null,
        });
      }
      // Nothing of a gift order is the buyer's: the downloads wait for the recipient's claim, the CD or book goes
      // to the recipient's address (issue 27 item 11: the buyer's library does not show it as theirs).
    } else {
      await orders.grant(order.user_id, items, { order_id: order.id });
    }
    for (const l of lines) {
      if (l.type === 'gift_card' && l.recipient_email && l.recipient_name) {
        gifts.push({
          name: l.recipient_name,
          email: l.recipient_email,
          message: l.recipient_message ?? '',
          amountCents: l.subtotal_cents,
          skuIds: [],
          // The card's line: a refund of it takes back what the card has left (issue 40 item 1).
          lineId: l.id,
        });
      }
    }
    for (const g of gifts) {
      const secret = newToken();
      await orders.insertGift({
        order_id: order.id,
        hash_sha256: hashToken(secret),
        kind: g.amountCents === null ? 'downloads' : 'gift_card',
        sender_user_id: order.user_id,
        recipient_name: g.name,
        recipient_email: g.email,
        message: g.message,
        amount_cents: g.amountCents,
        sku_ids: g.skuIds,
        order_line_id: g.lineId,
      });
      const link = `${origins[lang]}/claim-gift/${secret}`;
      await enqueueMail(trx, {
        lang_code: lang,
        to: g.email,
        ...(await giftMail(lang, { recipientName: g.name, senderName, message: g.message, amountCents: g.amountCents }, link)),
      });
    }
  }

  /**
   * The plan or monthly donation of a paid order starts renewing at the
   * processor (its first period was in the order's charge). Idempotent per
   * line, so reconciliation can run it again after a crash.
   */
  async function startRenewals(order: OrderRow, lines: readonly OrderLineRow[]) {
    const recurring = lines.filter((l) => isRecurringType(l.type));
    if (recurring.length === 0 || !order.card_id) return;
    const repo = ordersRepository(db);
    const started = new Set((await repo.recurringOfOrder(order.id)).map((r) => r.order_line_id));
    const customerId = await customerOf(order.user_id);
    for (const line of recurring) {
      if (started.has(line.id)) continue;
      const interval = intervalOf(line);
      const sub = await payments.createSubscription({
        customerId,
        cardId: order.card_id,
        productCode: line.code ?? line.type,
        productName: line.title,
        amountCents: line.unit_price_cents * line.quantity,
        interval,
        idempotencyKey: subscriptionKey(order.id, line.id),
        metadata: { order_id: String(order.id), order_line_id: String(line.id), type: line.type },
      });
      await repo.insertRecurring({
        user_id: order.user_id,
        order_id: order.id,
        order_line_id: line.id,
        type: line.type,
        code: line.code ?? line.type,
        title: line.title,
        amount_cents: line.unit_price_cents * line.quantity,
        // Decision 067: a monthly gift that covers the fee keeps covering it.
        fee_cents: line.fee_cents,
        interval,
        provider: payments.name,
        subscription_id: sub.subscriptionId,
        current_period_end: sub.currentPeriodEnd,
        card_id: sub.cardId,
      });
    }
  }

  /**
   * Failed: nothing was charged; the coupon's redemption and the gift card
   * balance go back. A declined card leaves a failed order in the family's
   * history; a card that was never theirs to use (an unknown or reused
   * token, another family's card) leaves nothing. Once only.
   */
  async function failOrder(orderId: number, code: string) {
    await db.transaction().execute(async (trx) => {
      const orders = ordersRepository(trx);
      const order = await orders.findOrder(orderId);
      if (!order || !(await orders.markFailed(orderId, code))) return;
      await orders.refundGiftCards(orderId);
      if (order.coupon_id !== null) await orders.releaseCoupon(order.coupon_id);
      if (NOT_AN_ATTEMPT.has(code)) await orders.deleteOrder(orderId);
    });
  }

  /**
   * A pending order of the family's cart untouched for a few minutes (a 3-D
   * Secure check left unfinished, a process that stopped before the charge)
   * no longer holds the cart: it is settled as reconciliation would settle
   * it, its payment canceled first, so the family can start over. True
   * when the cart may be tried again.
   */
  async function startOverAbandoned(buyer: Payer, cartId: number) {
    const repo = ordersRepository(db);
    const pending = await repo.pendingOrderOfCart(cartId);
    if (!pending) return true;
    const order = await repo.findOrder(pending.id);
    if (!order || order.user_id !== buyer.userId) return false;
    if (Date.now() - new Date(order.updated_at).getTime() < START_OVER_AFTER_MS) return false;
    await reconcile(order.id, { giveUp: true });
    return true;
  }

  /** What the processor's answer means for the order, and for the family. */
  async function settle(orderId: number, payment: Payment, orderStatus?: string): Promise<PurchaseResponse> {
    if (payment.status === 'succeeded') {
      // The processor's event may have completed the order already (the test processor delivers it within the charge).
      if (orderStatus !== 'paid') await completeOrder(orderId, payment);
      return { order_id: orderId, status: 'paid' };
    }
    if (payment.status === 'requires_action' && payment.clientSecret) {
      return {
        order_id: orderId,
        status: 'pending',
        next_action: { type: 'authenticate', payment_id: payment.paymentId, client_secret: payment.clientSecret },
      };
    }
    const code = payment.failure?.code ?? 'card_declined';
    await failOrder(orderId, code);
    throw declined(code);
  }

  /**
   * What the family pays with: one of their saved cards, or a new card's
   * token (tok_…, or Stripe Elements' pm_…). Spec §3 counts any id longer
   * than 3 characters as a saved card; a saved card's id that is not theirs
   * is refused before anything is written.
   */
  async function isOwnSavedCard(customerId: string, token: string) {
    if (!isSavedCardId(token)) return false;
    if ((await payments.listCards(customerId)).some((c) => c.id === token)) return true;
    if (token.startsWith('pm_')) return false;
    throw new AppError('not_found', 'payment_card_not_found');
  }

  /**
   * An order left pending (the process stopped between the charge and the
   * order's update, or the family never finished authenticating): the
   * processor's record decides. Also runs for events (webhooks).
   */
  async function reconcile(orderId: number, options: { giveUp: boolean }) {
    const order = await ordersRepository(db).findOrder(orderId);
    if (order?.status !== 'pending' && order?.status !== 'failed') return;
    let payment = order.payment_id
      ? await payments.retrievePayment(order.payment_id)
      : await payments.findPaymentByOrder(String(orderId));
    if (order.status === 'failed') {
      // Given up on already: only a payment that succeeded after all matters.
      if (payment?.status === 'succeeded') await settleLatePayment(orderId, payment);
      return;
    }
    // Giving up cancels the payment at the processor first, so a check finished later cannot charge the card.
    if (options.giveUp && payment?.status === 'requires_action') {
      payment = (await payments.cancelPayment(payment.paymentId)) ?? payment;
    }
    if (payment?.status === 'succeeded') {
      await completeOrder(orderId, { ...payment, cardId: payment.cardId ?? order.card_id ?? undefined });
    } else if (payment?.status === 'failed') {
      await failOrder(orderId, payment.failure?.code ?? 'card_declined');
    } else if (payment?.status === 'canceled') {
      await failOrder(orderId, 'authentication_failed');
    } else if (!payment) {
      // The processor has no payment for it: the process stopped before the charge. The cart is free again.
      await failOrder(orderId, 'processing_error');
    }
  }

  /** The purchase itself: the order under the cart's lock, then the charge (purchase() checks and counts the card first). */
  async function purchaseNow(buyer: Payer, body: PurchaseBody): Promise<PurchaseResponse> {
    const customerId = await customerOf(buyer.userId);
    const saved = await isOwnSavedCard(customerId, body.stripe_token);
    const start = () =>
      startOrder(buyer, body.cart_id, body.lang_code, (t) => {
        const cents = toCents(t.fullTotal);
        if (cents !== toCents(body.expected_total)) {
          throw new AppError('conflict', 'order_total_changed', { total: t.fullTotal.toFixed(2) });
        }
        // Less than a card can be charged (a coupon or gift card leaving a few cents), and not free.
        if (cents > 0 && cents < MIN_CHARGE_CENTS) {
          throw new AppError('conflict', 'order_total_too_small', { minimum: toUsd(MIN_CHARGE_CENTS).toFixed(2) });
        }
      });
    const { orderId, total, recurring } = await start().catch(async (error: unknown) => {
      if (!(error instanceof AppError && error.code === 'order_already_submitted')) throw error;
      if (!(await startOverAbandoned(buyer, body.cart_id))) throw error;
      return start();
    });
    const amountCents = toCents(total.fullTotal);
    if (amountCents === 0) {
      await completeOrder(orderId, null);
      return { order_id: orderId, status: 'paid' };
    }
    let payment: Payment;
    let orderStatus: string | undefined;
    charging.set(orderId, false);
    try {
      const source: PaymentSource = saved ? { cardId: body.stripe_token } : { token: body.stripe_token };
      payment = await payments.charge({
        customerId,
        source,
        // Spec §5 Payment: a cart that renews keeps its card (forced). A new card is kept only if the charge succeeds.
        saveCard: !saved && (recurring || body.save_card === true),
        amountCents,
        idempotencyKey: chargeKey(orderId),
        description: `Storyhouse order ${orderId}`,
        metadata: { order_id: String(orderId) },
      });
      if (payment.status === 'succeeded' && charging.get(orderId)) return { order_id: orderId, status: 'paid' };
      orderStatus = await ordersRepository(db).setPayment(orderId, {
        provider: payments.name,
        payment_id: payment.paymentId,
        card_id: payment.cardId ?? ('cardId' in source ? source.cardId : null),
        card_brand: payment.card?.brand ?? null,
        card_last4: payment.card?.last4 ?? null,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The processor did not answer: whether it charged is unknown, so the order stays pending
      // (its cart refuses a second submit) until reconciliation asks the processor.
      throw new AppError('unavailable', 'payment_processing_error', {}, undefined, error);
    } finally {
      charging.delete(orderId);
    }
    return settle(orderId, payment, orderStatus);
  }

  return {
    /** POST /crud/purchases: a declined card is counted against the account and the address (card testing). */
    async purchase(buyer: Payer, body: PurchaseBody, clientIp: string): Promise<PurchaseResponse> {
      assertOwnMoney(buyer);
      return attempts.guard({ payer: buyer, clientIp, captcha: body.captcha }, () => purchaseNow(buyer, body));
    },

    /** POST /crud/purchases/{orderId}/confirm: after the cardholder authenticated the charge. */
    async confirm(buyer: Payer, orderId: number): Promise<PurchaseResponse> {
      assertOwnMoney(buyer);
      const order = await ordersRepository(db).findOrder(orderId);
      if (!order || order.user_id !== buyer.userId) throw new AppError('not_found', 'order_not_found');
      if (order.status === 'paid') return { order_id: orderId, status: 'paid' };
      if (order.status === 'refunded') throw new AppError('conflict', 'order_payment_refunded');
      if (!order.payment_id || (order.status !== 'pending' && order.status !== 'failed')) {
        throw declined(order.failure_code ?? 'card_declined');
      }
      const payment = await payments.retrievePayment(order.payment_id);
      if (!payment) throw declined('processing_error');
      if (order.status === 'failed') {
        if (payment.status !== 'succeeded') throw declined(order.failure_code ?? 'card_declined');
        // The check was finished after the order was given up on: completed after all, or refunded.
        await settleLatePayment(orderId, payment);
        const settled = await ordersRepository(db).findOrder(orderId);
        if (settled?.status === 'paid') return { order_id: orderId, status: 'paid' };
        throw new AppError('conflict', 'order_payment_refunded');
      }
      return settle(orderId, payment);
    },

    /** POST /crud/free-purchases: an order whose full total is zero; nothing is charged. */
    async freePurchase(buyer: Payer, body: { cart_id: number; lang_code: LangCode }): Promise<PurchaseResponse> {
      assertOwnMoney(buyer);
      const { orderId } = await startOrder(buyer, body.cart_id, body.lang_code, (t) => {
        if (toCents(t.fullTotal) !== 0) throw new AppError('conflict', 'order_not_free');
      });
      await completeOrder(orderId, null);
      return { order_id: orderId, status: 'paid' };
    },

    reconcile,

    /** Paid orders whose renewals did not start (a crash after the payment): start them. */
    completeOrder,
    startRenewals,
  };
}

export type PurchasesService = ReturnType<typeof purchasesService>;
