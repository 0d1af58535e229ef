import type { LangCode, RefundOrderBody } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toCents, toUsd } from '../../lib/money';
import { mailMoney } from '../../mail/format';
import type { Metrics } from '../../plugins/metrics';
import { enqueueMail } from '../../providers/mail/outbox';
import { type PaymentProvider, PaymentRequestError, PaymentUnavailableError } from '../../providers/payments/payment-provider';
import { orderTarget, recordAdminAction } from '../audit/audit';
import { refundMail } from '../orders/order-mail';
import { returnToStock } from '../stock/stock.service';
import { adminOrdersRepository, type OrderLineRow, type OrderRow } from './admin-orders.repository';
import { type RefundRow, refundsRepository } from './refunds.repository';

type Admin = { id: number; email: string };

/** A line's part of what was paid: its subtotal after its discount, with its share of tax. */
const lineCents = (l: OrderLineRow) => l.subtotal_cents - l.discount_cents + l.tax_cents;
const DOWNLOADS = new Set(['digital_album', 'digital_track']);
const RENEWING = new Set(['subscription', 'recurring_donation']);
type BoughtCard = Awaited<ReturnType<ReturnType<typeof refundsRepository>['boughtGiftCards']>>[number];

/** Lines already refunded by the order's done (or pending) refunds; a refused one refunded nothing. */
export function refundedLines(refunds: readonly RefundRow[], lines: readonly OrderLineRow[]) {
  const ids = new Set<number>();
  for (const r of refunds) {
    if (r.status === 'failed') continue;
    for (const id of r.whole ? lines.map((l) => l.id) : r.line_ids) ids.add(id);
  }
  return ids;
}

/**
 * What is left to give back on an order (decision 036), read from its
 * ledger, for the refund's plan (under the order's and cards' locks) and
 * the back office's page alike: per line (a gift card it bought, only what
 * that card has not spent), the shipping, what a whole refund gives, and
 * what an amount may reach (never a bought gift card's value: only a refund
 * of its line, which takes it off the card, gives that back).
 */
export function refundState(
  order: Pick<OrderRow, 'total_cents' | 'refunded_cents' | 'gift_card_cents' | 'gift_card_returned_cents' | 'shipping_cents'>,
  lines: readonly OrderLineRow[],
  refunds: readonly RefundRow[],
  boughtCards: readonly BoughtCard[],
) {
  const done = refundedLines(refunds, lines);
  const counted = refunds.filter((r) => r.status !== 'failed');
  const shippingLeft = counted.some((r) => r.whole)
    ? 0
    : Math.max(0, order.shipping_cents - counted.reduce((n, r) => n + r.shipping_cents, 0));
  const cardOf = (l: OrderLineRow) => boughtCards.find((c) => c.lineId === l.id);
  const lineLeft = (l: OrderLineRow) => {
    if (done.has(l.id)) return 0;
    if (l.type !== 'gift_card') return lineCents(l);
    return Math.min(lineCents(l), cardOf(l)?.unspentCents ?? 0);
  };
  const openCards = lines.filter((l) => l.type === 'gift_card' && !done.has(l.id));
  const cardLeft = order.total_cents - order.refunded_cents;
  const left = cardLeft + order.gift_card_cents - order.gift_card_returned_cents;
  const spent = openCards.reduce((n, l) => n + lineCents(l) - lineLeft(l), 0);
  const wholeLeft = Math.max(0, left - spent);
  return {
    done,
    lineLeft,
    cardOf,
    shippingLeft: Math.min(shippingLeft, wholeLeft),
    cardLeft,
    wholeLeft,
    /** An amount: never into the value of gift cards bought here. */
    amountLeft: Math.max(0, left - openCards.reduce((n, l) => n + lineCents(l), 0)),
  };
}

/** What is left to give back on the order now (refundState over its ledger), read without locks; undefined: no order. */
export async function refundLeft(db: Db, orderId: number) {
  const order = await adminOrdersRepository(db).findOrder(orderId);
  if (!order) return undefined;
  const [lines, refunds, boughtCards] = await Promise.all([
    adminOrdersRepository(db).lines(orderId),
    refundsRepository(db).ofOrder(orderId),
    refundsRepository(db).boughtGiftCards(orderId, { lock: false }),
  ]);
  return { order, lines, state: refundState(order, lines, refunds, boughtCards) };
}

