import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderRefunds } from '../../db/schema';

export type RefundRow = Selectable<OrderRefunds>;

/** The only SQL of order refunds (migration 0053): the refund's record, and what it gives back. */
export function refundsRepository(db: Db) {
  return {
    ofOrder(orderId: number) {
      return db
        .selectFrom('order_refunds as r')
        .leftJoin('users as u', 'u.id', 'r.admin_id')
        .selectAll('r')
        .select('u.email as admin_email')
        .where('r.order_id', '=', orderId)
        .orderBy('r.created_at')
        .orderBy('r.id')
        .execute();
    },

    /**
     * Refunds the processor refused (nothing went back) that no later refund of the order made good, oldest first:
     * a volunteer's to-do (the overview). A page of them and how many there are.
     */
    async refusedUnresolved(limit: number) {
      const refused = db
        .selectFrom('order_refunds as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .where('r.status', '=', 'failed')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('order_refunds as later')
                .select('later.id')
                .whereRef('later.order_id', '=', 'r.order_id')
                .where('later.status', '=', 'done')
                .whereRef('later.created_at', '>', 'r.created_at'),
            ),
          ),
        );
      const [rows, count] = await Promise.all([
        refused
          .select(['r.order_id', 'o.number', 'r.amount_cents', 'r.gift_card_cents', 'r.created_at'])
          .orderBy('r.created_at')
          .orderBy('r.id')
          .limit(limit)
          .execute(),
        refused.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },

    byKey(idempotencyKey: string) {
      return db.selectFrom('order_refunds').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    },

    async insert(values: Insertable<OrderRefunds>) {
      return db.insertInto('order_refunds').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** The processor's refund made: done, once (false when it was settled already). */
    async markDone(id: number, processorRefundId: string | null) {
      const r = await db
        .updateTable('order_refunds')
        .set({ status: 'done', processor_refund_id: processorRefundId, settled_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** The processor refused: failed, once (false when it was settled already). */
    async markFailed(id: number) {
      const r = await db
        .updateTable('order_refunds')
        .set({ status: 'failed', settled_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /**
     * The gift cards the order bought, by their line: the gift, whether a
     * refund took it back, and its card once claimed (with what it has left).
     * `lock`: gifts then cards locked until the transaction ends, each in id
     * order, as a claim (the gift) and a purchase that spends (the card) lock
     * them, so a refund and a spend of one card take turns (decision 036).
     */
    async boughtGiftCards(orderId: number, { lock }: { lock: boolean }) {
      const giftsQuery = db
        .selectFrom('gifts')
        .select(['id', 'order_line_id', 'amount_cents', 'refund_id'])
        .where('order_id', '=', orderId)
        .where('kind', '=', 'gift_card')
        .orderBy('id');
      const gifts = await (lock ? giftsQuery.forUpdate() : giftsQuery).execute();
      if (gifts.length === 0) return [];
      const cardsQuery = db
        .selectFrom('gift_cards')
        .select(['id', 'gift_id', 'balance_cents'])
        .where(
          'gift_id',
          'in',
          gifts.map((g) => g.id),
        )
        .orderBy('id');
      const cards = await (lock ? cardsQuery.forUpdate() : cardsQuery).execute();
      return gifts.map((g) => {
        const card = cards.find((c) => c.gift_id === g.id);
        return {
          giftId: g.id,
          lineId: g.order_line_id,
          cardId: card?.id ?? null,
          /** What the card can still spend: its balance once claimed, its whole amount before; nothing once refunded. */
          unspentCents: g.refund_id !== null ? 0 : card ? card.balance_cents : (g.amount_cents ?? 0),
        };
      });
    },

    /** A refund takes back what bought gift cards have left: off a claimed card's balance; an unclaimed one can no longer be claimed. */
    async takeBackGiftCards(refundId: number, takes: readonly { giftId: number; cardId: number | null; cents: number }[]) {
      for (const take of takes) {
        await db
          .updateTable('gifts')
          .set({ refund_id: refundId, refunded_cents: take.cents })
          .where('id', '=', take.giftId)
          .execute();
        if (take.cardId !== null) {
          await db
            .updateTable('gift_cards')
            .set((eb) => ({ balance_cents: eb('balance_cents', '-', take.cents) }))
            .where('id', '=', take.cardId)
            .execute();
        }
      }
    },

    /** A refund the processor refused gives the bought gift cards back what it had taken. */
    async restoreGiftCards(refundId: number) {
      const taken = await db
        .selectFrom('gifts')
        .select(['id', 'refunded_cents'])
        .where('refund_id', '=', refundId)
        .orderBy('id')
        .forUpdate()
        .execute();
      for (const gift of taken) {
        await db
          .updateTable('gift_cards')
          .set((eb) => ({ balance_cents: eb('balance_cents', '+', gift.refunded_cents) }))
          .where('gift_id', '=', gift.id)
          .execute();
        await db.updateTable('gifts').set({ refund_id: null, refunded_cents: 0 }).where('id', '=', gift.id).execute();
      }
    },

    /** Refunds the processor was asked for a while ago and that are not settled (the process stopped, it did not answer). */
    stalePending(before: Date) {
      return db
        .selectFrom('order_refunds')
        .selectAll()
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .execute();
    },

    /** Counts a settled refund on its order: what went back, and the order's new state. */
    async countOnOrder(orderId: number, cents: { card: number; giftCard: number }, status: 'refunded' | 'partially_refunded') {
      await db
        .updateTable('orders')
        .set((eb) => ({
          refunded_cents: eb('refunded_cents', '+', cents.card),
          gift_card_returned_cents: eb('gift_card_returned_cents', '+', cents.giftCard),
          status,
          updated_at: sql<Date>`now()`,
        }))
        .where('id', '=', orderId)
        .execute();
    },

    /**
     * Gives `cents` back to the gift cards that paid part of the order, in
     * the order they were spent, never more than each gave.
     */
    async returnToGiftCards(orderId: number, cents: number) {
      let left = cents;
      const debits = await db
        .selectFrom('gift_card_debits')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('gift_card_id')
        .execute();
      for (const debit of debits) {
        if (left <= 0) break;
        const back = Math.min(left, debit.amount_cents);
        left -= back;
        await db
          .updateTable('gift_cards')
          .set((eb) => ({ balance_cents: eb('balance_cents', '+', back) }))
          .where('id', '=', debit.gift_card_id)
          .execute();
        const q = db
          .updateTable('gift_card_debits')
          .where('order_id', '=', orderId)
          .where('gift_card_id', '=', debit.gift_card_id);
        if (back === debit.amount_cents) {
          await db
            .deleteFrom('gift_card_debits')
            .where('order_id', '=', orderId)
            .where('gift_card_id', '=', debit.gift_card_id)
            .execute();
        } else await q.set({ amount_cents: debit.amount_cents - back }).execute();
      }
      return cents - left;
    },

    /** Refunded downloads leave the library of whoever has them from this order (the buyer, or a gift's recipient). */
    async removeDownloads(orderId: number, skuIds: readonly number[]) {
      if (skuIds.length === 0) return;
      await db
        .deleteFrom('ownership')
        .where((eb) =>
          eb.or([
            eb('order_id', '=', orderId),
            eb('gift_id', 'in', eb.selectFrom('gifts').select('id').where('order_id', '=', orderId)),
          ]),
        )
        .where('sku_id', 'in', skuIds)
        .where('type', 'in', ['digital_album', 'digital_track'])
        .execute();
    },

    /** The renewals a refunded line had started (a plan, a monthly donation). */
    renewalsOf(lineIds: readonly number[]) {
      if (lineIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('recurring_items')
        .select(['subscription_id', 'status'])
        .where('order_line_id', 'in', lineIds)
        .execute();
    },

    orderByPayment(paymentId: string) {
      return db.selectFrom('orders').select('id').where('payment_id', '=', paymentId).executeTakeFirst();
    },
  };
}
