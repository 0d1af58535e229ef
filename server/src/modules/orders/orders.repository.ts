import { type Insertable, type Selectable, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paged';
import { preparedQuery } from '../../db/prepared';
import type { OrderLines, Orders, RecurringItems } from '../../db/schema';
import { newOrderNumber } from '../../lib/order-number';

export type OrderRow = Selectable<Orders>;
/** An order's line (the notice's claim, `tribute_notice_sent_at`, is read only where it is claimed). */
export type OrderLineRow = Omit<Selectable<OrderLines>, 'tribute_notice_sent_at'>;
/** A new order as checkout writes it; its number is drawn on insert (insertOrder). */
export type NewOrder = Omit<Insertable<Orders>, 'number'>;
export type NewOrderLine = Omit<Insertable<OrderLines>, 'order_id'>;

/** How an order ended at the card processor. */
export interface PaymentRecord {
  payment_id: string | null;
  card_id?: string | null;
  card_brand?: string | null;
  card_last4?: string | null;
}

/**
 * The only SQL of orders (issue 13): the order and its lines, the gift card
 * balance it spent, ownership, gifts and what renews. Built over the
 * database or a transaction.
 */
export function ordersRepository(db: Db) {
  /** The pending order and its lines in one statement (see insertOrder). */
  async function insertNumbered(order: Insertable<Orders>, lines: readonly NewOrderLine[]): Promise<number | undefined> {
    const pending = db.with('o', (d) =>
      d
        .insertInto('orders')
        .values(order)
        // The index's predicate as a literal: a prepared statement's generic plan cannot match it to a parameter.
        .onConflict((oc) => oc.column('cart_id').where('status', '=', sql.lit('pending')).doNothing())
        .returning('id'),
    );
    const [first] = lines;
    if (!first) return (await pending.selectFrom('o').select('o.id').executeTakeFirst())?.id;
    const columns = Object.keys(first) as (keyof NewOrderLine & string)[];
    const query = pending
      .insertInto('order_lines')
      .columns(['order_id', ...columns])
      .expression(
        sql`select o.id, ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))}
          from o, jsonb_populate_recordset(null::order_lines, ${JSON.stringify(lines)}::jsonb) r`,
      )
      .returning('order_id');
    return (await db.executeQuery(preparedQuery(query))).rows[0]?.order_id;
  }

  return {
    /**
     * The order of the cart still waiting for its charge, if any. Read before
     * inserting, under the cart's lock: the insert alone would wait on an order
     * being completed, whose transaction waits for the cart (a deadlock).
     */
    async pendingOrderOfCart(cartId: number) {
      const query = db.selectFrom('orders').select('id').where('cart_id', '=', cartId).where('status', '=', 'pending');
      return (await db.executeQuery(preparedQuery(query))).rows[0];
    },

    /**
     * Inserts the pending order and its lines, in one statement (the lines
     * travel as one JSON parameter, typed by the table's own row type). The
     * unique index on pending orders per cart refuses a second one
     * (undefined then, and no lines).
     */
    async insertOrder(order: NewOrder, lines: readonly NewOrderLine[]): Promise<number | undefined> {
      // A number already taken (one chance in a billion per order placed) is passed over before the insert: a
      // unique violation inside the caller's transaction would abort it.
      const candidates = [newOrderNumber(), newOrderNumber(), newOrderNumber()];
      const taken = new Set(
        (await db.selectFrom('orders').select('number').where('number', 'in', candidates).execute()).map((r) => r.number),
      );
      const number = candidates.find((n) => !taken.has(n));
      if (!number) throw new Error('Three new order numbers were all taken');
      return insertNumbered({ ...order, number }, lines);
    },

    /** The user's order; undefined when it is unknown or someone else's. */
    orderOf(userId: number, orderId: number) {
      return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
    },

    findOrder(orderId: number) {
      return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    },

    async linesOf(orderId: number) {
      const query = db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position');
      return (await db.executeQuery(preparedQuery(query))).rows;
    },

    /** Records the processor's payment on the order; answers the order's status (paid already when its event came first). */
    async setPayment(orderId: number, payment: PaymentRecord & { provider: string }): Promise<string | undefined> {
      const row = await db
        .updateTable('orders')
        .set({
          payment_provider: payment.provider,
          payment_id: payment.payment_id,
          card_id: payment.card_id ?? null,
          card_brand: payment.card_brand ?? null,
          card_last4: payment.card_last4 ?? null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', orderId)
        .returning('status')
        .executeTakeFirst();
      return row?.status;
    },

    /**
     * Pending → paid: the order as it now is, with its lines and its buyer's
     * name and address for the receipt; undefined when it was no longer pending
     * (completed by the other path already).
     */
    async markPaid(orderId: number, payment: PaymentRecord, from: 'pending' | 'failed' = 'pending') {
      const query = db
        .updateTable('orders')
        .set({
          status: 'paid',
          paid_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
          ...(payment.payment_id ? { payment_id: payment.payment_id } : {}),
          ...(payment.card_brand ? { card_brand: payment.card_brand, card_last4: payment.card_last4 ?? null } : {}),
          ...(payment.card_id ? { card_id: payment.card_id } : {}),
        })
        .where('id', '=', orderId)
        // A literal: one prepared statement per state the order comes from.
        .where('status', '=', sql.lit(from))
        .returningAll()
        .returning((eb) => [
          jsonObjectFrom(
            eb
              .selectFrom('users')
              .select(['users.email', 'users.fname', 'users.lname'])
              .whereRef('users.id', '=', 'orders.user_id'),
          ).as('buyer'),
          jsonArrayFrom(
            eb.selectFrom('order_lines').selectAll().whereRef('order_lines.order_id', '=', 'orders.id').orderBy('position'),
          ).as('lines'),
        ]);
      // A few texts only: which of the payment's fields are known.
      return (await db.executeQuery(preparedQuery(query))).rows[0];
    },

    /**
     * Failed → refunded: a payment that succeeded after the order was given
     * up on, refunded at once. The order with its buyer, for the e-mail;
     * undefined when it was no longer failed (done already).
     */
    async markRefunded(orderId: number, payment: PaymentRecord) {
      return db
        .updateTable('orders')
        .set({
          status: 'refunded',
          payment_id: payment.payment_id,
          ...(payment.card_brand ? { card_brand: payment.card_brand, card_last4: payment.card_last4 ?? null } : {}),
          ...(payment.card_id ? { card_id: payment.card_id } : {}),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', orderId)
        .where('status', '=', 'failed')
        .returningAll()
        .returning((eb) =>
          jsonObjectFrom(
            eb
              .selectFrom('users')
              .select(['users.email', 'users.fname', 'users.lname'])
              .whereRef('users.id', '=', 'orders.user_id'),
          ).as('buyer'),
        )
        .executeTakeFirst();
    },

    /** Whether the family paid for an order of the same cart after this one (bought it again). */
    async paidSince(order: Pick<OrderRow, 'id' | 'user_id' | 'cart_id'>) {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', order.user_id)
        .where('id', '>', order.id)
        .where('status', '=', 'paid')
        .$if(order.cart_id !== null, (q) => q.where('cart_id', '=', order.cart_id))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Failed orders since `since` whose payment could still have succeeded:
     * given up on (authentication_failed) or unsure (processing_error).
     * Declined cards never turn into a charge.
     */
    failedMaybeCharged(since: Date) {
      return db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'failed')
        .where('failure_code', 'in', ['authentication_failed', 'processing_error'])
        .where('updated_at', '>=', since)
        .orderBy('id')
        .limit(100)
        .execute();
    },

    /** Pending → failed; false when it was no longer pending. */
    async markFailed(orderId: number, failureCode: string) {
      const r = await db
        .updateTable('orders')
        .set({ status: 'failed', failure_code: failureCode, updated_at: sql<Date>`now()` })
        .where('id', '=', orderId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Removes an order that charged nothing and granted nothing (its lines go with it). */
    async deleteOrder(orderId: number) {
      await db.deleteFrom('orders').where('id', '=', orderId).where('status', 'in', ['pending', 'failed']).execute();
    },

    /** Pending orders last touched before `before` (reconciliation). */
    stalePending(before: Date) {
      return db
        .selectFrom('orders')
        .select(['id', 'updated_at'])
        .where('status', '=', 'pending')
        .where('updated_at', '<', before)
        .orderBy('id')
        .limit(100)
        .execute();
    },

    /** Paid orders with a plan or monthly donation whose renewal did not start (a crash right after the payment). */
    paidWithoutRenewals() {
      return db
        .selectFrom('orders as o')
        .selectAll('o')
        .where('o.status', '=', 'paid')
        .where('o.card_id', 'is not', null)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('order_lines as l')
              .leftJoin('recurring_items as r', 'r.order_line_id', 'l.id')
              .select('l.id')
              .whereRef('l.order_id', '=', 'o.id')
              .where('l.type', 'in', ['recurring_donation', 'subscription'])
              .where('r.id', 'is', null),
          ),
        )
        .orderBy('o.id')
        .limit(100)
        .execute();
    },

    /**
     * Spends the user's gift card balance, oldest card first, under the
     * cards' row locks; false (nothing spent) when the balance no longer
     * covers `cents`.
     */
    async debitGiftCards(userId: number, orderId: number, cents: number) {
      if (cents === 0) return true;
      const cards = await db
        .selectFrom('gift_cards')
        .select(['id', 'balance_cents'])
        .where('recipient_user_id', '=', userId)
        .where('balance_cents', '>', 0)
        .orderBy('created_at')
        .orderBy('id')
        .forUpdate()
        .execute();
      if (cards.reduce((n, c) => n + c.balance_cents, 0) < cents) return false;
      let left = cents;
      for (const card of cards) {
        if (left === 0) break;
        const take = Math.min(left, card.balance_cents);
        await db
          .updateTable('gift_cards')
          .set((eb) => ({ balance_cents: eb('balance_cents', '-', take) }))
          .where('id', '=', card.id)
          .execute();
        await db
          .insertInto('gift_card_debits')
          .values({ order_id: orderId, gift_card_id: card.id, amount_cents: take })
          .execute();
        left -= take;
      }
      return true;
    },

    /** Gives back what a failed order spent of gift card balances. */
    async refundGiftCards(orderId: number) {
      const debits = await db.deleteFrom('gift_card_debits').where('order_id', '=', orderId).returningAll().execute();
      for (const d of debits) {
        await db
          .updateTable('gift_cards')
          .set((eb) => ({ balance_cents: eb('balance_cents', '+', d.amount_cents) }))
          .where('id', '=', d.gift_card_id)
          .execute();
      }
    },

    /**
     * Counts one redemption of the coupon unless that would pass its
     * max_redemptions (one statement, so concurrent orders cannot both take
     * the last one); false when none is left.
     */
    async redeemCoupon(couponId: number) {
      const r = await db
        .updateTable('coupons')
        .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
        .where('id', '=', couponId)
        .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async releaseCoupon(couponId: number) {
      await db
        .updateTable('coupons')
        .set((eb) => ({ redemptions: eb('redemptions', '-', 1) }))
        .where('id', '=', couponId)
        .where('redemptions', '>', 0)
        .execute();
    },

    /**
     * Empties what the order bought from its cart (lines added meanwhile stay), and its coupon and gift: one
     * statement. The shipping address stays for the next checkout, unless it was a gift's (the recipient's).
     */
    async emptyCart(cartId: number, lines: readonly OrderLineRow[], amountLineIds: readonly number[]) {
      const skuIds = lines.filter((l) => l.sku_id !== null && !isAmountType(l.type)).map((l) => l.sku_id as number);
      await db
        .with('bought', (d) =>
          d
            .deleteFrom('cart_lines')
            .where('cart_id', '=', cartId)
            .where((eb) => (skuIds.length > 0 ? eb('sku_id', 'in', skuIds) : eb.lit(false))),
        )
        .with('chosen', (d) =>
          d
            .deleteFrom('cart_amount_lines')
            .where('cart_id', '=', cartId)
            .where((eb) => (amountLineIds.length > 0 ? eb('id', 'in', amountLineIds) : eb.lit(false))),
        )
        .updateTable('carts')
        .set({
          coupon_id: null,
          gift_name: null,
          gift_email: null,
          gift_message: null,
          // The row's values before this update: a gift's address was the recipient's.
          shipping_address_id: sql<number | null>`case when gift_email is null then shipping_address_id end`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', cartId)
        .execute();
    },

    /** Records what the user now owns; what they already own stays as it was granted. */
    async grant(
      userId: number,
      items: readonly { sku_id: number; product_id: number | null; type: string }[],
      by: { order_id?: number; gift_id?: number },
    ) {
      if (items.length === 0) return;
      await db
        .insertInto('ownership')
        .values(
          items.map((i) => ({
            user_id: userId,
            sku_id: i.sku_id,
            product_id: i.product_id,
            type: i.type,
            order_id: by.order_id ?? null,
            gift_id: by.gift_id ?? null,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'sku_id']).doNothing())
        .execute();
    },

    async insertGift(gift: {
      order_id: number;
      hash_sha256: string;
      kind: 'downloads' | 'gift_card';
      sender_user_id: number;
      recipient_name: string;
      recipient_email: string;
      message: string;
      amount_cents: number | null;
      sku_ids: readonly number[];
      order_line_id: number | null;
    }) {
      const { sku_ids, ...row } = gift;
      const { id } = await db.insertInto('gifts').values(row).returning('id').executeTakeFirstOrThrow();
      if (sku_ids.length > 0)
        await db
          .insertInto('gift_skus')
          .values(sku_ids.map((sku_id) => ({ gift_id: id, sku_id })))
          .execute();
      return id;
    },

    async insertRecurring(item: Insertable<RecurringItems>) {
      await db
        .insertInto('recurring_items')
        .values(item)
        .onConflict((oc) => oc.column('order_line_id').doNothing())
        .execute();
    },

    recurringOfOrder(orderId: number) {
      return db.selectFrom('recurring_items').select(['order_line_id']).where('order_id', '=', orderId).execute();
    },

    /** The user's orders, newest first, a page at a time, with the total count. */
    /**
     * My orders: what the family bought or was charged for, newest first. A
     * declined attempt (failed: nothing charged) is not an order to them,
     * though it stays for the ministry; a pending one is listed as such.
     */
    async ordersOf(userId: number, page: number, perPage: number) {
      const theirs = db.selectFrom('orders').where('user_id', '=', userId).where('status', '<>', 'failed');
      const { rows, count } = await pageOf(
        theirs,
        (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        page,
        perPage,
      );
      return { rows, total: count };
    },

    linesOfOrders(orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_lines')
        .leftJoin('recurring_items', 'recurring_items.order_line_id', 'order_lines.id')
        .selectAll('order_lines')
        .select([
          'recurring_items.id as recurring_id',
          'recurring_items.status as recurring_status',
          'recurring_items.interval as recurring_interval',
          'recurring_items.created_at as recurring_started_at',
          'recurring_items.current_period_end as recurring_period_end',
          'recurring_items.cancel_at as recurring_cancel_at',
          // What the ministry recorded as come back of a CD or a book (decision 061: returns).
          sql<number>`(select coalesce(sum(rl.quantity), 0)::integer from order_return_lines rl
            where rl.order_line_id = order_lines.id)`.as('returned_quantity'),
          // The story's cover, and whether the line's album is in the buyer's library now (decision 071): owned by
          // them (a gift's is its recipient's; a refund takes it back).
          sql<string | null>`(select p.primary_image from products p where p.id = order_lines.product_id)`.as('cover'),
          sql<boolean>`exists (select 1 from ownership ow join orders bo on bo.id = order_lines.order_id
            where ow.user_id = bo.user_id and ow.sku_id = order_lines.sku_id and ow.product_id is not null)`.as('in_library'),
        ])
        .where('order_lines.order_id', 'in', orderIds)
        .orderBy('order_lines.order_id')
        .orderBy('order_lines.position')
        .execute();
    },

    /** A country's ISO code and English name (an order's address names it), or undefined for an id not known. */
    country(id: number) {
      return db.selectFrom('countries').select(['id', 'code', 'country_name']).where('id', '=', id).executeTakeFirst();
    },

    /** The gifts the orders sent: to whom, and whether they were claimed (My orders). */
    giftsOfOrders(orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('gifts')
        .select(['order_id', 'kind', 'recipient_name', 'recipient_email', 'claimed_at'])
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('id')
        .execute();
    },

    /** The user's recurring item; undefined when it is not theirs. */
    findRecurring(userId: number, id: number) {
      return db.selectFrom('recurring_items').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    async cancelRecurring(id: number) {
      await db
        .updateTable('recurring_items')
        .set({ status: 'cancelled', cancelled_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '<>', 'cancelled')
        .execute();
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
/** An order line with the state of what it renews (a monthly donation). */
export type OrderLineWithRecurring = Awaited<ReturnType<OrdersRepository['linesOfOrders']>>[number];

/** Lines whose amount the family chose (cart_amount_lines): donations and the gift card. */
const isAmountType = (type: string) => type === 'donation' || type === 'recurring_donation' || type === 'gift_card';
/** A gift an order sent, as My orders reads it. */
export type OrderGiftRow = Awaited<ReturnType<OrdersRepository['giftsOfOrders']>>[number];
