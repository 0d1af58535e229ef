import type {
  AdminOrder,
  AdminOrderFilter,
  AdminOrderRow,
  AdminOrdersResponse,
  BulkShipBody,
  BulkShipResponse,
  Fulfilment,
  LangCode,
  ShipOrderBody,
} from '@storyhouse/contracts';
import { ADMIN_ORDERS_PER_PAGE, AuditAction, mediaPaths, SkuType } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import { ttlCache } from '../../lib/ttl-cache';
import { enqueueMail } from '../../providers/mail/outbox';
import { adminActionsOn, orderTarget, recordAdminAction } from '../audit/audit';
import { tributeOf } from '../cart/amount-lines';
import { isShipped } from '../cart/shipping';
import { deliveryReader } from '../orders/delivery';
import { receiptMail, shippedMail } from '../orders/order-mail';
import { giftReceiptForMail } from '../receipts/receipts.service';
import { adminOrdersRepository, type OrderLineRow, type OrderRow } from './admin-orders.repository';
import { packingSlipOf, renderPackingSlips } from './packing-slips';
import { refundedLines, refundState } from './refunds';
import { refundsRepository } from './refunds.repository';

type Admin = { id: number; email: string };
/** How long a count of the order list is kept (counting a year of orders on each page is the list's cost). */
const COUNT_CACHE_MS = 5_000;

const iso = (d: Date | string) => new Date(d).toISOString();
const nameOf = (u: { fname: string; lname: string; email: string }) => `${u.fname} ${u.lname}`.trim() || u.email;
const fulfilmentOf = (hasParcel: boolean, shippedAt: unknown): Fulfilment =>
  !hasParcel ? 'none' : shippedAt ? 'shipped' : 'preparing';
/** Empty fields of a form are nothing. */
const orNull = (s: string | undefined) => (s ? s : null);

/** An address kept on an order, as the back office shows it (whatever its keys, strings only). */
function addressOf(json: unknown): AdminOrder['shipping_address'] {
  if (!json || typeof json !== 'object') return null;
  const keys = ['fname', 'lname', 'email', 'phone', 'line1', 'country_id', 'state', 'city', 'postal_code'] as const;
  const a = json as Record<string, unknown>;
  return Object.fromEntries(keys.flatMap((k) => (a[k] === undefined || a[k] === null ? [] : [[k, a[k]]])));
}

/**
 * Issue 29 item 2: the ministry's orders, for volunteers: a list to find
 * them, an order with all it holds and what happened to it, and the
 * actions (mark shipped, resend the receipt), each recorded in the audit
 * log in the transaction of the change.
 */
