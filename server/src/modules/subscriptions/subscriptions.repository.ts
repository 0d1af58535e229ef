import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { RecurringItems } from '../../db/schema';
import { skuTitlesById, skuTitlesOf } from '../../db/titles';
import type { Titles } from '../../lib/titles';

export type RecurringRow = Selectable<RecurringItems>;
/**
 * A plan or monthly donation with what its e-mails need: the family's
 * address, name and language (its order's), and its plan's or fund's titles
 * by language (decision 038).
 */
export type RecurringWithContact = RecurringRow & {
  email: string;
  fname: string;
  lname: string;
  lang_code: string;
  titles: Titles | null;
};

/** What the processor says a subscription now is, as the local record keeps it. */
export interface SubscriptionState {
  status: 'active' | 'past_due' | 'cancelled';
  current_period_end: Date;
  cancel_at: Date | null;
  card_id: string | null;
}

/**
 * The only code that reads and writes the local record of plans and monthly
 * donations after checkout (recurring_items, renewal_payments,
 * payment_events: migration 0052). Checkout writes the first row
 * (orders.repository insertRecurring).
 */
export function subscriptionsRepository(db: Db) {
  const withContact = () =>
    db
      .selectFrom('recurring_items as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .selectAll('r')
      .select(['u.email', 'u.fname', 'u.lname', 'o.lang_code', skuTitlesOf('r.type', 'r.code').as('titles')]);

  return {
    /** The user's plans and monthly donations that still renew or may (active, past due), newest first. */
    liveOf(userId: number) {
      return db
        .selectFrom('recurring_items')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', ['active', 'past_due'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The user's subscription of this processor id, whatever its state; undefined when it is not theirs. */
    ofUser(userId: number, provider: string, subscriptionId: string) {
      return db
        .selectFrom('recurring_items')
        .selectAll()
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirst();
    },

    /** The user's newest plan (type subscription), live or not: whose invoices "my subscription" shows. */
    latestPlanOf(userId: number) {
      return db
        .selectFrom('recurring_items')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', 'subscription')
        .orderBy(sql`status = 'cancelled'`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    bySubscription(provider: string, subscriptionId: string): Promise<RecurringWithContact | undefined> {
      return withContact().where('r.provider', '=', provider).where('r.subscription_id', '=', subscriptionId).executeTakeFirst();
    },

    /**
     * Records that an event was acted on; false when it already was (a
     * webhook delivered twice). In the transaction of what the event
     * changes, so both happen or neither.
     */
    async recordEvent(provider: string, eventId: string, type: string) {
      const row = await db
        .insertInto('payment_events')
        .values({ provider, event_id: eventId, type })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return !!row;
    },

    /**
     * The record follows the processor's state; a cancelled one stays
     * cancelled (an update that arrives after the end changes nothing).
     * Answers the status it had before, or undefined when nothing changed.
     */
    async follow(id: number, state: SubscriptionState) {
      const before = await db.selectFrom('recurring_items').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before || before.status === 'cancelled') return undefined;
      await db
        .updateTable('recurring_items')
        .set({
          status: state.status,
          current_period_end: state.current_period_end,
          cancel_at: state.cancel_at,
          card_id: state.card_id,
          updated_at: sql<Date>`now()`,
          ...(state.status === 'cancelled' ? { cancelled_at: sql<Date>`coalesce(cancelled_at, now())` } : {}),
        })
        .where('id', '=', id)
        .execute();
      return before.status as SubscriptionState['status'];
    },

    /** Active again after a paid retry, or past due after a failed renewal; never once cancelled. */
    async setStatus(id: number, status: 'active' | 'past_due') {
      await db
        .updateTable('recurring_items')
        .set({ status, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '<>', 'cancelled')
        .execute();
    },

    /** A renewal paid (once per invoice): true when this call recorded it. */
    async recordPayment(values: {
      recurring_item_id: number;
      user_id: number;
      provider: string;
      invoice_id: string;
      amount_cents: number;
      /** The part that covered the card fee (decision 067). */
      fee_cents: number;
      paid_at: Date;
    }) {
      const row = await db
        .insertInto('renewal_payments')
        .values(values)
        .onConflict((oc) => oc.columns(['provider', 'invoice_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // The renewal's id (its receipt is issued to it), or undefined when the invoice was recorded before.
      return row?.id;
    },

    /** Which of these invoices are the item's paid renewals (renewal_payments): they have a receipt (decision 071). */
    async renewalInvoiceIds(itemId: number, invoiceIds: readonly string[]) {
      if (invoiceIds.length === 0) return new Set<string>();
      const rows = await db
        .selectFrom('renewal_payments')
        .select('invoice_id')
        .where('recurring_item_id', '=', itemId)
        .where('invoice_id', 'in', invoiceIds)
        .execute();
      return new Set(rows.map((r) => r.invoice_id));
    },

    /** The item's paid renewal of this invoice, as its receipt says it; undefined when there is none. */
    renewalPayment(itemId: number, invoiceId: string) {
      return db
        .selectFrom('renewal_payments')
        .select(['amount_cents', 'paid_at'])
        .where('recurring_item_id', '=', itemId)
        .where('invoice_id', '=', invoiceId)
        .executeTakeFirst();
    },

    /** The titles by language of the plan or fund a plan or monthly donation renews (sku_titles), null with none. */
    async titlesOf(id: number) {
      const row = await db
        .selectFrom('recurring_items as r')
        .select(skuTitlesOf('r.type', 'r.code').as('titles'))
        .where('r.id', '=', id)
        .executeTakeFirst();
      return row?.titles ?? null;
    },

    /** A plan's sku on sale by its code (monthly, annual), with its prices. */
    planSku(code: 'monthly' | 'annual') {
      return db
        .selectFrom('skus')
        .select(['id', 'title', 'full_price_cents', 'sale_price_cents'])
        .where('type', '=', 'subscription')
        .where('code', '=', code)
        .where('is_available', '=', true)
        .where('is_hidden', '=', false)
        .executeTakeFirst();
    },

    /** A cancel now owes the family `cents` (before the processor is asked for them). */
    async oweRefund(id: number, cents: number) {
      await db
        .updateTable('recurring_items')
        .set({ refund_owed_cents: cents, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** The refund owed was settled: `cents` of it went back (all the charges could give). */
    async refundSettled(id: number, cents: number) {
      await db
        .updateTable('recurring_items')
        .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents), refund_owed_cents: 0, updated_at: sql<Date>`now()` }))
        .where('id', '=', id)
        .execute();
    },

    /** Plans and monthly donations whose refund is owed still (the processor did not answer at the time). */
    owingRefunds(provider: string) {
      return db
        .selectFrom('recurring_items')
        .selectAll()
        .where('provider', '=', provider)
        .where('refund_owed_cents', '>', 0)
        .execute();
    },

    /** The record of a plan moved to another plan (the monthly plan to the annual one). */
    /** A monthly gift's amount with (or without) the fee it covers (decision 067). */
    async setCoveredFee(id: number, amounts: { amount_cents: number; fee_cents: number }) {
      await db
        .updateTable('recurring_items')
        .set({ ...amounts, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async changePlan(id: number, plan: { code: string; title: string; amount_cents: number; interval: 'month' | 'year' }) {
      await db
        .updateTable('recurring_items')
        .set({ ...plan, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Issue 40 item 8: live plans and monthly donations of this processor
     * renewing after `from` and by `until` on a saved card, whose card
     * expiry notice for that renewal is not sent yet.
     */
    renewingWithoutNotice(provider: string, from: Date, until: Date): Promise<RecurringWithContact[]> {
      return withContact()
        .where('r.provider', '=', provider)
        .where('r.status', '=', 'active')
        .where('r.cancel_at', 'is', null)
        .where('r.card_id', 'is not', null)
        .where('r.current_period_end', '>', from)
        .where('r.current_period_end', '<=', until)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('card_expiry_notices as n')
                .select('n.recurring_item_id')
                .whereRef('n.recurring_item_id', '=', 'r.id')
                .whereRef('n.renews_at', '=', 'r.current_period_end'),
            ),
          ),
        )
        .orderBy('r.id')
        .execute();
    },

    /**
     * Claims the card expiry notice of one renewal: true for the one call
     * (of any server) that recorded it, which then queues the e-mail in the
     * same transaction.
     */
    async claimExpiryNotice(recurringItemId: number, renewsAt: Date, cardId: string) {
      const row = await db
        .insertInto('card_expiry_notices')
        .values({ recurring_item_id: recurringItemId, renews_at: renewsAt, card_id: cardId })
        .onConflict((oc) => oc.columns(['recurring_item_id', 'renews_at']).doNothing())
        .returning('recurring_item_id')
        .executeTakeFirst();
      return !!row;
    },

    /** A monthly gift's fund on sale by its code (issue 45: a donor may move a gift to another fund). */
    /** Every monthly fund on sale (a monthly gift may move to any of them), with its titles by language. */
    monthlyFunds() {
      return db
        .selectFrom('skus')
        .select(['code', 'title', skuTitlesById('skus.id').as('titles')])
        .where('type', '=', 'recurring_donation')
        .where('is_available', '=', true)
        .where('is_hidden', '=', false)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    fundSku(code: string) {
      return db
        .selectFrom('skus')
        .select(['id', 'code', 'title'])
        .where('type', '=', 'recurring_donation')
        .where('code', '=', code)
        .where('is_available', '=', true)
        .where('is_hidden', '=', false)
        .executeTakeFirst();
    },

    /** Issue 45: a monthly gift as the donor changed it (from its next charge). */
    async changeGift(
      id: number,
      gift: {
        code: string;
        title: string;
        amount_cents: number;
        fee_cents: number;
        charge_day: number | null;
        paused_until: Date | null;
      },
    ) {
      await db
        .updateTable('recurring_items')
        .set({ ...gift, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Issue 45: live paused monthly gifts charged again after `from` and by `until`, whose notice is not sent yet. */
    resumingWithoutNotice(provider: string, from: Date, until: Date): Promise<RecurringWithContact[]> {
      return withContact()
        .where('r.provider', '=', provider)
        .where('r.status', '=', 'active')
        .where('r.cancel_at', 'is', null)
        .where('r.paused_until', '>', from)
        .where('r.paused_until', '<=', until)
        .where(sql<boolean>`r.resume_notice_for is distinct from r.paused_until`)
        .orderBy('r.id')
        .execute();
    },

    /** The payment that paid the first period of a plan: its order's charge. */
    orderPayment(orderId: number) {
      return db
        .selectFrom('orders')
        .select(['payment_id', 'payment_provider', 'total_cents'])
        .where('id', '=', orderId)
        .executeTakeFirst();
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
