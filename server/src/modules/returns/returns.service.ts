import type { AdminOrderReturns, LangCode, OrderReturn, RefundOrderBody, StockedType } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import { titleIn } from '../../lib/titles';
import { type RefundsService, refundLeft } from '../admin-orders/refunds';
import { orderTarget, recordAdminAction } from '../audit/audit';
import { returnToStock } from '../stock/stock.service';
import { type ReturnRow, returnsRepository } from './returns.repository';

type Admin = { id: number; email: string };
type RecordReturn = { lines: { line_id: number; quantity: number }[]; reason_id: number; restock: boolean };
type RefundPlan = { body: RefundOrderBody; cents: number };

/** An order whose parcel left and was paid for: what came back of it can be recorded (a refunded one too: restock). */
const RETURNABLE = new Set(['paid', 'partially_refunded', 'refunded']);
const isIso = (at: Date | string) => new Date(at).toISOString();

/**
 * Returns of what is posted (decision 061). On a shipped order the back
 * office records what came back (its CDs and books, how many: never more
 * than were sent less what came back before), why (a reason the ministry
 * offers) and whether the copies go back on the shelf; then refunds from it,
 * through the order's one ledger of refunds (decision 036), at most once:
 * the returned lines' part of what was paid. Each step is one transaction
 * under the order's lock, audited; the family's My orders shows what came
 * back as Returned.
 */