/**
 * Something the refund is given for (a return, decision 061), told of the refund in the transaction that writes it,
 * under the order's lock: it may refuse (nothing is then written) or record which refund is its.
 */
export type RefundFor = (trx: Db, refund: RefundRow) => Promise<void>;

/**
 * Issue 29 item 2, refunds (decision 025): some lines, an amount, or the
 * whole order, never more than was paid: the card first, then the gift
 * cards that paid part of it. The refund is written first (pending, its
 * idempotency key fixed), the processor asked next, and the order settled
 * last: a process that stops in between leaves a pending refund that
 * `settlePending` finishes with the same key, so nothing is refunded twice.
 * A second refund of an order while one is pending is refused. Refunded
 * downloads leave the library; refunded renewals stop.
 */
export function refundsService(
  db: Db,
  payments: PaymentProvider,
  { origins, report }: { origins: Record<LangCode, string>; report?: Pick<Metrics, 'refunded'> },
) {
  async function plan(admin: Admin | null, orderId: number, body: RefundOrderBody, refundFor?: RefundFor) {
    return db.transaction().execute(async (trx) => {
      const order = await adminOrdersRepository(trx).lockOrder(orderId);
      if (!order) throw new AppError('not_found', 'order_not_found');
      if (order.status !== 'paid' && order.status !== 'partially_refunded') throw new AppError('conflict', 'order_not_paid');
      const repo = refundsRepository(trx);
      const refunds = await repo.ofOrder(orderId);
      if (refunds.some((r) => r.status === 'pending')) throw new AppError('conflict', 'refund_in_progress');
      const lines = await adminOrdersRepository(trx).lines(orderId);
      // The cards this order bought, locked: what they have left cannot change until the refund is written.
      const state = refundState(order, lines, refunds, await repo.boughtGiftCards(orderId, { lock: true }));
      const open = lines.filter((l) => !state.done.has(l.id));

      let chosen: OrderLineRow[] = [];
      let shipping = 0;
      let amount: number;
      let limit = state.wholeLeft;
      const named = body.line_ids ?? body.sku_ids;
      if (named) {
        const key = (l: OrderLineRow) => (body.line_ids ? l.id : l.sku_id);
        chosen = open.filter((l) => named.includes(key(l) as number));
        const found = new Set(chosen.map(key));
        if (named.some((id) => !found.has(id))) throw new AppError('conflict', 'refund_lines_invalid');
        // Shipping only when the volunteer chose it (issue 40 item 3).
        shipping = body.include_shipping ? state.shippingLeft : 0;
        if (chosen.length === 0 && shipping === 0) throw new AppError('conflict', 'refund_lines_invalid');
        amount = chosen.reduce((n, l) => n + state.lineLeft(l), 0) + shipping;
      } else if (body.amount !== undefined) {
        amount = toCents(body.amount);
        limit = state.amountLeft;
      } else {
        chosen = open;
        shipping = state.shippingLeft;
        amount = state.wholeLeft;
      }
      // The whole order only when nothing is left after it: every line, and the shipping.
      const whole = body.amount === undefined && chosen.length === open.length && shipping === state.shippingLeft;
      // Lines given back after an amount was: never more than is left. An amount is checked as typed.
      if (whole) amount = state.wholeLeft;
      else if (body.amount === undefined) amount = Math.min(amount, state.wholeLeft);
      if (amount > limit || amount <= 0) {
        throw new AppError('conflict', 'refund_too_large', { left: mailMoney(order.lang_code as LangCode, limit) });
      }
      const card = Math.min(amount, state.cardLeft);
      const refund = await repo.insert({
        order_id: orderId,
        amount_cents: card,
        gift_card_cents: amount - card,
        shipping_cents: shipping,
        line_ids: chosen.map((l) => l.id),
        whole,
        idempotency_key: `order-${orderId}-refund-${refunds.length + 1}`,
        admin_id: admin?.id ?? null,
        source: 'admin',
      });
      await refundFor?.(trx, refund);
      // A gift card refunded: what it has left is taken off it now, in this transaction (issue 40 item 1).
      await repo.takeBackGiftCards(
        refund.id,
        chosen.flatMap((l) => {
          const bought = l.type === 'gift_card' ? state.cardOf(l) : undefined;
          return bought && bought.unspentCents > 0
            ? [{ giftId: bought.giftId, cardId: bought.cardId, cents: bought.unspentCents }]
            : [];
        }),
      );
      return refund;
    });
  }

  /** The processor refused the refund: failed, and the gift cards it took back are theirs again. */
  async function refuse(refundId: number) {
    await db.transaction().execute(async (trx) => {
      if (await refundsRepository(trx).markFailed(refundId)) await refundsRepository(trx).restoreGiftCards(refundId);
    });
  }

  /** Asks the processor for the card's part (once per key); null when nothing goes to the card. */
  async function askProcessor(refund: RefundRow) {
    if (refund.amount_cents === 0) return null;
    const order = await adminOrdersRepository(db).findOrder(refund.order_id);
    if (!order?.payment_id) return null;
    const outcome = await payments.refund({
      paymentId: order.payment_id,
      amountCents: refund.amount_cents,
      idempotencyKey: refund.idempotency_key,
    });
    if (!outcome.ok) throw new PaymentRequestError('parameter_invalid', outcome.message);
    return outcome.refundId;
  }

  /** The refund made: counted on the order, gift cards given back, downloads and renewals stopped, the family told. Once. */
  async function settle(
    refund: RefundRow,
    processorRefundId: string | null,
    request: FastifyRequest | null,
    admin: Admin | null,
  ) {
    let made: { giftCardCents: number } | undefined;
    const stop = await db.transaction().execute(async (trx) => {
      const repo = refundsRepository(trx);
      const order = await adminOrdersRepository(trx).lockOrder(refund.order_id);
      if (!order || !(await repo.markDone(refund.id, processorRefundId))) return [];
      const returned = refund.gift_card_cents > 0 ? await repo.returnToGiftCards(order.id, refund.gift_card_cents) : 0;
      made = { giftCardCents: returned };
      const fully =
        refund.whole ||
        (order.refunded_cents + refund.amount_cents >= order.total_cents &&
          order.gift_card_returned_cents + returned >= order.gift_card_cents);
      await repo.countOnOrder(
        order.id,
        { card: refund.amount_cents, giftCard: returned },
        fully ? 'refunded' : 'partially_refunded',
      );
      const lines = await adminOrdersRepository(trx).lines(order.id);
      const refunded = lines.filter((l) => refund.whole || refund.line_ids.includes(l.id));
      if (!order.shipped_at) {
        // A CD or book refunded before its parcel left is still on the shelf: its copies count again (decision 061),
        // once (a whole refund after a line's refund puts back only the others). Once posted, only a return does.
        const before = refundedLines(
          (await repo.ofOrder(order.id)).filter((r) => r.id !== refund.id),
          lines,
        );
        await returnToStock(
          trx,
          refunded.filter((l) => !before.has(l.id)),
        );
      }
      await repo.removeDownloads(
        order.id,
        refunded.flatMap((l) => (DOWNLOADS.has(l.type) && l.sku_id !== null ? [l.sku_id] : [])),
      );
      const buyer = await adminOrdersRepository(trx).buyerOf(order.user_id);
      const lang = order.lang_code as LangCode;
      // The family's own cancel: My subscription has told them what went back.
      if (refund.source !== 'cancellation')
        await enqueueMail(trx, {
          lang_code: lang,
          to: buyer.email,
          orderId: order.id,
          ...(await refundMail(order, refunded, buyer.fname || buyer.email, {
            cardCents: refund.amount_cents,
            giftCardCents: returned,
            orders: `${origins[lang]}/account/orders`,
          })),
        });
      if (request && admin) {
        // What the volunteer chose (issue 40 item 3): the lines, the shipping or not, the whole order or not, the amounts.
        await recordAdminAction(trx, request, admin, 'order.refund', orderTarget(order.number), {
          amount_usd: toUsd(refund.amount_cents),
          gift_card_usd: toUsd(returned),
          lines: refund.line_ids.length,
          refunded_items: lines
            .filter((l) => refund.line_ids.includes(l.id))
            .map((l) => l.product_title ?? l.title)
            .join(', '),
          shipping: refund.shipping_cents > 0,
          shipping_usd: toUsd(refund.shipping_cents),
          whole: refund.whole,
          // Where the money went back, as the audit log names it ("Visa ending 4242", "Test card processor").
          card_brand: order.card_brand,
          card_last4: order.card_last4,
          provider: order.payment_provider,
        });
      }
      return repo.renewalsOf(refunded.filter((l) => RENEWING.has(l.type)).map((l) => l.id));
    });
    // Logged and counted once it is committed (a settle run twice makes no second refund, so no second line);
    // a cancel's refund is counted by the cancel.
    if (made && refund.source !== 'cancellation') {
      report?.refunded(
        {
          orderId: refund.order_id,
          cardCents: refund.amount_cents,
          giftCardCents: made.giftCardCents,
          source: refund.source,
        },
        request?.log,
      );
    }
    // A refunded plan or monthly gift renews no more (its end reaches the local record through the processor's event).
    for (const renewal of stop)
      if (renewal.status !== 'cancelled') await payments.cancelSubscription(renewal.subscription_id, { atPeriodEnd: false });
  }

  return {
    /** POST /crud/admin/orders/{id}/refund. */
    async refund(request: FastifyRequest, admin: Admin, orderId: number, body: RefundOrderBody, refundFor?: RefundFor) {
      const refund = await plan(admin, orderId, body, refundFor);
      let processorRefundId: string | null;
      try {
        processorRefundId = await askProcessor(refund);
      } catch (error) {
        if (error instanceof PaymentUnavailableError) {
          // Left pending: settlePending asks again with the same key.
          throw new AppError('unavailable', 'refund_pending', {}, undefined, error);
        }
        await refuse(refund.id);
        if (error instanceof PaymentRequestError) {
          throw new AppError('conflict', 'refund_refused', {}, undefined, error);
        }
        throw error;
      }
      await settle(refund, processorRefundId, request, admin);
    },

    /**
     * Refunds left pending (the processor did not answer, or the process
     * stopped), asked again with their own key and settled: the worker.
     */
    async settlePending(before: Date) {
      let settled = 0;
      for (const refund of await refundsRepository(db).stalePending(before)) {
        try {
          await settle(refund, await askProcessor(refund), null, null);
          settled += 1;
        } catch (error) {
          if (error instanceof PaymentRequestError) await refuse(refund.id);
          else if (!(error instanceof PaymentUnavailableError)) throw error;
        }
      }
      return settled;
    },

    /**
     * A refund made at the processor itself (Stripe's dashboard: charge.refunded):
     * what it gave back beyond what the order counts is recorded and settled
     * like the back office's, once per event.
     */
    async fromProcessor(eventId: string, paymentId: string, refundedCents: number) {
      const found = await refundsRepository(db).orderByPayment(paymentId);
      if (!found) return;
      const refund = await db.transaction().execute(async (trx) => {
        const order = await adminOrdersRepository(trx).lockOrder(found.id);
        if (!order || (order.status !== 'paid' && order.status !== 'partially_refunded')) return null;
        const repo = refundsRepository(trx);
        const counted = (await repo.ofOrder(order.id))
          .filter((r) => r.status !== 'failed')
          .reduce((n, r) => n + r.amount_cents, 0);
        const extra = Math.min(refundedCents - counted, order.total_cents - order.refunded_cents);
        if (extra <= 0 || (await repo.byKey(`processor-${eventId}`))) return null;
        const whole = order.refunded_cents + extra >= order.total_cents && order.gift_card_cents === 0;
        return repo.insert({
          order_id: order.id,
          amount_cents: extra,
          line_ids: [],
          whole,
          idempotency_key: `processor-${eventId}`,
          source: 'processor',
        });
      });
      if (refund) await settle(refund, null, null, null);
    },

    /**
     * A family's cancel now gave back the unused part of a plan from its
     * order's charge (issue 40 item 2): written into the order's ledger and
     * settled like the back office's (partly refunded, refundable, timeline),
     * once per key (the processor refund's own).
     */
    async fromCancellation(cancel: { orderId: number; lineId: number; cents: number; idempotencyKey: string }) {
      const refund = await db.transaction().execute(async (trx) => {
        const order = await adminOrdersRepository(trx).lockOrder(cancel.orderId);
        if (!order || (order.status !== 'paid' && order.status !== 'partially_refunded')) return null;
        const repo = refundsRepository(trx);
        if (await repo.byKey(cancel.idempotencyKey)) return null;
        const cents = Math.min(cancel.cents, order.total_cents - order.refunded_cents);
        if (cents <= 0) return null;
        return repo.insert({
          order_id: order.id,
          amount_cents: cents,
          line_ids: [cancel.lineId],
          idempotency_key: cancel.idempotencyKey,
          source: 'cancellation',
        });
      });
      if (refund) await settle(refund, null, null, null);
    },
  };
}

export type RefundsService = ReturnType<typeof refundsService>;
