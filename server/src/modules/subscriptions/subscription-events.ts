import type { LangCode } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import type { RenderedMail } from '../../mail/content';
import type { Metrics } from '../../plugins/metrics';
import { enqueueMail } from '../../providers/mail/outbox';
import type { PaymentEvent, ProviderSubscription } from '../../providers/payments/payment-provider';
import { renewalReceiptForMail } from '../receipts/receipts.service';
import { renewalFailures } from './renewal-failures';
import { renewalEndedMail, renewalFailedMail, renewalReceiptMail } from './renewal-mail';
import { type RecurringWithContact, type SubscriptionState, subscriptionsRepository } from './subscriptions.repository';

/** The processor's subscription state as the local record keeps it. */
export function stateOf(subscription: ProviderSubscription): SubscriptionState {
  return {
    status: subscription.status === 'canceled' ? 'cancelled' : subscription.status === 'past_due' ? 'past_due' : 'active',
    current_period_end: subscription.currentPeriodEnd,
    cancel_at: subscription.cancelAt,
    card_id: subscription.cardId,
  };
}

type SubscriptionEvent = Extract<
  PaymentEvent,
  { type: 'invoice.paid' | 'invoice.payment_failed' | 'subscription.updated' | 'subscription.deleted' }
>;

const isSubscriptionEvent = (event: PaymentEvent): event is SubscriptionEvent =>
  event.type === 'invoice.paid' ||
  event.type === 'invoice.payment_failed' ||
  event.type === 'subscription.updated' ||
  event.type === 'subscription.deleted';

/**
 * What the processor reports about a plan or monthly donation after
 * checkout (Stripe's webhooks, the test processor's events), applied to the
 * local record once per event id (payment_events, in the same transaction
 * as the change and its e-mail): a paid renewal is recorded and its receipt
 * sent; a failed one makes it past due and tells the family when the card
 * is tried again; an update follows the processor's state; the end
 * cancels it (cancelled stays cancelled) and says why. Events of a
 * subscription not recorded here (not ours, or not yet) are left unrecorded.
 */
export function subscriptionEventHandler(
  db: Db,
  provider: string,
  origins: Record<LangCode, string>,
  report?: Pick<Metrics, 'renewalCharged'>,
) {
  return async (event: PaymentEvent) => {
    if (!isSubscriptionEvent(event)) return;
    const subscriptionId = 'invoice' in event ? event.invoice.subscriptionId : event.subscription.subscriptionId;
    const charged = await db.transaction().execute(async (trx) => {
      const repo = subscriptionsRepository(trx);
      const item = await repo.bySubscription(provider, subscriptionId);
      if (!item) return;
      if (!(await repo.recordEvent(provider, event.id, event.type))) return;
      const lang = item.lang_code as LangCode;
      const origin = origins[lang];
      const send = mailer(trx, item);

      switch (event.type) {
        case 'invoice.paid': {
          const { invoice } = event;
          // Stripe's first invoice is the $0 trial of the period the order paid: nothing was received.
          if (invoice.totalCents <= 0) return;
          const recorded = await repo.recordPayment({
            recurring_item_id: item.id,
            user_id: item.user_id,
            provider,
            invoice_id: invoice.invoiceId,
            amount_cents: invoice.totalCents,
            fee_cents: Math.min(item.fee_cents, invoice.totalCents),
            paid_at: invoice.created,
          });
          if (item.status === 'past_due') await repo.setStatus(item.id, 'active');
          await renewalFailures(trx).paid(provider, invoice.invoiceId);
          if (recorded === undefined) return;
          // A monthly gift's renewal gets its receipt as the donor's country asks, with its PDF (decision 070).
          const receipt = item.type === 'recurring_donation' ? await renewalReceiptForMail(trx, recorded) : null;
          await enqueueMail(trx, {
            lang_code: lang,
            to: item.email,
            ...(await renewalReceiptMail(lang, item, invoice.totalCents, invoice.created, origin, receipt?.receipt)),
            ...(receipt ? { attachments: [receipt.attachment] } : {}),
          });
          return { orderId: item.order_id, recurringItemId: item.id, cents: invoice.totalCents, invoiceId: invoice.invoiceId };
        }
        case 'invoice.payment_failed': {
          const { invoice } = event;
          if (item.status === 'active') await repo.setStatus(item.id, 'past_due');
          await renewalFailures(trx).failed(provider, invoice.invoiceId, item.id, invoice.totalCents);
          // After the last try the subscription ends: its own e-mail says so.
          if (invoice.nextPaymentAttempt && item.status !== 'cancelled') {
            await send(renewalFailedMail(lang, item, invoice.totalCents, invoice.nextPaymentAttempt, origin));
          }
          return;
        }
        case 'subscription.updated':
        case 'subscription.deleted':
          await followProcessor(trx, item, event.subscription, origins);
          return;
      }
    });
    // Logged and counted once committed, once per invoice.
    if (charged) report?.renewalCharged(charged);
  };
}

const mailer = (db: Db, item: RecurringWithContact) => async (mail: Promise<RenderedMail>) =>
  enqueueMail(db, { lang_code: item.lang_code as LangCode, to: item.email, ...(await mail) });

/**
 * The local record takes the processor's state (an event, or the answer to
 * the family's own cancel or resume): whichever comes first ends it, and
 * only that one tells the family it ended (why: unpaid after the retries,
 * or as asked). Runs in the caller's transaction.
 */
export async function followProcessor(
  db: Db,
  item: RecurringWithContact,
  subscription: ProviderSubscription,
  origins: Record<LangCode, string>,
) {
  const state = stateOf(subscription);
  const before = await subscriptionsRepository(db).follow(item.id, state);
  if (state.status !== 'cancelled' || !before) return;
  const lang = item.lang_code as LangCode;
  await mailer(db, item)(renewalEndedMail(lang, item, before === 'past_due' ? item.amount_cents : null, origins[lang]));
}
