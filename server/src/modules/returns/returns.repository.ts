import { stockedTypes } from '@storyhouse/contracts';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database';
import { reasonTitlesOf } from './return-reasons.repository';

/** The only SQL of returns (migration 0078): what an order's parcel holds, what came back of it, and the refund given. */
export function returnsRepository(db: Db) {
  return {
    /** The order, locked until the transaction ends (a return, a refund and a shipping of one order take turns). */
    lockOrder(orderId: number) {
      return db
        .selectFrom('orders')
        .select(['id', 'number', 'status', 'shipped_at'])
        .where('id', '=', orderId)
        .forUpdate()
        .executeTakeFirst();
    },

    findOrder(orderId: number) {
      return db
        .selectFrom('orders')
        .select(['id', 'number', 'status', 'shipped_at'])
        .where('id', '=', orderId)
        .executeTakeFirst();
    },

    /** The order's CDs and books, in their order, with how many of each came back already. */
    postedLines(orderId: number) {
      return db
        .selectFrom('order_lines as l')
        .select([
          'l.id',
          'l.sku_id',
          'l.type',
          sql<string>`coalesce(l.product_title, l.title)`.as('title'),
          'l.quantity',
          sql<number>`(select coalesce(sum(rl.quantity), 0)::integer from order_return_lines rl
            where rl.order_line_id = l.id)`.as('returned'),
        ])
        .where('l.order_id', '=', orderId)
        .where('l.type', 'in', stockedTypes)
        .orderBy('l.position')
        .execute();
    },

    /** A reason still offered (not retired), with its titles. */
    offeredReason(id: number) {
      return db
        .selectFrom('return_reasons as r')
        .select(['r.id', 'r.title', reasonTitlesOf('r.id').as('titles')])
        .where('r.id', '=', id)
        .where('r.retired_at', 'is', null)
        .executeTakeFirst();
    },

    /** The reasons offered, in their order, with their titles. */
    offeredReasons() {
      return db
        .selectFrom('return_reasons as r')
        .select(['r.id', 'r.title', reasonTitlesOf('r.id').as('titles')])
        .where('r.retired_at', 'is', null)
        .orderBy('r.position')
        .orderBy('r.id')
        .execute();
    },

    async insert(
      values: { order_id: number; reason_id: number; restock: boolean; admin_id: number; admin_email: string },
      lines: readonly { order_line_id: number; quantity: number }[],
    ) {
      const { id } = await db.insertInto('order_returns').values(values).returning('id').executeTakeFirstOrThrow();
      await db
        .insertInto('order_return_lines')
        .values(lines.map((l) => ({ return_id: id, ...l })))
        .execute();
      return id;
    },

    /** The order's returns, oldest first: their lines, reason, who recorded them, and the refund given from each. */
    returnsOf(orderId: number) {
      return db
        .selectFrom('order_returns as o')
        .innerJoin('return_reasons as r', 'r.id', 'o.reason_id')
        .leftJoin('order_refunds as f', 'f.id', 'o.refund_id')
        .select((eb) => [
          'o.id',
          'o.created_at',
          'o.admin_email',
          'o.restock',
          'o.refund_id',
          'r.title as reason',
          reasonTitlesOf('r.id').as('reason_titles'),
          'f.status as refund_status',
          sql<number | null>`f.amount_cents + f.gift_card_cents`.as('refund_cents'),
          jsonArrayFrom(
            eb
              .selectFrom('order_return_lines as rl')
              .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
              .select(['rl.order_line_id as line_id', 'rl.quantity', sql<string>`coalesce(l.product_title, l.title)`.as('title')])
              .whereRef('rl.return_id', '=', 'o.id')
              .orderBy('l.position'),
          ).as('lines'),
        ])
        .where('o.order_id', '=', orderId)
        .orderBy('o.created_at')
        .orderBy('o.id')
        .execute();
    },

    /** The return of this order, locked until the transaction ends, with the state of the refund given from it. */
    lockReturn(orderId: number, returnId: number) {
      return db
        .selectFrom('order_returns as o')
        .leftJoin('order_refunds as f', 'f.id', 'o.refund_id')
        .select(['o.id', 'o.refund_id', 'f.status as refund_status'])
        .where('o.id', '=', returnId)
        .where('o.order_id', '=', orderId)
        .forUpdate('o')
        .executeTakeFirst();
    },

    findReturn(orderId: number, returnId: number) {
      return db
        .selectFrom('order_returns')
        .select('id')
        .where('id', '=', returnId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
    },

    async setRefund(returnId: number, refundId: number) {
      await db.updateTable('order_returns').set({ refund_id: refundId }).where('id', '=', returnId).execute();
    },
  };
}

export type ReturnRow = Awaited<ReturnType<ReturnType<typeof returnsRepository>['returnsOf']>>[number];