export function returnsService(db: Db, refunds: RefundsService) {
  /**
   * What refunding a return gives back now: each returned line's part of
   * what is left of it (its price after discount, with its tax), by its
   * quantity; every line whole and not refunded yet: a refund of those
   * lines (the ledger marks them refunded); otherwise an amount.
   */
  async function refundPlan(orderId: number, row: Pick<ReturnRow, 'lines'>): Promise<RefundPlan | null> {
    const left = await refundLeft(db, orderId);
    if (!left || (left.order.status !== 'paid' && left.order.status !== 'partially_refunded')) return null;
    const { lines, state } = left;
    let cents = 0;
    let whole = true;
    for (const r of row.lines) {
      const line = lines.find((l) => l.id === r.line_id);
      if (!line || state.done.has(line.id)) {
        whole = false;
        continue;
      }
      if (r.quantity < line.quantity) whole = false;
      cents += Math.round((state.lineLeft(line) * r.quantity) / line.quantity);
    }
    if (whole) return cents > 0 ? { body: { line_ids: row.lines.map((l) => l.line_id) }, cents } : null;
    cents = Math.min(cents, state.amountLeft);
    return cents > 0 ? { body: { amount: toUsd(cents) }, cents } : null;
  }

  async function toReturn(orderId: number, row: ReturnRow, lang: LangCode): Promise<OrderReturn> {
    const given = row.refund_status === 'done' || row.refund_status === 'pending';
    const plan = given ? null : await refundPlan(orderId, row);
    return {
      id: row.id,
      at: isIso(row.created_at),
      by: row.admin_email,
      reason: titleIn(row.reason_titles, lang, row.reason),
      restock: row.restock,
      lines: row.lines,
      refund:
        row.refund_status && row.refund_cents !== null
          ? { status: row.refund_status as 'pending' | 'done' | 'failed', amount_usd: toUsd(Number(row.refund_cents)) }
          : null,
      refundable_usd: plan ? toUsd(plan.cents) : 0,
    };
  }

  async function view(orderId: number, lang: LangCode): Promise<AdminOrderReturns> {
    const repo = returnsRepository(db);
    const order = await repo.findOrder(orderId);
    if (!order) throw new AppError('not_found', 'order_not_found');
    const [lines, rows, reasons] = await Promise.all([repo.postedLines(orderId), repo.returnsOf(orderId), repo.offeredReasons()]);
    const open = lines.some((l) => l.returned < l.quantity);
    return {
      can_return: order.shipped_at !== null && RETURNABLE.has(order.status) && open,
      lines: lines.map((l) => ({
        line_id: l.id,
        type: l.type as StockedType,
        title: l.title,
        quantity: l.quantity,
        returned_quantity: l.returned,
      })),
      returns: await Promise.all(rows.map((row) => toReturn(orderId, row, lang))),
      reasons: reasons.map((r) => ({ id: r.id, title: titleIn(r.titles, lang, r.title) })),
    };
  }

  return {
    /** GET /crud/admin/orders/{id}/returns. */
    view,

    /** POST /crud/admin/orders/{id}/returns: recorded, copies back on the shelf when chosen, audited. */
    async record(request: FastifyRequest, admin: Admin, orderId: number, body: RecordReturn) {
      await db.transaction().execute(async (trx) => {
        const repo = returnsRepository(trx);
        const order = await repo.lockOrder(orderId);
        if (!order) throw new AppError('not_found', 'order_not_found');
        if (!order.shipped_at || !RETURNABLE.has(order.status)) throw new AppError('conflict', 'return_not_shipped');
        const reason = await repo.offeredReason(body.reason_id);
        if (!reason) {
          throw new AppError('invalid_data', 'return_reason_unknown', {}, { reason_id: { key: 'errors.return_reason_unknown' } });
        }
        const posted = await repo.postedLines(orderId);
        const chosen = body.lines.map((l) => {
          const line = posted.find((p) => p.id === l.line_id);
          // A line of another order, a download, or more copies than are still out: nothing is recorded.
          if (!line || l.quantity > line.quantity - line.returned) throw new AppError('conflict', 'return_lines_invalid');
          return { line, quantity: l.quantity };
        });
        const returnId = await repo.insert(
          { order_id: orderId, reason_id: reason.id, restock: body.restock, admin_id: admin.id, admin_email: admin.email },
          chosen.map((c) => ({ order_line_id: c.line.id, quantity: c.quantity })),
        );
        if (body.restock) {
          await returnToStock(
            trx,
            chosen.map((c) => ({ sku_id: c.line.sku_id, type: c.line.type, quantity: c.quantity })),
          );
        }
        await recordAdminAction(trx, request, admin, 'order.return', orderTarget(order.number), {
          return_id: returnId,
          reason: reason.title,
          restock: body.restock,
          returned_items: chosen.map((c) => `${c.line.title} ×${c.quantity}`).join(', '),
        });
      });
      return view(orderId, request.siteLang);
    },

    /**
     * POST /crud/admin/orders/{id}/returns/{returnId}/refund: the return's
     * refund (refundPlan), given through the order's ledger; the refund is
     * tied to its return in the transaction that writes it, so a second
     * refund of one return is refused (409 return_already_refunded) unless
     * the processor refused the first.
     */
    async refund(request: FastifyRequest, admin: Admin, orderId: number, returnId: number) {
      const row = (await returnsRepository(db).returnsOf(orderId)).find((r) => r.id === returnId);
      if (!row) throw new AppError('not_found', 'return_not_found');
      if (row.refund_status === 'done' || row.refund_status === 'pending') {
        throw new AppError('conflict', 'return_already_refunded');
      }
      const plan = await refundPlan(orderId, row);
      if (!plan) throw new AppError('conflict', 'return_nothing_to_refund');
      await refunds.refund(request, admin, orderId, plan.body, async (trx, refund) => {
        const repo = returnsRepository(trx);
        const locked = await repo.lockReturn(orderId, returnId);
        if (!locked) throw new AppError('not_found', 'return_not_found');
        // Read again under the order's lock: another volunteer's click may have refunded it meanwhile.
        if (locked.refund_status === 'done' || locked.refund_status === 'pending') {
          throw new AppError('conflict', 'return_already_refunded');
        }
        await repo.setRefund(returnId, refund.id);
      });
      return view(orderId, request.siteLang);
    },
  };
}

export type ReturnsService = ReturnType<typeof returnsService>;
