import type { AdminOrderFilter } from '@storyhouse/contracts';
import { type Selectable, sql } from 'kysely';
import { claimDay } from '../../db/daily-jobs';
import type { Db } from '../../db/database';
import type { OrderLines, Orders } from '../../db/schema';

export type OrderRow = Selectable<Orders>;
export type OrderLineRow = Selectable<OrderLines>;

/** What an admin looks for in the order list (issue 29 item 2). */
export interface OrderSearch {
  filter: AdminOrderFilter;
  /** Placed on or after this day, and on or before `to` (UTC days, YYYY-MM-DD). */
  from?: string;
  to?: string;
  search: string;
}

/** An order number as the family reads it (decision 023). */
const ORDER_NUMBER = /^SH-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/;

/** A LIKE pattern that matches `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The order has a CD or a book: a parcel to post. */
const hasParcel = sql<boolean>`exists (select 1 from order_lines l where l.order_id = o.id and l.type in ('physical', 'book'))`;

/** The conditions on the order itself (orders aliased o), for the page and its count alike. */
function orderConditions(q: OrderSearch) {
  const parts = [sql<boolean>`true`];
  switch (q.filter) {
    case 'to_ship':
      parts.push(sql<boolean>`o.status = 'paid' and o.shipped_at is null and ${hasParcel}`);
      break;
    case 'shipped':
      parts.push(sql<boolean>`o.shipped_at is not null`);
      break;
    case 'refunded':
      parts.push(sql<boolean>`o.status in ('refunded', 'partially_refunded')`);
      break;
    case 'all':
      break;
    default:
      parts.push(sql<boolean>`o.status = ${q.filter}`);
  }
  if (q.from) parts.push(sql<boolean>`o.created_at >= ${q.from}::date`);
  if (q.to) parts.push(sql<boolean>`o.created_at < ${q.to}::date + 1`);
  if (q.search) {
    // A whole order number finds its order by the unique index; anything else is a customer's e-mail or name.
    const number = q.search.trim().toUpperCase();
    if (ORDER_NUMBER.test(number)) parts.push(sql<boolean>`o.number = ${number}`);
    else {
      const like = containing(q.search);
      parts.push(
        sql<boolean>`o.user_id in (select u2.id from users u2 where u2.email ilike ${like} or (u2.fname || ' ' || u2.lname) ilike ${like})`,
      );
    }
  }
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The only SQL of the back office's orders: the list, an order with its buyer, and what was sent about it. */
export function adminOrdersRepository(db: Db) {
  const matching = (q: OrderSearch) =>
    db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id').where(orderConditions(q));
  /** How many match: the orders alone (the buyer is needed for the page only). */
  const countMatching = (q: OrderSearch) =>
    db
      .selectFrom('orders as o')
      .where(orderConditions(q))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

  return {
    /** Claims a once-a-day job for `day` (db/daily-jobs.ts), in the caller's transaction. */
    claimDay: (name: string, day: string) => claimDay(db, name, day),
    /** A page of the matching orders, newest first (or oldest), and (unless the caller knows it) how many match. */
    async list(
      q: OrderSearch,
      page: number,
      perPage: number,
      count: () => Promise<number> = async () => this.count(q),
      direction: 'desc' | 'asc' = 'desc',
    ) {
      const [rows, n] = await Promise.all([
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
          .orderBy('o.created_at', direction)
          .orderBy('o.id', direction)
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        count(),
      ]);
      return { rows, count: n };
    },

    async count(q: OrderSearch) {
      return Number((await countMatching(q)).n);
    },

    /** The lines of some orders, for the list's summaries. */
    linesOf(orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_lines')
        .select(['id', 'order_id', 'type', 'title', 'product_title', 'quantity'])
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('position')
        .execute();
    },

    findOrder(orderId: number) {
      return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    },

    /** The order's lines, in their order, each with its product's cover (none for a donation or a plan). */
    lines(orderId: number) {
      return db
        .selectFrom('order_lines as l')
        .leftJoin('products as p', 'p.id', 'l.product_id')
        .selectAll('l')
        .select('p.primary_image')
        .where('l.order_id', '=', orderId)
        .orderBy('l.position')
        .execute();
    },

    /** Some orders with their buyers, for their packing slips (in no particular order). */
    ordersWithBuyers(orderIds: readonly number[]) {
      return db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .selectAll('o')
        .select(['u.email', 'u.fname', 'u.lname'])
        .where('o.id', 'in', orderIds)
        .execute();
    },

    /** The whole lines of some orders, each order's in their order. */
    linesOfOrders(orderIds: readonly number[]) {
      return db
        .selectFrom('order_lines')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('position')
        .execute();
    },

    /** The countries by id (their ISO codes name them in a language). */
    countries() {
      return db.selectFrom('countries').select(['id', 'code', 'country_name']).execute();
    },

    /** The team's note on the order, replaced (not its updated_at: a failed order's timeline dates its failure by it). */
    async setNote(orderId: number, note: string) {
      await db.updateTable('orders').set({ team_note: note }).where('id', '=', orderId).execute();
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
