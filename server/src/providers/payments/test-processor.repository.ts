import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type {
  TestProcessorEvents,
  TestProcessorInvoices,
  TestProcessorPayments,
  TestProcessorRefunds,
  TestProcessorSetups,
  TestProcessorSubscriptions,
  TestProcessorTokens,
} from '../../db/schema';

export type TokenRow = Selectable<TestProcessorTokens>;
export type SubscriptionRow = Selectable<TestProcessorSubscriptions>;
export type InvoiceRow = Selectable<TestProcessorInvoices> & { interval: string; product_code: string };
export type RefundRow = Selectable<TestProcessorRefunds>;
export type EventRow = Selectable<TestProcessorEvents>;
/** A card as the customer sees it: the card's id with its token's details. */
export type CardRow = Pick<TokenRow, 'name' | 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'behaviour'> & { id: string };
/** A payment with the brand and last4 of the card it was tried on, when one was found. */
export type PaymentRow = Selectable<TestProcessorPayments> & { brand: string | null; last4: string | null };

/**
 * The only code that touches the test processor's tables (0014). Every
 * function runs on the Db it is given, so the processor composes them in
 * one transaction.
 */
export function testProcessorRepository(db: Db) {
  const cards = () =>
    db
      .selectFrom('test_processor_cards as c')
      .innerJoin('test_processor_tokens as t', 't.id', 'c.token_id')
      .select(['c.id', 't.name', 't.brand', 't.last4', 't.exp_month', 't.exp_year', 't.behaviour']);

  const payments = () =>
    db
      .selectFrom('test_processor_payments as p')
      .leftJoin('test_processor_cards as c', 'c.id', 'p.card_id')
      .leftJoin('test_processor_tokens as t', (join) => join.on('t.id', '=', sql<string>`coalesce(p.token_id, c.token_id)`))
      .selectAll('p')
      .select(['t.brand', 't.last4']);

  const invoices = () =>
    db
      .selectFrom('test_processor_invoices as i')
      .innerJoin('test_processor_subscriptions as s', 's.id', 'i.subscription_id')
      .selectAll('i')
      .select(['s.interval', 's.product_code']);

  return {
    /** How far ahead of the real time the test clock is, in seconds (0 until it is moved). */
    async clockOffsetSeconds() {
      const query = db.selectFrom('test_processor_clock').select('offset_seconds');
      return (await db.executeQuery(preparedQuery(query))).rows[0]?.offset_seconds ?? 0;
    },

    /** Moves the clock forward by `seconds` in one statement: two moves at once both count, neither is refused. */
    async moveClockBy(seconds: number) {
      await db
        .updateTable('test_processor_clock')
        .set((eb) => ({ offset_seconds: eb('offset_seconds', '+', seconds) }))
        .execute();
    },

    /** Sets the clock's offset, never back: false when it already is further ahead. */
    async moveClock(offsetSeconds: number) {
      const r = await db
        .updateTable('test_processor_clock')
        .set({ offset_seconds: offsetSeconds })
        .where('offset_seconds', '<=', offsetSeconds)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async insertCustomer(values: { id: string; user_id: number; email: string; name: string; created_at: Date }) {
      await db.insertInto('test_processor_customers').values(values).execute();
    },

    async customerExists(id: string) {
      return !!(await db.selectFrom('test_processor_customers').select('id').where('id', '=', id).executeTakeFirst());
    },

    async insertToken(values: Insertable<TestProcessorTokens>) {
      await db.insertInto('test_processor_tokens').values(values).execute();
    },

    /** Spends a token once: the row when it was unused, else undefined (used, or no such token). */
    spendToken(id: string, customerId: string, at: Date) {
      return db
        .updateTable('test_processor_tokens')
        .set({ used_at: at, used_by: customerId })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    async insertCard(values: { id: string; customer_id: string; token_id: string; created_at: Date }) {
      await db.insertInto('test_processor_cards').values(values).execute();
    },

    async insertSetup(values: Insertable<TestProcessorSetups>) {
      await db.insertInto('test_processor_setups').values(values).execute();
    },

    /** The customer's card setup (issue 40 item 8), whatever its state. */
    setupOf(customerId: string, id: string) {
      return db
        .selectFrom('test_processor_setups')
        .selectAll()
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
    },

    /** A setup still waiting for the cardholder, locked until the transaction ends (two answers: the first counts). */
    lockWaitingSetup(id: string) {
      return db
        .selectFrom('test_processor_setups')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'requires_action')
        .forUpdate()
        .executeTakeFirst();
    },

    async settleSetup(id: string, values: { status: 'succeeded' | 'failed'; card_id: string | null; updated_at: Date }) {
      await db.updateTable('test_processor_setups').set(values).where('id', '=', id).execute();
    },

    /** The customer's card, unless detached. */
    async cardOf(customerId: string, cardId: string): Promise<CardRow | undefined> {
      const query = cards().where('c.id', '=', cardId).where('c.customer_id', '=', customerId).where('c.detached_at', 'is', null);
      return (await db.executeQuery(preparedQuery(query))).rows[0];
    },

    async listCards(customerId: string): Promise<CardRow[]> {
      const query = cards()
        .where('c.customer_id', '=', customerId)
        .where('c.detached_at', 'is', null)
        .orderBy('c.created_at')
        .orderBy('c.id');
      return (await db.executeQuery(preparedQuery(query))).rows;
    },

    async detachCard(customerId: string, cardId: string, at: Date) {
      const r = await db
        .updateTable('test_processor_cards')
        .set({ detached_at: at })
        .where('id', '=', cardId)
        .where('customer_id', '=', customerId)
        .where('detached_at', 'is', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /**
     * Takes the idempotency key: the row when this call wrote it, with its
     * event when one is given (one statement, so both or neither). When
     * another call holds the key, the insert waits for its transaction and
     * then does nothing (the unique constraint decides, under any
     * concurrency): undefined.
     */
    async claimPayment(values: Insertable<TestProcessorPayments>, event?: Insertable<TestProcessorEvents>) {
      const claimed = db.with('p', (d) =>
        d
          .insertInto('test_processor_payments')
          .values(values)
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .returningAll(),
      );
      if (!event) return claimed.selectFrom('p').selectAll().executeTakeFirst();
      const query = claimed
        .with('e', (d) =>
          d
            .insertInto('test_processor_events')
            .columns(['id', 'type', 'payload', 'created_at'])
            .expression((eb) =>
              eb
                .selectFrom('p')
                .select([
                  sql<string>`${event.id}::text`.as('id'),
                  sql<string>`${event.type}::text`.as('type'),
                  sql<string>`${event.payload}::jsonb`.as('payload'),
                  sql<Date>`${event.created_at}::timestamptz`.as('created_at'),
                ]),
            ),
        )
        .selectFrom('p')
        .selectAll();
      return (await db.executeQuery(preparedQuery(query))).rows[0];
    },

    updatePayment(id: string, values: Updateable<TestProcessorPayments>) {
      return db.updateTable('test_processor_payments').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },

    paymentById(id: string): Promise<PaymentRow | undefined> {
      return payments().where('p.id', '=', id).executeTakeFirst();
    },

    paymentByKey(idempotencyKey: string): Promise<PaymentRow | undefined> {
      return payments().where('p.idempotency_key', '=', idempotencyKey).executeTakeFirst();
    },

    /** The newest charge whose metadata names the order. */
    paymentByOrder(orderId: string): Promise<PaymentRow | undefined> {
      return payments()
        .where('p.order_id', '=', orderId)
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .executeTakeFirst();
    },

    /** Settles a payment waiting for authentication, once: false when it was not waiting (or the secret is wrong). */
    async settleAuthentication(id: string, clientSecret: string, values: Updateable<TestProcessorPayments>) {
      const r = await db
        .updateTable('test_processor_payments')
        .set(values)
        .where('id', '=', id)
        .where('client_secret', '=', clientSecret)
        .where('status', '=', 'requires_action')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** requires_action → canceled (Stripe's cancel of an unfinished PaymentIntent); false when it was not waiting. */
    async cancelWaitingPayment(id: string, at: Date) {
      const r = await db
        .updateTable('test_processor_payments')
        .set({ status: 'canceled', updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'requires_action')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** Locks the payment until the transaction ends (refunds of one payment one at a time). */
    lockPayment(id: string) {
      return db.selectFrom('test_processor_payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    refundByKey(idempotencyKey: string) {
      return db.selectFrom('test_processor_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    },

    /** Writes the refund and counts it on the payment; the payment's check refuses more than was paid. */
    async insertRefund(values: Insertable<TestProcessorRefunds>) {
      await db.insertInto('test_processor_refunds').values(values).execute();
      await db
        .updateTable('test_processor_payments')
        .set((eb) => ({
          amount_refunded_cents: eb('amount_refunded_cents', '+', values.amount_cents),
          updated_at: values.created_at,
        }))
        .where('id', '=', values.payment_id)
        .execute();
    },

    async claimSubscription(values: Insertable<TestProcessorSubscriptions>) {
      const row = await db
        .insertInto('test_processor_subscriptions')
        .values(values)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },

    subscriptionByKey(idempotencyKey: string) {
      return db
        .selectFrom('test_processor_subscriptions')
        .selectAll()
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    /** The subscription, locked until the transaction ends: changes to one subscription happen one at a time. */
    lockSubscription(id: string) {
      return db.selectFrom('test_processor_subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    updateSubscription(id: string, values: Updateable<TestProcessorSubscriptions>) {
      return db
        .updateTable('test_processor_subscriptions')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    listSubscriptions(customerId: string) {
      return db
        .selectFrom('test_processor_subscriptions')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    subscriptionById(id: string) {
      return db.selectFrom('test_processor_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Claims one subscription with something to do by `at` (a period to
     * bill, a retry, a cancellation that takes effect), locked until the
     * transaction ends; one another transaction holds is skipped, so
     * instances billing side by side never take the same one.
     */
    claimDueSubscription(at: Date) {
      return db
        .selectFrom('test_processor_subscriptions')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'active'), eb.or([eb('current_period_end', '<=', at), eb('cancel_at', '<=', at)])]),
            eb.and([eb('status', '=', 'past_due'), eb.or([eb('retry_at', '<=', at), eb('cancel_at', '<=', at)])]),
          ]),
        )
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
    },

    /** The invoice a failed renewal left open, if any. */
    openInvoice(subscriptionId: string): Promise<InvoiceRow | undefined> {
      return invoices()
        .where('i.subscription_id', '=', subscriptionId)
        .where('i.status', '=', 'open')
        .orderBy('i.created_at', 'desc')
        .executeTakeFirst();
    },

    /** A subscription that ends leaves no invoice to collect. */
    async closeOpenInvoices(subscriptionId: string) {
      await db
        .updateTable('test_processor_invoices')
        .set({ status: 'uncollectible', next_payment_attempt: null })
        .where('subscription_id', '=', subscriptionId)
        .where('status', '=', 'open')
        .execute();
    },

    async insertInvoice(values: Insertable<TestProcessorInvoices>) {
      await db.insertInto('test_processor_invoices').values(values).execute();
    },

    async updateInvoice(id: string, values: Updateable<TestProcessorInvoices>) {
      await db.updateTable('test_processor_invoices').set(values).where('id', '=', id).execute();
    },

    invoiceById(id: string): Promise<InvoiceRow | undefined> {
      return invoices().where('i.id', '=', id).executeTakeFirst();
    },

    /**
     * A page of a subscription's invoices, newest first (Stripe's list
     * paging): after the cursor (older), or before it (newer); one row more
     * than the limit tells whether there are more.
     */
    async invoicePage(
      subscriptionId: string,
      limit: number,
      cursor?: { direction: 'after' | 'before'; created_at: Date; id: string },
    ) {
      let q = invoices().where('i.subscription_id', '=', subscriptionId);
      const before = cursor?.direction === 'before';
      if (cursor) {
        const key = sql`(${cursor.created_at}::timestamptz, ${cursor.id}::text)`;
        q = q.where(sql<boolean>`(i.created_at, i.id) ${sql.raw(before ? '>' : '<')} ${key}`);
      }
      const order = before ? 'asc' : 'desc';
      const rows = await q
        .orderBy('i.created_at', order)
        .orderBy('i.id', order)
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      return { rows: before ? page.reverse() : page, hasMore: rows.length > limit };
    },

    async insertEvent(values: Insertable<TestProcessorEvents>) {
      await db.insertInto('test_processor_events').values(values).execute();
    },

    /** The oldest undelivered event no one is delivering, leased for a minute to the caller; undefined when none. */
    leasePendingEvent() {
      return db
        .updateTable('test_processor_events')
        .set({ lease_until: sql<Date>`now() + interval '1 minute'` })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('test_processor_events')
            .select('id')
            .where('delivered_at', 'is', null)
            .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', sql<Date>`now()`)]))
            .orderBy('created_at')
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .executeTakeFirst();
    },

    async markDelivered(id: string) {
      const query = db
        .updateTable('test_processor_events')
        .set((eb) => ({ delivered_at: sql<Date>`now()`, delivery_attempts: eb('delivery_attempts', '+', 1), last_error: null }))
        .where('id', '=', id);
      await db.executeQuery(preparedQuery(query));
    },

    async markUndelivered(id: string, error: string) {
      await db
        .updateTable('test_processor_events')
        .set((eb) => ({ delivery_attempts: eb('delivery_attempts', '+', 1), last_error: error.slice(0, 1000) }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type TestProcessorRepository = ReturnType<typeof testProcessorRepository>;