export function adminOrdersService(db: Db, { origins }: { origins: Record<LangCode, string> }) {
  const repo = adminOrdersRepository(db);
  /** The list's counts, a few seconds per search (an admin's own changes clear them: ship, refund). */
  const counts = ttlCache<number>(COUNT_CACHE_MS);

  async function detail(orderId: number): Promise<AdminOrder> {
    const order = await repo.findOrder(orderId);
    if (!order) throw new AppError('not_found', 'order_not_found');
    const [lines, buyer, mails, actions, refunds, boughtCards] = await Promise.all([
      repo.lines(orderId),
      repo.buyerOf(order.user_id),
      repo.mailsOf(orderId),
      adminActionsOn(db, orderTarget(order.number)),
      refundsRepository(db).ofOrder(orderId),
      refundsRepository(db).boughtGiftCards(orderId, { lock: false }),
    ]);
    const refunded = refundedLines(
      refunds.filter((r) => r.status === 'done'),
      lines,
    );
    // Only a paid (or partly refunded) order has anything left to give back.
    const open = order.status === 'paid' || order.status === 'partially_refunded';
    const left = refundState(order, lines, refunds, boughtCards);
    const hasParcel = lines.some((l) => isShipped(l.type));
    const timeline: AdminOrder['timeline'] = [
      { at: iso(order.created_at), kind: 'created' as const, detail: order.number },
      ...(order.paid_at
        ? [{ at: iso(order.paid_at), kind: 'paid' as const, detail: order.card_last4 ? `•••• ${order.card_last4}` : '' }]
        : []),
      ...(order.status === 'failed'
        ? [{ at: iso(order.updated_at), kind: 'failed' as const, detail: order.failure_code ?? '' }]
        : []),
      ...(order.shipped_at
        ? [
            {
              at: iso(order.shipped_at),
              kind: 'shipped' as const,
              detail: [order.carrier, order.tracking_number].filter(Boolean).join(' '),
            },
          ]
        : []),
      // The ledger (decision 036): money given back, whoever gave it, and refunds the processor refused (nothing went back).
      ...refunds
        .filter((r) => r.status !== 'pending')
        .map((r) => ({
          at: iso(r.settled_at ?? r.created_at),
          kind: r.status === 'done' ? ('refunded' as const) : ('refund_refused' as const),
          // "<amount> <source>[ whole]": the back office says it in words.
          detail: [toUsd(r.amount_cents + r.gift_card_cents).toFixed(2), r.source, r.whole ? 'whole' : '']
            .filter(Boolean)
            .join(' '),
        })),
      ...mails.map((m) => ({
        at: iso(m.sent_at ?? m.created_at),
        kind: 'email' as const,
        detail: `${m.subject} → ${m.to_address}`,
      })),
      ...actions.map((a) => ({
        at: iso(a.at),
        kind: 'admin' as const,
        detail: `${AuditAction.parse(a.action)} · ${a.admin_email}`,
      })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return {
      id: order.id,
      number: order.number,
      status: order.status as AdminOrder['status'],
      fulfilment: fulfilmentOf(hasParcel, order.shipped_at),
      lang_code: order.lang_code,
      created_at: iso(order.created_at),
      paid_at: order.paid_at ? iso(order.paid_at) : null,
      customer: { id: buyer.id, email: buyer.email, name: nameOf(buyer) },
      lines: lines.map((l) => ({
        id: l.id,
        sku_id: l.sku_id,
        type: l.type,
        title: l.product_title && l.type !== 'digital_track' ? `${l.product_title}` : l.title,
        quantity: l.quantity,
        unit_usd: toUsd(l.unit_price_cents),
        subtotal_usd: toUsd(l.subtotal_cents),
        discount_usd: toUsd(l.discount_cents),
        tax_usd: toUsd(l.tax_cents),
        is_shipped: isShipped(l.type),
        image_url: l.primary_image ? mediaPaths.image(l.primary_image) : null,
        recipient_name: l.recipient_name,
        recipient_email: l.recipient_email,
        tribute: tributeOf(l.tribute),
        tribute_notice_sent_at: l.tribute_notice_sent_at ? iso(l.tribute_notice_sent_at) : null,
        anonymous: l.anonymous,
        refunded: refunded.has(l.id),
        refundable_usd: open ? toUsd(left.lineLeft(l)) : 0,
      })),
      amounts: {
        subtotal_usd: toUsd(order.subtotal_cents),
        discount_usd: toUsd(order.discount_cents),
        coupon_code: order.coupon_code,
        coupon_title: order.coupon_code ? order.coupon_title : null,
        gift_card_usd: toUsd(order.gift_card_cents),
        tax_usd: toUsd(order.tax_cents),
        shipping_usd: toUsd(order.shipping_cents),
        total_usd: toUsd(order.total_cents),
        // Nothing was charged on a failed or pending order (issue 40 item 7).
        charged_usd: order.paid_at ? toUsd(order.total_cents) : 0,
      },
      shipping_address: addressOf(order.shipping_address),
      billing_address: addressOf(order.billing_address),
      gift: order.gift_email ? { name: order.gift_name ?? '', email: order.gift_email, message: order.gift_message ?? '' } : null,
      payment: {
        provider: order.payment_provider,
        card_brand: order.card_brand,
        card_last4: order.card_last4,
        payment_id: order.payment_id,
        failure_code: order.failure_code,
      },
      shipment: order.shipped_at
        ? {
            shipped_at: iso(order.shipped_at),
            carrier: order.carrier,
            tracking_number: order.tracking_number,
            tracking_url: order.tracking_url,
          }
        : null,
      timeline,
      refunds: refunds.map((r) => ({
        at: iso(r.settled_at ?? r.created_at),
        amount_usd: toUsd(r.amount_cents),
        gift_card_usd: toUsd(r.gift_card_cents),
        shipping_usd: toUsd(r.shipping_cents),
        status: r.status as 'pending' | 'done' | 'failed',
        source: r.source as 'admin' | 'processor' | 'cancellation',
        by: r.admin_email,
      })),
      refundable: open
        ? {
            card_usd: toUsd(Math.min(left.cardLeft, left.wholeLeft)),
            gift_card_usd: toUsd(left.wholeLeft - Math.min(left.cardLeft, left.wholeLeft)),
            shipping_usd: toUsd(left.shippingLeft),
          }
        : { card_usd: 0, gift_card_usd: 0, shipping_usd: 0 },
      note: order.team_note,
    };
  }

  /** The order's buyer and lines, for its e-mails. */
  async function mailParts(trx: Db, order: OrderRow): Promise<{ lines: OrderLineRow[]; name: string; email: string }> {
    const [lines, buyer] = await Promise.all([
      adminOrdersRepository(trx).lines(order.id),
      adminOrdersRepository(trx).buyerOf(order.user_id),
    ]);
    return { lines, name: buyer.fname || buyer.email, email: buyer.email };
  }

  /**
   * Mark shipped (issue 29 item 2): a paid order with a CD or a book. The
   * first time, the family is e-mailed in its language; later calls correct
   * the carrier and tracking only (`firstOnly`: refused, order_already_shipped).
   * Recorded in the audit log, in the transaction of the change. Answers the
   * order's number.
   */
  async function shipOne(
    request: FastifyRequest,
    admin: Admin,
    orderId: number,
    body: ShipOrderBody,
    { firstOnly = false } = {},
  ): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const order = await adminOrdersRepository(trx).lockOrder(orderId);
      if (!order) throw new AppError('not_found', 'order_not_found');
      const parts = await mailParts(trx, order);
      if (!parts.lines.some((l) => isShipped(l.type))) throw new AppError('conflict', 'order_not_shippable');
      if (order.status !== 'paid') throw new AppError('conflict', 'order_not_paid');
      if (firstOnly && order.shipped_at) throw new AppError('conflict', 'order_already_shipped');
      const shipment = {
        carrier: orNull(body.carrier),
        tracking_number: orNull(body.tracking_number),
        tracking_url: orNull(body.tracking_url),
      };
      await adminOrdersRepository(trx).ship(orderId, shipment);
      if (!order.shipped_at) {
        const lang = order.lang_code as LangCode;
        const shipped = { ...order, ...shipment };
        await enqueueMail(trx, {
          lang_code: lang,
          to: parts.email,
          orderId,
          ...(await shippedMail(shipped, parts.lines, parts.name, {
            tracking: shipment.tracking_url,
            orders: `${origins[lang]}/account/orders`,
          })),
        });
      }
      counts.clear();
      await recordAdminAction(trx, request, admin, 'order.ship', orderTarget(order.number), {
        carrier: shipment.carrier,
        tracking_number: shipment.tracking_number,
        first: !order.shipped_at,
      });
      return order.number;
    });
  }

  return {
    async list(query: ReturnType<typeof normalize>): Promise<AdminOrdersResponse> {
      // How many match is counted over every order: kept a few seconds per search, the page itself never is.
      const key = JSON.stringify([query.filter, query.from, query.to, query.search]);
      const { rows, count } = await repo.list(query, query.page, ADMIN_ORDERS_PER_PAGE, () =>
        counts(key, () => repo.count(query)),
      );
      const lines = await repo.linesOf(rows.map((r) => r.id));
      const items: AdminOrderRow[] = rows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status as AdminOrderRow['status'],
        // From the page's own lines: asking each order of a year whether it has a parcel costs more than the page.
        fulfilment: fulfilmentOf(
          lines.some((l) => l.order_id === r.id && isShipped(l.type)),
          r.shipped_at,
        ),
        created_at: iso(r.created_at),
        paid_at: r.paid_at ? iso(r.paid_at) : null,
        customer: { id: r.user_id, email: r.email, name: nameOf(r) },
        total_usd: toUsd(r.total_cents),
        items: lines
          .filter((l) => l.order_id === r.id)
          .map((l) => ({ id: l.id, title: l.product_title ?? l.title, type: SkuType.parse(l.type), quantity: l.quantity })),
      }));
      return { items, page: query.page, per_page: ADMIN_ORDERS_PER_PAGE, count };
    },

    detail,

    /** Forgets the list's counts (after a change made elsewhere: a refund). */
    forgetCounts: () => counts.clear(),

    /** Mark shipped for one order (its page's form), answering the order as it now is. */
    async ship(request: FastifyRequest, admin: Admin, orderId: number, body: ShipOrderBody): Promise<AdminOrder> {
      await shipOne(request, admin, orderId, body);
      return detail(orderId);
    },

    /**
     * Mark shipped for several orders at once (the list's bulk action): one
     * carrier, each order its own tracking number, each order as its own Mark
     * shipped in its own transaction (shipped, e-mailed and audited, or left as
     * it was). An order already shipped is refused rather than re-tracked.
     * Answers what became of each, in the order asked.
     */
    async shipMany(request: FastifyRequest, admin: Admin, body: BulkShipBody): Promise<BulkShipResponse> {
      const results: BulkShipResponse['results'] = [];
      for (const { id, tracking_number } of body.orders) {
        try {
          const number = await shipOne(request, admin, id, { carrier: body.carrier, tracking_number }, { firstOnly: true });
          results.push({ id, number, shipped: true, code: null, message: null });
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          const found = await repo.findOrder(id);
          results.push({
            id,
            number: found?.number ?? null,
            shipped: false,
            code: err.code,
            message: request.t(`errors.${err.code}`, err.params),
          });
        }
      }
      return { results };
    },

    /** The team's note on an order, replaced; the audit log keeps what it said before and what it says now. */
    async setNote(request: FastifyRequest, admin: Admin, orderId: number, note: string): Promise<AdminOrder> {
      await db.transaction().execute(async (trx) => {
        const order = await adminOrdersRepository(trx).lockOrder(orderId);
        if (!order) throw new AppError('not_found', 'order_not_found');
        if (order.team_note === note) return;
        await adminOrdersRepository(trx).setNote(orderId, note);
        await recordAdminAction(trx, request, admin, 'order.note', orderTarget(order.number), {
          was_note: order.team_note,
          note,
        });
      });
      return detail(orderId);
    },

    /**
     * Packing slips (decision 062): the PDF of these orders' slips, a page
     * each in the order asked. Only an order that can be posted has one (paid,
     * with a CD or a book); any other stops the whole print with its number.
     * Each printed slip is in the audit log, so the order's timeline shows it.
     */
    async packingSlips(request: FastifyRequest, admin: Admin, orderIds: readonly number[]): Promise<Buffer> {
      const [orders, lines, countries] = await Promise.all([
        repo.ordersWithBuyers(orderIds),
        repo.linesOfOrders(orderIds),
        repo.countries(),
      ]);
      const slips = orderIds.map((id) => {
        const order = orders.find((o) => o.id === id);
        if (!order) throw new AppError('not_found', 'order_not_found');
        const own = lines.filter((l) => l.order_id === id);
        if (order.status !== 'paid' || !own.some((l) => isShipped(l.type))) {
          throw new AppError('conflict', 'packing_slip_not_printable', { number: order.number });
        }
        return { order, slip: packingSlipOf(order, own, countries) };
      });
      const pdf = await renderPackingSlips(
        slips.map((s) => s.slip),
        request.t('orders.packingSlip.documentTitle'),
      );
      await db.transaction().execute(async (trx) => {
        for (const { order } of slips) {
          await recordAdminAction(trx, request, admin, 'order.packing_slip', orderTarget(order.number), {
            orders: slips.length,
          });
        }
      });
      return pdf;
    },

    /** Resend receipt: the paid order's receipt e-mailed to the family again. */
    async resendReceipt(request: FastifyRequest, admin: Admin, orderId: number): Promise<AdminOrder> {
      await db.transaction().execute(async (trx) => {
        const order = await adminOrdersRepository(trx).lockOrder(orderId);
        if (!order) throw new AppError('not_found', 'order_not_found');
        if (order.status !== 'paid' && order.status !== 'refunded') throw new AppError('conflict', 'order_not_paid');
        const parts = await mailParts(trx, order);
        const giftReceipt = await giftReceiptForMail(trx, orderId);
        await enqueueMail(trx, {
          lang_code: order.lang_code as LangCode,
          to: parts.email,
          orderId,
          ...(await receiptMail(
            order,
            parts.lines,
            parts.name,
            giftReceipt?.receipt,
            await deliveryReader(trx)(order, order.lang_code as LangCode),
          )),
          ...(giftReceipt ? { attachments: [giftReceipt.attachment] } : {}),
        });
        await recordAdminAction(trx, request, admin, 'order.receipt', orderTarget(order.number), { to: parts.email });
      });
      return detail(orderId);
    },
  };
}

/** The list's query as the repository takes it (the contract has checked its days exist and are in order). */
export function normalize(query: { page: number; filter: AdminOrderFilter; search: string; from?: string; to?: string }) {
  const { page, filter, search, from, to } = query;
  return { page, filter, search, from, to };
}

export type AdminOrdersService = ReturnType<typeof adminOrdersService>;
