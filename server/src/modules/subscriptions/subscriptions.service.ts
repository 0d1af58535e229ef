import {
  coverFeeCents,
  type GiftChangeBody,
  type Invoice,
  type InvoicesResponse,
  invoiceReceiptPath,
  type LangCode,
  type MonthlyFundsResponse,
  type MySubscription,
  type RenewalReceiptsResponse,
  type SubscriptionPlan,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import { titleIn } from '../../lib/titles';
import type { Metrics } from '../../plugins/metrics';
import { enqueueMail } from '../../providers/mail/outbox';
import {
  type PaymentProvider,
  PaymentRequestError,
  PaymentUnavailableError,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../../providers/payments/payment-provider';
import { unusedCents } from '../../providers/payments/proration';
import { refundsService } from '../admin-orders/refunds';
import { auditTarget, recordFamilyAction } from '../audit/audit';
import { priceCents } from '../catalogue/pricing';
import { givingFeeService } from '../giving-fee/giving-fee.service';
import { existingCustomer } from '../payments/customers';
import { receiptsService } from '../receipts/receipts.service';
import { giftChangedMail, nextChargeAt } from './monthly-gifts';
import { cardChangedMail, renewalReceiptMail } from './renewal-mail';
import { followProcessor } from './subscription-events';
import { type RecurringRow, subscriptionsRepository } from './subscriptions.repository';

/** Spec §9: the cancel cutoff. A period ending within a month of now is cancelled at its end. */
const CANCEL_CUTOFF_MONTHS = 1;
/** Invoices a page (spec §2: the invoice table with prev/next paging). */
export const INVOICES_PER_PAGE = 10;

/** Spec §4: at the period's end when a trial still has hours left or the period ends within a month; otherwise now. */
export function cancelKind(sub: Pick<ProviderSubscription, 'trialEnd' | 'currentPeriodEnd'>, now: Date): 'now' | 'period_end' {
  if (sub.trialEnd && sub.trialEnd > now) return 'period_end';
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() + CANCEL_CUTOFF_MONTHS);
  return sub.currentPeriodEnd <= cutoff ? 'period_end' : 'now';
}

/** The product an invoice line names (spec §5: a plan's starts with `subscription-`, which the table shows). */
const productOf = (type: string, code: string) => `${type === 'subscription' ? 'subscription' : 'donation'}-${code}`;

const iso = (d: Date) => d.toISOString();

/**
 * Issue 28: a family's plan and monthly donations after checkout (spec §2
 * My subscription, §4 Subscription, §7 the calls): seen with their
 * invoices, cancelled now (the unused part refunded) or at the period's
 * end, resumed, moved to another card or from the monthly plan to the
 * annual one. The processor holds the truth; the local record follows it
 * (followProcessor) on every answer as on every event.
 */
export function subscriptionsService(
  db: Db,
  payments: PaymentProvider,
  { origins, report }: { origins: Record<LangCode, string>; report?: Pick<Metrics, 'refunded'> },
) {
  const repo = subscriptionsRepository(db);
  /** The orders' ledger of refunds: a cancel's refund is one of its order (decision 036). */
  const ledger = refundsService(db, payments, { origins, report });

  /** The processor's answer, or the spec's subscription_error_retrieving when it does not answer. */
  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentUnavailableError)
        throw new AppError('unavailable', 'subscription_error_retrieving', {}, undefined, error);
      throw error;
    }
  }

  /** The user's subscription of this id: 404 no_subscription for another family's, or one that never was. */
  async function own(userId: number, subscriptionId: string) {
    const item = await repo.ofUser(userId, payments.name, subscriptionId);
    if (!item) throw new AppError('not_found', 'no_subscription');
    return item;
  }

  /** The live subscription at the processor, the local record brought up to date with it. */
  async function live(item: RecurringRow) {
    const sub = await ask(() => payments.retrieveSubscription(item.subscription_id));
    if (!sub) throw new AppError('not_found', 'no_subscription');
    await follow(item, sub);
    return sub;
  }

  async function follow(item: RecurringRow, sub: ProviderSubscription) {
    await db.transaction().execute(async (trx) => {
      const withContact = await subscriptionsRepository(trx).bySubscription(item.provider, item.subscription_id);
      if (withContact) await followProcessor(trx, withContact, sub, origins);
    });
  }

  /** The annual plan on sale now (its price), for the change from the monthly plan. */
  async function annualPlan() {
    const sku = await repo.planSku('annual');
    return sku ? { title: sku.title, cents: priceCents(sku) } : null;
  }

  async function toView(
    item: RecurringRow,
    sub: ProviderSubscription,
    cards: Map<string, { brand: string; last4: string }>,
    lang?: LangCode,
  ) {
    const now = sub.clockTime ?? new Date();
    const status = sub.status === 'canceled' ? 'cancelled' : sub.status === 'past_due' ? 'past_due' : 'active';
    const kind = cancelKind(sub, now);
    const unused = unusedCents(sub.amountCents, sub.currentPeriodStart, sub.currentPeriodEnd, now);
    let pastDue: MySubscription['past_due'] = null;
    if (status === 'past_due') {
      const open = (await ask(() => payments.listInvoices(sub.subscriptionId, { limit: 3 }))).data.find(
        (i) => i.status === 'open',
      );
      pastDue = {
        amount_usd: toUsd(open?.totalCents ?? sub.amountCents),
        next_attempt_at: open?.nextPaymentAttempt ? iso(open.nextPaymentAttempt) : null,
      };
    }
    let upgrade: MySubscription['upgrade'] = null;
    if (item.type === 'subscription' && sub.productCode === 'monthly' && status === 'active' && !sub.cancelAt) {
      const annual = await annualPlan();
      if (annual)
        upgrade = { code: 'annual', price_usd: toUsd(annual.cents), due_now_usd: toUsd(Math.max(0, annual.cents - unused)) };
    }
    const card = sub.cardId ? cards.get(sub.cardId) : undefined;
    return {
      id: sub.subscriptionId,
      type: item.type === 'subscription' ? 'subscription' : 'recurring_donation',
      code: sub.productCode || item.code,
      // The plan or fund in the site's language (decision 038): the shop's title now, else as it was bought.
      title: titleIn(await repo.titlesOf(item.id), lang, item.title),
      status,
      interval: sub.interval,
      items: [
        {
          metadata: { type: item.type === 'subscription' ? 'subscription' : 'recurring_donation', code: item.code },
          quantity: 1,
          price: { unit_amount: sub.amountCents },
        },
      ],
      price_usd: toUsd(sub.amountCents),
      current_period_end: iso(sub.currentPeriodEnd),
      cancel_at: sub.cancelAt ? iso(sub.cancelAt) : null,
      trial_end: sub.trialEnd ? iso(sub.trialEnd) : null,
      test_clock: sub.clockTime ? { frozen_time: iso(sub.clockTime) } : null,
      next_payment:
        status === 'active' && !sub.cancelAt ? { date: iso(sub.currentPeriodEnd), amount_usd: toUsd(sub.amountCents) } : null,
      card: card && sub.cardId ? { id: sub.cardId, brand: card.brand, last4: card.last4 } : null,
      past_due: pastDue,
      cancel_kind: kind,
      refund_usd: kind === 'now' ? toUsd(unused) : 0,
      upgrade,
      cover_fee: item.type === 'recurring_donation' ? await coverFeeOf(item) : null,
      charge_day: item.charge_day,
      paused_until: item.paused_until && item.paused_until > now && !sub.cancelAt ? iso(item.paused_until) : null,
    } satisfies MySubscription;
  }

  /** Decision 067: whether a monthly gift covers the fee, and the fee it adds (or would, under the rule now). */
  async function coverFeeOf(item: RecurringRow) {
    if (item.fee_cents > 0) return { covered: true, fee_usd: toUsd(item.fee_cents) };
    return { covered: false, fee_usd: toUsd(coverFeeCents(item.amount_cents, await givingFeeService(db).rule())) };
  }

  async function cardsOf(userId: number) {
    const customerId = await existingCustomer(db, payments, userId);
    const cards = customerId ? await ask(() => payments.listCards(customerId)) : [];
    return new Map(cards.map((c) => [c.id, { brand: c.brand, last4: c.last4 }]));
  }

  async function viewOf(userId: number, item: RecurringRow, sub: ProviderSubscription, lang?: LangCode) {
    return toView(item, sub, await cardsOf(userId), lang);
  }

  /**
   * Where an invoice's receipt is (decision 071): a paid renewal's (every paid invoice after the first is recorded
   * as one, a change of plan's too), the HTML receipt the family was e-mailed; the first period's, paid with its
   * order (Stripe's $0 first invoice, the test processor's own), the order's confirmation; none for an unpaid one.
   */
  function receiptOf(item: RecurringRow, invoice: ProviderInvoice, renewals: ReadonlySet<string>) {
    if (renewals.has(invoice.invoiceId)) return invoiceReceiptPath(item.subscription_id, invoice.invoiceId);
    if (invoice.status === 'paid') return `/payment?order=${item.order_id}`;
    return null;
  }

  function toInvoice(item: RecurringRow, invoice: ProviderInvoice, renewals: ReadonlySet<string>): Invoice {
    const code = invoice.productCode || item.code;
    return {
      receipt_url: receiptOf(item, invoice, renewals),
      id: invoice.invoiceId,
      created: iso(invoice.created),
      total: invoice.totalCents,
      total_usd: toUsd(invoice.totalCents),
      status: invoice.status === 'draft' ? 'open' : invoice.status,
      type: item.type === 'subscription' ? 'subscription' : 'recurring_donation',
      code,
      lines: [{ plan: { interval: invoice.interval }, product: productOf(item.type, code) }],
    };
  }

  /**
   * The charges that paid the subscription's recent periods, newest first,
   * each with what it paid for them (an invoice's total; the first period's
   * invoice was paid by its order's charge): where a refund comes from.
   */
  async function refundSources(item: RecurringRow, subscriptionId: string) {
    const { data } = await ask(() => payments.listInvoices(subscriptionId, { limit: 12 }));
    const order = await repo.orderPayment(item.order_id);
    return data.flatMap((invoice) => {
      if (invoice.status !== 'paid' || invoice.totalCents <= 0) return [];
      const paymentId = invoice.paymentId ?? order?.payment_id;
      return paymentId ? [{ paymentId, cents: invoice.totalCents, ofOrder: paymentId === order?.payment_id }] : [];
    });
  }

  /**
   * Refunds `cents` from the charges, the newest first, never more from a
   * charge than it paid for the subscription (a period paid partly by a
   * credit, as after a change of plan, is refunded from the charges that
   * paid it). Once per charge (its key). Answers what each charge gave back.
   */
  async function refundFrom(
    sources: readonly { paymentId: string; cents: number; ofOrder: boolean }[],
    cents: number,
    subscriptionId: string,
  ) {
    let left = cents;
    const given: { cents: number; idempotencyKey: string; ofOrder: boolean }[] = [];
    for (const source of sources) {
      if (left <= 0) break;
      const amount = Math.min(left, source.cents);
      const idempotencyKey = `cancel-${subscriptionId}-${source.paymentId}`;
      try {
        const outcome = await ask(() => payments.refund({ paymentId: source.paymentId, amountCents: amount, idempotencyKey }));
        if (outcome.ok) {
          left -= amount;
          given.push({ cents: amount, idempotencyKey, ofOrder: source.ofOrder });
        }
      } catch (error) {
        // Less left of that charge than asked (refunded before): the next charge gives the rest.
        if (!(error instanceof PaymentRequestError)) throw error;
      }
    }
    return given;
  }

  /**
   * Gives back what a cancel now owes, from the charges that paid the
   * period; the same amounts under the same keys each time, so a retry after
   * the processor stopped answering half way refunds nothing twice. What
   * went back from the order's own charge is a refund of that order, in its
   * ledger (decision 036): the back office sees it, and refunds only the rest.
   * Answers what went back; throws (and stays owed) when the processor does
   * not answer.
   */
  async function settleRefund(item: RecurringRow) {
    const sources = await refundSources(item, item.subscription_id);
    const given = await refundFrom(sources, item.refund_owed_cents, item.subscription_id);
    for (const g of given.filter((x) => x.ofOrder)) {
      await ledger.fromCancellation({
        orderId: item.order_id,
        lineId: item.order_line_id,
        cents: g.cents,
        idempotencyKey: g.idempotencyKey,
      });
    }
    const refunded = given.reduce((n, g) => n + g.cents, 0);
    await repo.refundSettled(item.id, refunded);
    if (refunded > 0) report?.refunded({ orderId: item.order_id, cardCents: refunded, giftCardCents: 0, source: 'cancellation' });
    return refunded;
  }

  /** The subscription must still renew (or may): 409 once it ended. */
  function assertLive(item: RecurringRow, sub: ProviderSubscription) {
    if (item.status === 'cancelled' || sub.status === 'canceled')
      throw new AppError('conflict', 'subscription_already_cancelled');
  }

  return {
    /** The refunds cancels now still owe, retried (the subscriptions worker); answers how many were settled. */
    async settleOwedRefunds() {
      let settled = 0;
      for (const item of await repo.owingRefunds(payments.name)) {
        await settleRefund(item);
        settled += 1;
      }
      return settled;
    },

    /**
     * GET /crud/stripe/customer/my/subscriptions: the plan and monthly
     * donations that renew (or are past due), as the processor has them.
     */
    async list(userId: number, lang?: LangCode): Promise<MySubscription[]> {
      const items = await repo.liveOf(userId);
      if (items.length === 0) return [];
      const customerId = await existingCustomer(db, payments, userId);
      if (!customerId) return [];
      const [subs, cards] = await Promise.all([ask(() => payments.listSubscriptions(customerId)), cardsOf(userId)]);
      const byId = new Map(subs.map((s) => [s.subscriptionId, s]));
      const views: MySubscription[] = [];
      for (const item of items) {
        const sub = byId.get(item.subscription_id);
        if (!sub) continue;
        await follow(item, sub);
        if (sub.status === 'canceled') continue;
        views.push(await toView(item, sub, cards, lang));
      }
      // The plan first, then monthly donations, newest first within each.
      return views.sort((a, b) => Number(a.type !== 'subscription') - Number(b.type !== 'subscription'));
    },

    /**
     * GET /crud/stripe/subscription/{id}/invoices/{invoiceId}/receipt (decision 071): a paid renewal's receipt as the
     * family was e-mailed it (HTML, in the language of its order). Another family's subscription is no_subscription;
     * an invoice that is not a paid renewal of it, invoice_receipt_not_found.
     */
    async invoiceReceipt(userId: number, subscriptionId: string, invoiceId: string) {
      const item = await own(userId, subscriptionId);
      const [payment, contact] = await Promise.all([
        repo.renewalPayment(item.id, invoiceId),
        repo.bySubscription(item.provider, item.subscription_id),
      ]);
      if (!payment || !contact) throw new AppError('not_found', 'invoice_receipt_not_found');
      const lang = contact.lang_code as LangCode;
      const mail = await renewalReceiptMail(lang, contact, payment.amount_cents, new Date(payment.paid_at), origins[lang]);
      return mail.html;
    },

    /**
     * GET …/subscription/{id}/invoices, or the plan's (…/subscription/invoices):
     * newest first, a page at a time from Stripe's cursors; never a draft.
     */
    async invoices(
      userId: number,
      subscriptionId: string | null,
      cursor: { starting_after?: string; ending_before?: string },
    ): Promise<InvoicesResponse> {
      const item = subscriptionId ? await own(userId, subscriptionId) : await repo.latestPlanOf(userId);
      if (!item || item.provider !== payments.name) throw new AppError('not_found', 'no_subscription');
      try {
        const page = await ask(() =>
          payments.listInvoices(item.subscription_id, {
            limit: INVOICES_PER_PAGE,
            ...(cursor.starting_after ? { startingAfter: cursor.starting_after } : {}),
            ...(cursor.ending_before ? { endingBefore: cursor.ending_before } : {}),
          }),
        );
        const shown = page.data.filter((i) => i.status !== 'draft');
        const renewals = await repo.renewalInvoiceIds(
          item.id,
          shown.map((i) => i.invoiceId),
        );
        return { data: shown.map((i) => toInvoice(item, i, renewals)), has_more: page.has_more };
      } catch (error) {
        // A cursor that is not an invoice of this subscription (unknown, or another family's): a code of its own.
        if (error instanceof PaymentRequestError)
          throw new AppError('invalid_data', 'invoice_cursor_unknown', {}, undefined, error);
        throw error;
      }
    },

    /**
     * Cancel (spec §4): `now` ends it at once and refunds the unused part
     * of the period through the processor (once: the refund's key is the
     * subscription's); allowed only when the rule says now. `period_end`
     * keeps it until the period ends, with no renewal.
     */
    async cancel(userId: number, subscriptionId: string, when: 'now' | 'period_end', lang?: LangCode): Promise<MySubscription> {
      const item = await own(userId, subscriptionId);
      if (item.status === 'cancelled') throw new AppError('conflict', 'subscription_already_cancelled');
      const sub = await live(item);
      assertLive(item, sub);
      if (when === 'period_end') {
        const ending = await ask(() => payments.cancelSubscription(sub.subscriptionId, { atPeriodEnd: true }));
        await follow(item, ending);
        return viewOf(userId, item, ending, lang);
      }
      const now = sub.clockTime ?? new Date();
      if (cancelKind(sub, now) !== 'now') throw new AppError('conflict', 'subscription_cancel_at_end_only');
      const refund = unusedCents(sub.amountCents, sub.currentPeriodStart, sub.currentPeriodEnd, now);
      const ended = await ask(() => payments.cancelSubscription(sub.subscriptionId, { atPeriodEnd: false }));
      await follow(item, ended);
      // Owed first, then given back: should the processor stop answering now, the worker gives it back later.
      let refunded = 0;
      if (refund > 0) {
        await repo.oweRefund(item.id, refund);
        refunded = await settleRefund({ ...item, refund_owed_cents: refund }).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'subscription_error_retrieving') return 0;
          throw error;
        });
      }
      const view = await viewOf(userId, item, ended, lang);
      return { ...view, cancel_kind: 'now', refund_usd: toUsd(refunded) };
    },

    /** Resume (spec §4): undoes a pending cancel; 409 subscription_ended once it ended. */
    async resume(userId: number, subscriptionId: string, lang?: LangCode): Promise<MySubscription> {
      const item = await own(userId, subscriptionId);
      if (item.status === 'cancelled') throw new AppError('conflict', 'subscription_ended');
      const sub = await live(item);
      if (sub.status === 'canceled') throw new AppError('conflict', 'subscription_ended');
      const resumed = await ask(() => payments.resumeSubscription(sub.subscriptionId));
      await follow(item, resumed);
      return viewOf(userId, item, resumed, lang);
    },

    /** The card it renews on: one of the family's saved cards; while past due the open invoice is tried on it at once. */
    async setCard(
      userId: number,
      subscriptionId: string,
      cardId: string,
      { lang, ip }: { lang?: LangCode; ip: string },
    ): Promise<MySubscription> {
      const item = await own(userId, subscriptionId);
      if (item.status === 'cancelled') throw new AppError('conflict', 'subscription_already_cancelled');
      const cards = await cardsOf(userId);
      const card = cards.get(cardId);
      if (!card) throw new AppError('not_found', 'payment_card_not_found');
      const sub = await live(item);
      assertLive(item, sub);
      const was = sub.cardId ? cards.get(sub.cardId) : undefined;
      const changed = await ask(() => payments.setSubscriptionCard(sub.subscriptionId, cardId));
      // Decision 070: a new card is recorded for the back office and confirmed by e-mail in the donor's language.
      if (sub.cardId !== cardId) {
        await db.transaction().execute(async (trx) => {
          const contact = await subscriptionsRepository(trx).bySubscription(item.provider, item.subscription_id);
          if (!contact) return;
          const named = (c: { brand: string; last4: string }) => `${c.brand} ${c.last4}`;
          await recordFamilyAction(trx, ip, contact, 'subscription.card', auditTarget('user', contact.email), {
            subscription: item.subscription_id,
            fund: item.code,
            card: named(card),
            was_card: was ? named(was) : null,
          });
          const mailLang = lang ?? (contact.lang_code as LangCode);
          const next = changed.status === 'active' && !changed.cancelAt ? changed.currentPeriodEnd : null;
          const mail = await cardChangedMail(mailLang, contact, card, next, origins[mailLang]);
          await enqueueMail(trx, { lang_code: mailLang, to: contact.email, ...mail });
        });
      }
      await follow(item, changed);
      return toView(item, changed, cards, lang);
    },

    /**
     * Decision 067: a monthly gift starts covering the fee (the fee of its
     * gift under the ministry's rule now) or stops, from its next charge;
     * nothing is charged or given back now. Only a live monthly gift (409
     * cover_fee_unavailable); asking for what it already does changes nothing.
     */
    async setCoverFee(userId: number, subscriptionId: string, cover: boolean, lang?: LangCode): Promise<MySubscription> {
      const item = await own(userId, subscriptionId);
      if (item.type !== 'recurring_donation' || item.status === 'cancelled')
        throw new AppError('conflict', 'cover_fee_unavailable');
      const sub = await live(item);
      if (sub.status === 'canceled') throw new AppError('conflict', 'cover_fee_unavailable');
      const gift = item.amount_cents - item.fee_cents;
      const fee = cover ? (item.fee_cents > 0 ? item.fee_cents : coverFeeCents(gift, await givingFeeService(db).rule())) : 0;
      const cards = await cardsOf(userId);
      if (fee === item.fee_cents) return toView(item, sub, cards, lang);
      const changed = await ask(() =>
        // The next charge stays when it was (a pause or a chosen day included), at the new amount.
        payments.rescheduleSubscription(sub.subscriptionId, {
          productCode: sub.productCode || item.code,
          productName: item.title,
          amountCents: gift + fee,
          nextChargeAt: sub.currentPeriodEnd,
        }),
      );
      await repo.setCoveredFee(item.id, { amount_cents: gift + fee, fee_cents: fee });
      const after = { ...item, amount_cents: gift + fee, fee_cents: fee };
      await follow(after, changed);
      return toView(after, changed, cards, lang);
    },

    /**
     * Issue 45: a donor changes a monthly gift from its next charge (its
     * amount, fund, day of the month, or a pause of 1 to 3 months): the
     * processor first, then the record, the audit entry for the back office
     * and the confirmation e-mail in the donor's language, together. Only a
     * live gift that renews (409 gift_change_unavailable otherwise).
     */
    async changeGift(
      userId: number,
      subscriptionId: string,
      change: GiftChangeBody,
      { lang, ip }: { lang?: LangCode; ip: string },
    ): Promise<MySubscription> {
      const item = await own(userId, subscriptionId);
      if (item.type !== 'recurring_donation' || item.status !== 'active')
        throw new AppError('conflict', 'gift_change_unavailable');
      const fund = change.code && change.code !== item.code ? await repo.fundSku(change.code) : null;
      if (change.code && change.code !== item.code && !fund) throw new AppError('not_found', 'gift_fund_not_found');
      const sub = await live(item);
      if (sub.status !== 'active' || sub.cancelAt) throw new AppError('conflict', 'gift_change_unavailable');
      const now = sub.clockTime ?? new Date();
      // A gift that covers the fee (decision 067) keeps covering it: a new amount adds its own fee.
      const newGift = change.amount_usd === undefined ? null : Math.round(change.amount_usd * 100);
      const feeCents =
        newGift === null || item.fee_cents === 0 ? item.fee_cents : coverFeeCents(newGift, await givingFeeService(db).rule());
      const amountCents = newGift === null ? sub.amountCents : newGift + feeCents;
      const chargeDay = change.charge_day ?? item.charge_day;
      const next = nextChargeAt(sub.currentPeriodEnd, now, {
        ...(change.charge_day ? { chargeDay: change.charge_day } : {}),
        ...(change.pause_months ? { pauseMonths: change.pause_months } : {}),
      });
      const stillPaused = item.paused_until !== null && item.paused_until > now;
      const pausedUntil = change.pause_months || stillPaused ? next : null;
      const code = fund?.code ?? item.code;
      const title = fund?.title ?? item.title;
      const changed = await ask(() =>
        payments.rescheduleSubscription(sub.subscriptionId, {
          productCode: code,
          productName: title,
          amountCents,
          nextChargeAt: next,
        }),
      );
      const gift = {
        code,
        title,
        amount_cents: amountCents,
        fee_cents: feeCents,
        charge_day: chargeDay,
        paused_until: pausedUntil,
      };
      await db.transaction().execute(async (trx) => {
        const trxRepo = subscriptionsRepository(trx);
        await trxRepo.changeGift(item.id, gift);
        const contact = await trxRepo.bySubscription(item.provider, item.subscription_id);
        if (!contact) return;
        await recordFamilyAction(trx, ip, contact, 'gift.change', auditTarget('user', contact.email), {
          subscription: item.subscription_id,
          fund: code,
          amount_usd: toUsd(amountCents),
          ...(amountCents !== item.amount_cents ? { was_amount_usd: toUsd(item.amount_cents) } : {}),
          ...(code !== item.code ? { was_fund: item.code } : {}),
          charge_day: chargeDay,
          pause_months: change.pause_months ?? null,
          next_charge: iso(next),
        });
        const mailLang = lang ?? (contact.lang_code as LangCode);
        const mail = await giftChangedMail(
          mailLang,
          contact,
          { amountCents, nextChargeAt: next, pausedUntil },
          origins[mailLang],
        );
        await enqueueMail(trx, { lang_code: mailLang, to: contact.email, ...mail });
      });
      await follow(item, changed);
      return viewOf(userId, { ...item, ...gift }, changed, lang);
    },

    /** Decision 070: the monthly funds a gift may move to, in the site's language (My subscription's fund picker). */
    async monthlyFunds(lang?: LangCode): Promise<MonthlyFundsResponse> {
      const funds = await repo.monthlyFunds();
      return {
        data: funds.flatMap((f) => (f.code ? [{ code: f.code, title: titleIn(f.titles, lang, f.title) }] : [])),
      };
    },

    /** Decision 070: a monthly gift's paid renewals with their receipts; the family's own gift only (404 otherwise). */
    async renewalReceipts(userId: number, subscriptionId: string): Promise<RenewalReceiptsResponse> {
      const item = await own(userId, subscriptionId);
      if (item.type !== 'recurring_donation') return { data: [] };
      return receiptsService(db).renewalReceipts({ userId, recurringItemId: item.id });
    },

    /** A renewal's receipt PDF: of this gift and this family only (404 receipt_not_found otherwise). */
    async renewalReceiptPdf(userId: number, subscriptionId: string, renewalId: number) {
      const item = await own(userId, subscriptionId);
      return receiptsService(db).renewalPdfOf({ userId, recurringItemId: item.id }, renewalId);
    },

    /**
     * The monthly plan becomes the annual plan (issue 28 item 4): the unused
     * part of the month is credited and the rest of the annual price charged
     * now; the year starts today. Once per subscription (its key).
     */
    async changePlan(userId: number, subscriptionId: string, code: SubscriptionPlan, lang?: LangCode): Promise<MySubscription> {
      const item = await own(userId, subscriptionId);
      const annual = await annualPlan();
      if (item.type !== 'subscription' || item.status !== 'active' || code !== 'annual' || !annual) {
        throw new AppError('conflict', 'plan_change_unavailable');
      }
      const sub = await live(item);
      if (sub.status !== 'active' || sub.productCode !== 'monthly' || sub.cancelAt)
        throw new AppError('conflict', 'plan_change_unavailable');
      const outcome = await ask(() =>
        payments.changeSubscriptionPrice(sub.subscriptionId, {
          productCode: 'annual',
          productName: annual.title,
          amountCents: annual.cents,
          interval: 'year',
          idempotencyKey: `plan-${sub.subscriptionId}-annual`,
        }),
      );
      if (!outcome.ok) throw new AppError('payment_declined', `payment_${outcome.code}`);
      await repo.changePlan(item.id, { code: 'annual', title: annual.title, amount_cents: annual.cents, interval: 'year' });
      await follow(item, outcome.subscription);
      return viewOf(userId, { ...item, code: 'annual', title: annual.title }, outcome.subscription, lang);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
