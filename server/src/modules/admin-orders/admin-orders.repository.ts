import type { AdminOrderFilter } from '@storyhouse/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';

/** What an admin looks for in the order list (issue 29 item 2). */
export interface OrderSearch {
  filter: AdminOrderFilter;
  /** Placed on or after this day, and on or before `to` (UTC days, YYYY-MM-DD). */
  from?: string;
  to?: string;
  search: string;
}

const SHIPPED_TYPES = ['physical', 'book'];

/** The order has a CD or a book: a parcel to post. */
const hasParcel = (eb: ExpressionBuilder<DB & { o: DB['orders'] }, 'o'>) =>
  eb.exists(
    eb
      .selectFrom('order_lines as l')
      .select(sql`1`.as('one'))
      .whereRef('l.order_id', '=', 'o.id')
      .where('l.type', 'in', SHIPPED_TYPES),
  );

/** A LIKE pattern that matches `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only SQL of the back office's orders: the list, an order with its buyer, and what was sent about it. */
export function adminOrdersRepository(db: Db) {
  const matching = (q: OrderSearch) => {
    let query = db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id');
    switch (q.filter) {
      case 'to_ship':
        query = query.where('o.status', '=', 'paid').where('o.shipped_at', 'is', null).where(hasParcel);
        break;
      case 'shipped':
        query = query.where('o.shipped_at', 'is not', null);
        break;
      case 'all':
        break;
      default:
        query = query.where('o.status', '=', q.filter);
    }
    if (q.from) query = query.where('o.created_at', '>=', sql<Date>`${q.from}::date`);
    if (q.to) query = query.where('o.created_at', '<', sql<Date>`${q.to}::date + 1`);
    if (q.search) {
      const like = containing(q.search);
      query = query.where((eb) =>
        eb.or([
          eb('o.number', 'ilike', like),
          eb('u.email', 'ilike', like),
          eb(sql`u.fname || ' ' || u.lname`, 'ilike', like),
          eb('o.gift_name', 'ilike', like),
        ]),
      );
    }
    return query;
  };

  return {
    async list(q: OrderSearch, page: number, perPage: number) {
      const [rows, count] = await Promise.all([
        matching(q)
          .select([
            'o.id',
            'o.number',
            'o.status',
            'o.created_at',
            'o.paid_at',
            'o.shipped_at',
            'o.total_cents',
            'u.id as user_id',
            'u.email',
            'u.fname',
            'u.lname',
          ])
          .select((eb) => hasParcel(eb).as('has_parcel'))
          .orderBy('o.created_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        matching(q)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },

    /** The lines of some orders, for the list's summaries. */
    linesOf(orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_lines')
        .select(['order_id', 'type', 'title', 'product_title', 'quantity'])
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('position')
        .execute();
    },

    buyerOf(userId: number) {
      return db.selectFrom('users').select(['id', 'email', 'fname', 'lname']).where('id', '=', userId).executeTakeFirstOrThrow();
    },

    /** The order, locked until the transaction ends (two admins marking it shipped at once: one after the other). */
    lockOrder(orderId: number) {
      return db.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
    },

    async ship(
      orderId: number,
      shipment: { carrier: string | null; tracking_number: string | null; tracking_url: string | null },
    ) {
      await db
        .updateTable('orders')
        .set({ ...shipment, shipped_at: sql<Date>`coalesce(shipped_at, now())`, updated_at: sql<Date>`now()` })
        .where('id', '=', orderId)
        .execute();
    },

    /** The e-mails sent about the order, oldest first. */
    mailsOf(orderId: number) {
      return db
        .selectFrom('mail_outbox')
        .select(['subject', 'to_address', 'created_at', 'sent_at', 'status'])
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}
