import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CardBrand, type CardTokenResponse } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import {
  type CardSetup,
  type ChargeInput,
  type Interval,
  type InvoicePage,
  MIN_CHARGE_CENTS,
  type Outcome,
  type Payment,
  type PaymentEvent,
  type PaymentFailure,
  type PaymentFailureCode,
  type PaymentProvider,
  PaymentRequestError,
  type PriceChangeInput,
  type ProviderCard,
  type ProviderCustomer,
  type ProviderInvoice,
  type ProviderSubscription,
  type RefundInput,
  type RescheduleInput,
  type SubscriptionInput,
  type SubscriptionStatus,
} from './payment-provider';
import { unusedCents } from './proration';
import {
  behaviourOf,
  type CardDetails,
  type CardDetailsError,
  checkCardDetails,
  expiryValid,
  storedBehaviour,
} from './test-cards';
import {
  type CardRow,
  type InvoiceRow,
  type PaymentRow,
  type SubscriptionRow,
  type TestProcessorRepository,
  testProcessorRepository,
} from './test-processor.repository';

/**
 * The built-in card processor (DESIGN.md providers table): Stripe's test
 * mode, offline, over its own tables (migration 0014). Test numbers behave as
 * Stripe documents them (test-cards.ts); charges and refunds are idempotent
 * by key as Stripe's are; subscriptions renew on a clock the tests move
 * (advanceClock, like Stripe's test clocks); and every state change a
 * webhook would report is stored as an event and handed to `deliver`, the
 * same handler Stripe's webhooks reach.
 */

/** The secret the test processor signs its events with (parseEvent, signEvent): webhook parity, not a secret. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_storyhouse';
/** A signed event older than this is refused, as Stripe's SDK does (replays). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Stripe's wording, for the logs; families read `errors.payment_<code>` in their language. */
const FAILURE_MESSAGES: Record<PaymentFailureCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  authentication_failed: 'We are unable to authenticate your payment method.',
  token_invalid: 'No such token, or it has already been used.',
  card_not_found: 'No such card for this customer.',
};

const failureOf = (code: PaymentFailureCode): PaymentFailure => ({ ok: false, code, message: FAILURE_MESSAGES[code] });

const newId = (prefix: 'cus' | 'tok' | 'card' | 'seti' | 'pi' | 're' | 'sub' | 'in' | 'evt') =>
  `${prefix}_${randomBytes(12).toString('hex')}`;

/** Canonical JSON (sorted keys) of a request's parameters: a repeated key must come with the same ones. */
function requestHash(params: Record<string, unknown>): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(params)))
    .digest('hex');
}

/**
 * The end of the `count`th period from the anchor, on the anchor's day of the
 * month or the month's last day (Stripe's billing cycle anchor: Jan 31 →
 * Feb 28 → Mar 31).
 */
export function periodEnd(anchor: Date, interval: Interval, count: number): Date {
  const months = anchor.getUTCMonth() + (interval === 'year' ? 12 : 1) * count;
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(anchor);
  end.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return end;
}

/**
 * Which period of the subscription ends at `end` (1 for the first). A period that ends at the anchor itself is the
 * 0th: a subscription rescheduled to a later charge (a monthly gift's new day or pause) is anchored on that charge,
 * and its next period is the one after it, not the one after that.
 */
function periodNumber(anchor: Date, interval: Interval, end: Date) {
  let n = 0;
  while (periodEnd(anchor, interval, n) < end) n += 1;
  return n;
}

type EventBody = PaymentEvent extends infer E ? (E extends PaymentEvent ? Omit<E, 'id'> : never) : never;

/** What tokenizing card details gives: a token, or the detail Stripe.js would point at. */
export type TokenResult = { ok: true; token: CardTokenResponse } | ({ ok: false } & CardDetailsError);

const toCard = (row: CardRow): ProviderCard => ({
  id: row.id,
  name: row.name,
  brand: CardBrand.parse(row.brand),
  last4: row.last4,
  exp_month: row.exp_month,
  exp_year: row.exp_year,
});

const metadataOf = (json: unknown) => (json ?? {}) as Record<string, string>;

/** A payment as the processor answers it, from its row (or the row about to be written). */
function toPayment(
  row: Pick<PaymentRow, 'id' | 'status' | 'amount_cents' | 'client_secret' | 'brand' | 'last4' | 'card_id' | 'failure_code'> & {
    metadata: unknown;
  },
): Payment {
  const status = row.status as Payment['status'];
  return {
    paymentId: row.id,
    status,
    amountCents: row.amount_cents,
    ...(status === 'requires_action' ? { clientSecret: row.client_secret } : {}),
    ...(row.brand && row.last4 ? { card: { brand: CardBrand.parse(row.brand), last4: row.last4 } } : {}),
    ...(row.card_id ? { cardId: row.card_id } : {}),
    ...(row.failure_code ? { failure: failureOf(row.failure_code as PaymentFailureCode) } : {}),
    metadata: metadataOf(row.metadata),
  };
}

/** A subscription as the processor answers it; `clockTime` when its clock was moved (spec §3 test_clock). */
const toSubscription = (row: SubscriptionRow, clockTime: Date | null = null): ProviderSubscription => ({
  subscriptionId: row.id,
  status: row.status as SubscriptionStatus,
  amountCents: row.amount_cents,
  interval: row.interval as Interval,
  productCode: row.product_code,
  currentPeriodStart: row.current_period_start,
  currentPeriodEnd: row.current_period_end,
  cancelAt: row.cancel_at,
  trialEnd: row.trial_end,
  cardId: row.card_id,
  clockTime,
  metadata: metadataOf(row.metadata),
});

const toInvoice = (row: InvoiceRow): ProviderInvoice => ({
  invoiceId: row.id,
  subscriptionId: row.subscription_id,
  created: row.created_at,
  totalCents: row.amount_cents,
  status: row.status as ProviderInvoice['status'],
  interval: row.interval as Interval,
  productCode: row.product_code,
  paymentId: row.payment_id,
  attemptCount: row.attempt_count,
  nextPaymentAttempt: row.next_payment_attempt,
});

/**
 * Stripe's default retries of a renewal that failed, as days after the
 * renewal: 3 more tries over about a week; after the last one fails the
 * subscription is canceled (Stripe's "cancel the subscription" setting).
 */
export const RETRY_AFTER_DAYS = [3, 5, 7] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The next scheduled try of an invoice that failed at `failedAt`, or null when the retries are over. */
export function nextRetry(renewedAt: Date, failedAt: Date): Date | null {
  for (const days of RETRY_AFTER_DAYS) {
    const at = new Date(renewedAt.getTime() + days * DAY_MS);
    if (at > failedAt) return at;
  }
  return null;
}

/** An event as JSON (stored, signed) back to its value: the dates of invoices and subscriptions. */
function eventFromJson(json: unknown): PaymentEvent | null {
  if (!json || typeof json !== 'object') return null;
  const e = json as Record<string, unknown> & { type?: unknown; id?: unknown };
  if (typeof e.id !== 'string') return null;
  const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
  switch (e.type) {
    case 'payment.succeeded':
    case 'payment.failed':
      return { id: e.id, type: e.type, payment: e.payment as Payment };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = e.invoice as ProviderInvoice;
      return {
        id: e.id,
        type: e.type,
        invoice: {
          ...invoice,
          created: date(invoice.created) ?? new Date(Number.NaN),
          nextPaymentAttempt: date(invoice.nextPaymentAttempt),
        },
      };
    }
    case 'subscription.updated':
    case 'subscription.deleted': {
      const s = e.subscription as ProviderSubscription;
      return {
        id: e.id,
        type: e.type,
        subscription: {
          ...s,
          currentPeriodStart: date(s.currentPeriodStart) ?? new Date(Number.NaN),
          currentPeriodEnd: date(s.currentPeriodEnd) ?? new Date(Number.NaN),
          clockTime: date(s.clockTime),
          cancelAt: date(s.cancelAt),
          trialEnd: date(s.trialEnd),
        },
      };
    }
    default:
      return null;
  }
}

export interface TestProcessorOptions {
  publishableKey?: string;
  /** The real time, before the test clock's offset (default: the system's). */
  now?: () => Date;
  /** Where events go (the same handler as Stripe's webhooks); a throw leaves the event to redeliverPending. */
  deliver?: (event: PaymentEvent) => Promise<void>;
}

export class TestProcessor implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey: string;
  readonly #db: Db;
  readonly #clock: () => Date;
  readonly #deliver: ((event: PaymentEvent) => Promise<void>) | undefined;

  constructor(db: Db, options: TestProcessorOptions = {}) {
    this.#db = db;
    this.publishableKey = options.publishableKey ?? 'pk_test_storyhouse';
    this.#clock = options.now ?? (() => new Date());
    this.#deliver = options.deliver;
  }

  /**
   * The processor's time: the real time plus the test clock's offset (a
   * Stripe test clock moved by advanceClock). Read from the database each
   * time, so every server instance bills by the same clock.
   */
  async now(): Promise<Date> {
    const offset = await testProcessorRepository(this.#db).clockOffsetSeconds();
    return new Date(this.#clock().getTime() + offset * 1000);
  }

  /** The test clock's time once it has been moved (spec §3 test_clock frozen_time); null while it is the real time. */
  async clockTime(): Promise<Date | null> {
    const offset = await testProcessorRepository(this.#db).clockOffsetSeconds();
    return offset > 0 ? new Date(this.#clock().getTime() + offset * 1000) : null;
  }

  /**
   * Test processor only (POST /crud/test-payments/tokens): card details to a
   * single-use token, as Stripe.js does. Invalid details never make a token;
   * the vault keeps brand, last4, expiry, name and what the test number
   * does, never the number.
   */
  async createToken(details: CardDetails & { name: string }): Promise<TokenResult> {
    const now = await this.now();
    const check = checkCardDetails(details, now);
    if (!check.ok) return check;
    const id = newId('tok');
    await testProcessorRepository(this.#db).insertToken({
      id,
      brand: check.brand,
      last4: check.last4,
      exp_month: details.exp_month,
      exp_year: details.exp_year,
      name: details.name,
      behaviour: storedBehaviour(check.behaviour),
      created_at: now,
    });
    return {
      ok: true,
      token: { id, card: { brand: check.brand, last4: check.last4, exp_month: details.exp_month, exp_year: details.exp_year } },
    };
  }

  async createCustomer(input: { userId: number; email: string; name: string }): Promise<ProviderCustomer> {
    const customerId = newId('cus');
    await testProcessorRepository(this.#db).insertCustomer({
      id: customerId,
      user_id: input.userId,
      email: input.email,
      name: input.name,
      created_at: await this.now(),
    });
    return { customerId };
  }

  /**
   * Saves a card without a charge, as Stripe's SetupIntent confirmed at
   * once: the token is spent on a setup of the customer. A number that
   * declines fails here, as Stripe verifies a card when it is set up; the
   * …0341 card is saved and fails later, at each charge; the …3184 card
   * waits for the cardholder (authenticateSetup) before it is saved. The
   * token is single-use, so a repeated call cannot save the card twice.
   */
  async setupCard(customerId: string, token: string, _idempotencyKey: string): Promise<CardSetup> {
    const now = await this.now();
    return this.#db.transaction().execute(async (trx) => {
      const repo = testProcessorRepository(trx);
      await this.#requireCustomer(repo, customerId);
      const used = await repo.spendToken(token, customerId, now);
      if (!used) return failureOf('token_invalid');
      const behaviour = behaviourOf(used.behaviour);
      if (behaviour.kind === 'declines') return failureOf(behaviour.code);
      const setup = { id: newId('seti'), customer_id: customerId, token_id: used.id, created_at: now, updated_at: now };
      if (behaviour.kind === 'requires_authentication') {
        const clientSecret = `${setup.id}_secret_${randomBytes(12).toString('hex')}`;
        await repo.insertSetup({ ...setup, client_secret: clientSecret, status: 'requires_action', card_id: null });
        return { ok: true as const, action: { setupId: setup.id, clientSecret } };
      }
      const cardId = await keepCard(repo, customerId, used.id, now);
      await repo.insertSetup({ ...setup, client_secret: '', status: 'succeeded', card_id: cardId });
      return { ok: true as const, card: toCard({ ...used, id: cardId }) };
    });
  }

  async retrieveCardSetup(customerId: string, setupId: string): Promise<CardSetup> {
    const repo = testProcessorRepository(this.#db);
    const setup = await repo.setupOf(customerId, setupId);
    if (!setup) return failureOf('card_not_found');
    if (setup.status === 'failed') return failureOf('authentication_failed');
    if (setup.status === 'requires_action') return { ok: true, action: { setupId: setup.id, clientSecret: setup.client_secret } };
    const card = setup.card_id ? await repo.cardOf(customerId, setup.card_id) : undefined;
    return card ? { ok: true, card: toCard(card) } : failureOf('card_not_found');
  }

  /**
   * Test processor only (POST /crud/test-payments/authenticate with a
   * setup's id): the cardholder approves or fails 3-D Secure for a card
   * being saved; approved, the card is saved. False when no setup has this
   * id and client secret or it no longer waits.
   */
  async authenticateSetup(setupId: string, clientSecret: string, approve: boolean): Promise<boolean> {
    const now = await this.now();
    return this.#db.transaction().execute(async (trx) => {
      const repo = testProcessorRepository(trx);
      const setup = await repo.lockWaitingSetup(setupId);
      if (!setup || !safeEqual(setup.client_secret, clientSecret)) return false;
      const cardId = approve ? await keepCard(repo, setup.customer_id, setup.token_id, now) : null;
      await repo.settleSetup(setupId, { status: approve ? 'succeeded' : 'failed', card_id: cardId, updated_at: now });
      return true;
    });
  }

  async listCards(customerId: string): Promise<ProviderCard[]> {
    return (await testProcessorRepository(this.#db).listCards(customerId)).map(toCard);
  }

  async detachCard(customerId: string, cardId: string): Promise<boolean> {
    return testProcessorRepository(this.#db).detachCard(customerId, cardId, await this.now());
  }

  /**
   * Once per idempotency key (Stripe's rule): the key is taken first, by the
   * unique constraint, in the transaction that spends the token and writes
   * the outcome; a concurrent call with the key waits for that transaction
   * and answers its payment. Declines are payments with status failed.
   */
  async charge(input: ChargeInput): Promise<Payment> {
    const now = await this.now();
    const charge = (db: Db) => this.#chargeIn(testProcessorRepository(db), input, now, { oneTime: true });
    const { payment, events } = 'cardId' in input.source ? await charge(this.#db) : await this.#db.transaction().execute(charge);
    await this.#deliverAll(events);
    return payment;
  }

  async retrievePayment(paymentId: string): Promise<Payment | null> {
    const row = await testProcessorRepository(this.#db).paymentById(paymentId);
    return row ? toPayment(row) : null;
  }

  async findPaymentByOrder(orderId: string): Promise<Payment | null> {
    const row = await testProcessorRepository(this.#db).paymentByOrder(orderId);
    return row ? toPayment(row) : null;
  }

  /**
   * Test processor only (POST /crud/test-payments/authenticate): the
   * cardholder approves or fails 3-D Secure for a payment that requires
   * action. Null when no payment has this id and client secret; a payment no
   * longer waiting is answered as it is.
   */
  async authenticate(paymentId: string, clientSecret: string, approve: boolean): Promise<Payment | null> {
    const now = await this.now();
    const { payment, events } = await this.#db.transaction().execute(async (trx) => {
      const repo = testProcessorRepository(trx);
      const settled = await repo.settleAuthentication(
        paymentId,
        clientSecret,
        approve
          ? { status: 'succeeded', updated_at: now }
          : { status: 'failed', failure_code: 'authentication_failed', updated_at: now },
      );
      let row = await repo.paymentById(paymentId);
      if (!row || !safeEqual(row.client_secret, clientSecret)) return { payment: null, events: [] };
      if (settled && approve && row.save_card && row.token_id && !row.card_id) {
        await repo.updatePayment(row.id, { card_id: await keepCard(repo, row.customer_id, row.token_id, now), token_id: null });
        row = (await repo.paymentById(paymentId)) ?? row;
      }
      const events: PaymentEvent[] = [];
      const result = toPayment(row);
      if (settled) {
        await this.#emit(repo, events, now, { type: approve ? 'payment.succeeded' : 'payment.failed', payment: result });
      }
      return { payment: result, events };
    });
    await this.#deliverAll(events);
    return payment;
  }

  /** Only a payment still waiting for authentication is canceled; any other is answered as it is (as at Stripe). */
  async cancelPayment(paymentId: string): Promise<Payment | null> {
    const repo = testProcessorRepository(this.#db);
    await repo.cancelWaitingPayment(paymentId, await this.now());
    return this.retrievePayment(paymentId);
  }

  /** Full (no amount) or partial; never more than is left of the payment; once per idempotency key. */
  async refund(input: RefundInput): Promise<Outcome<{ refundId: string }>> {
    if (input.amountCents !== undefined && !(Number.isInteger(input.amountCents) && input.amountCents > 0)) {
      throw new PaymentRequestError('parameter_invalid', `Invalid refund amount ${input.amountCents}`);
    }
    const now = await this.now();
    const hash = requestHash({ paymentId: input.paymentId, amountCents: input.amountCents });
    return this.#db.transaction().execute(async (trx) => {
      const repo = testProcessorRepository(trx);
      // Refunds of one payment one at a time: the lock orders them, then the key and the amount left decide.
      const payment = await repo.lockPayment(input.paymentId);
      if (!payment) throw new PaymentRequestError('resource_missing', `No such payment: ${input.paymentId}`);
      const earlier = await repo.refundByKey(input.idempotencyKey);
      if (earlier) {
        if (earlier.request_hash !== hash) throw idempotencyError(input.idempotencyKey);
        return { ok: true as const, refundId: earlier.id };
      }
      if (payment.status !== 'succeeded') {
        throw new PaymentRequestError('parameter_invalid', `Payment ${payment.id} is ${payment.status}: nothing to refund`);
      }
      const left = payment.amount_cents - payment.amount_refunded_cents;
      const amount = input.amountCents ?? left;
      if (amount > left || amount === 0) {
        throw new PaymentRequestError(
          'amount_too_large',
          `Refund of ${amount} cents is more than the ${left} cents left of ${payment.id}`,
        );
      }
      const refundId = newId('re');
      await repo.insertRefund({
        id: refundId,
        payment_id: payment.id,
        amount_cents: amount,
        idempotency_key: input.idempotencyKey,
        request_hash: hash,
        created_at: now,
      });
      return { ok: true as const, refundId };
    });
  }

  /**
   * Starts active, its first period already paid by the order's charge: the
   * first invoice comes at current_period_end. Once per idempotency key.
   */
  async createSubscription(input: SubscriptionInput): Promise<ProviderSubscription> {
    assertChargeable(input.amountCents);
    const now = await this.now();
    const { idempotencyKey, ...params } = input;
    const hash = requestHash(params);
    return this.#db.transaction().execute(async (trx) => {
      const repo = testProcessorRepository(trx);
      const earlier = await repo.subscriptionByKey(idempotencyKey);
      if (earlier) return toSubscription(checkSameRequest(earlier, hash, idempotencyKey));
      if (!(await repo.cardOf(input.customerId, input.cardId))) {
        throw new PaymentRequestError('resource_missing', `No such card ${input.cardId} for customer ${input.customerId}`);
      }
      const id = newId('sub');
      const claimed = await repo.claimSubscription({
        id,
        customer_id: input.customerId,
        card_id: input.cardId,
        product_code: input.productCode,
        product_name: input.productName,
        amount_cents: input.amountCents,
        interval: input.interval,
        status: 'active',
        current_period_start: now,
        current_period_end: periodEnd(now, input.interval, 1),
        billing_cycle_anchor: now,
        metadata: JSON.stringify(input.metadata),
        idempotency_key: idempotencyKey,
        request_hash: hash,
        created_at: now,
      });
      // The first period's invoice, paid by the order's own charge (Stripe's paid_out_of_band): the history starts with it.
      if (claimed) {
        await repo.insertInvoice({
          id: newId('in'),
          subscription_id: id,
          amount_cents: input.amountCents,
          status: 'paid',
          attempt_count: 1,
          period_start: now,
          period_end: periodEnd(now, input.interval, 1),
          created_at: now,
        });
      }
      const row = claimed ? await repo.lockSubscription(id) : await repo.subscriptionByKey(idempotencyKey);
      if (!row) throw new Error(`Subscription of key ${idempotencyKey} vanished`);
      return toSubscription(checkSameRequest(row, hash, idempotencyKey));
    });
  }

  /** At the period's end (cancel_at, still active until then) or now (canceled). Canceling a canceled one answers it. */
  async cancelSubscription(subscriptionId: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription> {
    return this.#changeSubscription(subscriptionId, async (repo, row, now, events) => {
      if (row.status === 'canceled') return row;
      if (options.atPeriodEnd) {
        const updated = await repo.updateSubscription(row.id, { cancel_at: row.current_period_end });
        await this.#emit(repo, events, now, { type: 'subscription.updated', subscription: toSubscription(updated) });
        return updated;
      }
      const updated = await repo.updateSubscription(row.id, {
        status: 'canceled',
        canceled_at: now,
        cancel_at: null,
        retry_at: null,
      });
      // An invoice left open by a failed renewal is not collected any more.
      await repo.closeOpenInvoices(row.id);
      await this.#emit(repo, events, now, { type: 'subscription.deleted', subscription: toSubscription(updated) });
      return updated;
    });
  }

  /** Undoes a cancel at period end; a subscription already canceled cannot come back (as at Stripe). */
  async resumeSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.#changeSubscription(subscriptionId, async (repo, row, now, events) => {
      if (row.status === 'canceled') {
        throw new PaymentRequestError('parameter_invalid', `Subscription ${row.id} is canceled and cannot be resumed`);
      }
      if (row.cancel_at === null) return row;
      const updated = await repo.updateSubscription(row.id, { cancel_at: null });
      await this.#emit(repo, events, now, { type: 'subscription.updated', subscription: toSubscription(updated) });
      return updated;
    });
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const clockTime = await this.clockTime();
    return (await testProcessorRepository(this.#db).listSubscriptions(customerId)).map((row) => toSubscription(row, clockTime));
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const row = await testProcessorRepository(this.#db).subscriptionById(subscriptionId);
    return row ? toSubscription(row, await this.clockTime()) : null;
  }

  /** The card must be the customer's; a past-due subscription's open invoice is tried on it at once. */
  async setSubscriptionCard(subscriptionId: string, cardId: string): Promise<ProviderSubscription> {
    return this.#changeSubscription(subscriptionId, async (repo, row, now, events) => {
      if (row.status === 'canceled') {
        throw new PaymentRequestError('parameter_invalid', `Subscription ${row.id} is canceled`);
      }
      if (!(await repo.cardOf(row.customer_id, cardId))) {
        throw new PaymentRequestError('resource_missing', `No such card ${cardId} for customer ${row.customer_id}`);
      }
      let updated = await repo.updateSubscription(row.id, { card_id: cardId });
      await this.#emit(repo, events, now, { type: 'subscription.updated', subscription: toSubscription(updated) });
      const open = row.status === 'past_due' ? await repo.openInvoice(row.id) : undefined;
      if (open) updated = await this.#tryInvoice(repo, updated, open, now, events, { scheduled: false });
      return updated;
    });
  }

  /**
   * Credits the unused part of the current period against the new price
   * and charges the difference now; the new period starts now. A decline
   * voids the proration invoice and leaves the subscription as it was.
   */
  async changeSubscriptionPrice(
    subscriptionId: string,
    input: PriceChangeInput,
  ): Promise<Outcome<{ subscription: ProviderSubscription; invoice: ProviderInvoice }>> {
    assertChargeable(input.amountCents);
    const now = await this.now();
    const { row, invoice, failure, events } = await this.#db.transaction().execute(async (trx) => {
      const repo = testProcessorRepository(trx);
      const events: PaymentEvent[] = [];
      const sub = await repo.lockSubscription(subscriptionId);
      if (!sub) throw new PaymentRequestError('resource_missing', `No such subscription: ${subscriptionId}`);
      if (sub.status !== 'active') {
        throw new PaymentRequestError('parameter_invalid', `Subscription ${sub.id} is ${sub.status}: its price cannot change`);
      }
      const credit = unusedCents(sub.amount_cents, sub.current_period_start, sub.current_period_end, now);
      const due = Math.max(0, input.amountCents - credit);
      const interval = input.interval;
      const end = periodEnd(now, interval, 1);
      const invoiceId = newId('in');
      await repo.insertInvoice({
        id: invoiceId,
        subscription_id: sub.id,
        amount_cents: due,
        status: 'open',
        attempt_count: 0,
        period_start: now,
        period_end: end,
        created_at: now,
      });
      let failure: PaymentFailure | undefined;
      let paymentId: string | null = null;
      // Stripe carries an amount below its minimum to the next invoice; here it is simply not charged.
      if (due >= MIN_CHARGE_CENTS) {
        const { payment } = await this.#chargeIn(
          repo,
          {
            customerId: sub.customer_id,
            source: { cardId: sub.card_id },
            amountCents: due,
            idempotencyKey: input.idempotencyKey,
            description: `Subscription ${input.productName} (prorated)`,
            metadata: { invoice_id: invoiceId, subscription_id: sub.id },
          },
          now,
          { oneTime: false },
        );
        paymentId = payment.paymentId;
        if (payment.status !== 'succeeded') failure = payment.failure ?? failureOf('card_declined');
      }
      await repo.updateInvoice(invoiceId, { status: failure ? 'void' : 'paid', payment_id: paymentId, attempt_count: 1 });
      let row = sub;
      if (!failure) {
        row = await repo.updateSubscription(sub.id, {
          product_code: input.productCode,
          product_name: input.productName,
          amount_cents: input.amountCents,
          interval,
          current_period_start: now,
          current_period_end: end,
          billing_cycle_anchor: now,
          cancel_at: null,
        });
      }
      const invoice = await repo.invoiceById(invoiceId);
      if (!invoice) throw new Error(`Invoice ${invoiceId} vanished`);
      if (!failure) {
        await this.#emit(repo, events, now, { type: 'invoice.paid', invoice: toInvoice(invoice) });
        await this.#emit(repo, events, now, { type: 'subscription.updated', subscription: toSubscription(row) });
      }
      return { row, invoice, failure, events };
    });
    await this.#deliverAll(events);
    if (failure) return failure;
    return { ok: true, subscription: toSubscription(row, await this.clockTime()), invoice: toInvoice(invoice) };
  }

  /** The next period starts at `nextChargeAt`, anchoring the ones after it; an active subscription only. */
  async rescheduleSubscription(subscriptionId: string, input: RescheduleInput): Promise<ProviderSubscription> {
    assertChargeable(input.amountCents);
    return this.#changeSubscription(subscriptionId, async (repo, row, now, events) => {
      if (row.status !== 'active' || row.cancel_at) {
        throw new PaymentRequestError('parameter_invalid', `Subscription ${row.id} is ${row.status}: it cannot be rescheduled`);
      }
      if (input.nextChargeAt <= now) {
        throw new PaymentRequestError('parameter_invalid', 'The next charge must be in the future');
      }
      const updated = await repo.updateSubscription(row.id, {
        product_code: input.productCode,
        product_name: input.productName,
        amount_cents: input.amountCents,
        current_period_end: input.nextChargeAt,
        billing_cycle_anchor: input.nextChargeAt,
      });
      await this.#emit(repo, events, now, { type: 'subscription.updated', subscription: toSubscription(updated) });
      return updated;
    });
  }

  /** Newest first; `startingAfter` pages to older invoices, `endingBefore` to newer (Stripe's list paging). */
  async listInvoices(
    subscriptionId: string,
    page: { limit: number; startingAfter?: string; endingBefore?: string },
  ): Promise<InvoicePage> {
    if (!(Number.isInteger(page.limit) && page.limit >= 1 && page.limit <= 100)) {
      throw new PaymentRequestError('parameter_invalid', `limit must be 1 to 100, not ${page.limit}`);
    }
    if (page.startingAfter && page.endingBefore) {
      throw new PaymentRequestError('parameter_invalid', 'starting_after and ending_before cannot both be given');
    }
    const repo = testProcessorRepository(this.#db);
    const cursorId = page.startingAfter ?? page.endingBefore;
    let cursor: Parameters<TestProcessorRepository['invoicePage']>[2];
    if (cursorId) {
      const at = await repo.invoiceById(cursorId);
      if (!at || at.subscription_id !== subscriptionId)
        throw new PaymentRequestError('resource_missing', `No such invoice: ${cursorId}`);
      cursor = { direction: page.startingAfter ? 'after' : 'before', created_at: at.created_at, id: at.id };
    }
    const { rows, hasMore } = await repo.invoicePage(subscriptionId, page.limit, cursor);
    return { data: rows.map(toInvoice), has_more: hasMore };
  }

  /**
   * Test processor only: moves the clock forward to `to` (a Stripe test
   * clock; never back) and bills what falls due on the way (billDue).
   * Answers how many steps were done.
   */
  async advanceClock(to: Date): Promise<number> {
    const repo = testProcessorRepository(this.#db);
    const now = await this.now();
    const offset = Math.ceil((to.getTime() - this.#clock().getTime()) / 1000);
    if (to < now || !(await repo.moveClock(offset))) {
      throw new PaymentRequestError('parameter_invalid', `The clock only moves forward (it is ${now.toISOString()})`);
    }
    return this.billDue();
  }

  /**
   * Test processor only: moves the clock forward by `seconds` from wherever
   * it is, and bills what falls due. Unlike advanceClock (Stripe's "to this
   * time"), two volunteers (or two servers) moving it at once both move it,
   * and neither is refused for arriving second.
   */
  async advanceClockBy(seconds: number): Promise<number> {
    await testProcessorRepository(this.#db).moveClockBy(seconds);
    return this.billDue();
  }

  /**
   * What Stripe does by itself as time passes, up to now: period by period,
   * ends the subscriptions whose cancel_at came, bills the others (one
   * invoice per period, charged to their card: a failed charge leaves the
   * invoice open and the subscription past_due), retries open invoices on
   * their schedule and cancels after the last retry. Each step claims one
   * subscription in its own transaction (FOR UPDATE SKIP LOCKED), so any
   * number of server instances may run this at once and each step happens
   * once: the charge, its invoice and its events commit together or not
   * at all. Events are delivered after each step. Answers the steps done.
   */
  async billDue(): Promise<number> {
    const at = await this.now();
    let steps = 0;
    for (;;) {
      const step = await this.#db.transaction().execute((trx) => this.#nextStep(testProcessorRepository(trx), at));
      if (!step) return steps;
      steps += 1;
      await this.#deliverAll(step.events);
    }
  }

  /** Hands the events `deliver` could not take (it threw) to it again, oldest first; answers how many went through. */
  async redeliverPending(): Promise<number> {
    const repo = testProcessorRepository(this.#db);
    let delivered = 0;
    // Each event is leased before it is handed over, so two instances never hand over the same one at once.
    for (let row = await repo.leasePendingEvent(); row; row = await repo.leasePendingEvent()) {
      const event = eventFromJson(row.payload);
      if (event && (await this.#deliverOne(repo, event))) delivered += 1;
      else if (!event) await repo.markUndelivered(row.id, 'unreadable event');
    }
    return delivered;
  }

  /**
   * A test processor event as a webhook would carry it, signed like Stripe's
   * (`t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`), for parity tests of
   * the webhook path.
   */
  signEvent(event: PaymentEvent, at = new Date()): { body: string; signature: string } {
    const body = JSON.stringify(event);
    const t = Math.floor(at.getTime() / 1000);
    return { body, signature: `t=${t},v1=${hmac(`${t}.${body}`)}` };
  }

  parseEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent | null {
    if (!signature) return null;
    const parts = new Map(signature.split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const));
    const t = Number(parts.get('t'));
    const v1 = parts.get('v1');
    if (!Number.isInteger(t) || !v1 || Math.abs(Date.now() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return null;
    if (!safeEqual(v1, hmac(`${t}.${rawBody.toString('utf8')}`))) return null;
    try {
      return eventFromJson(JSON.parse(rawBody.toString('utf8')));
    } catch {
      return null;
    }
  }

  async #requireCustomer(repo: TestProcessorRepository, customerId: string) {
    if (!(await repo.customerExists(customerId)))
      throw new PaymentRequestError('resource_missing', `No such customer: ${customerId}`);
  }

  /**
   * One charge, inside the caller's transaction when it has one. `oneTime`:
   * a charge of an order, reported by payment.* events; an invoice's charge
   * is reported by the invoice.* events instead, so the order handler never
   * sees a payment without an order. A saved card's charge needs no
   * transaction: reading the card spends nothing, and the payment, its
   * outcome and its event are written by one statement that takes the key.
   */
  async #chargeIn(
    repo: TestProcessorRepository,
    input: Omit<ChargeInput, 'metadata'> & { metadata: Record<string, string> },
    now: Date,
    { oneTime }: { oneTime: boolean },
  ): Promise<{ payment: Payment; events: PaymentEvent[] }> {
    assertChargeable(input.amountCents);
    const { idempotencyKey, ...params } = input;
    const hash = requestHash(params);
    const id = newId('pi');
    const values = (outcome: { status: string; failure_code: string | null }, cardId: string | null) => ({
      id,
      customer_id: input.customerId,
      amount_cents: input.amountCents,
      ...outcome,
      card_id: cardId,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      description: input.description,
      idempotency_key: idempotencyKey,
      request_hash: hash,
      save_card: 'token' in input.source && input.saveCard === true,
      metadata: JSON.stringify(input.metadata),
      created_at: now,
      updated_at: now,
    });
    /** The event that reports the payment, if it is reported. */
    const eventOf = (payment: Payment): PaymentEvent | undefined =>
      oneTime && payment.status !== 'requires_action'
        ? { id: newId('evt'), type: payment.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed', payment }
        : undefined;

    let row: PaymentRow | undefined;
    let event: PaymentEvent | undefined;
    if ('cardId' in input.source) {
      const saved = await repo.cardOf(input.customerId, input.source.cardId);
      if (!saved) await this.#requireCustomer(repo, input.customerId);
      const outcome = saved ? outcomeOf(saved, now) : { status: 'failed' as const, failure_code: 'card_not_found' };
      const card = { brand: saved?.brand ?? null, last4: saved?.last4 ?? null };
      const payment = values(outcome, saved ? input.source.cardId : null);
      event = eventOf(toPayment({ ...payment, ...card, metadata: input.metadata }));
      const claimed = await repo.claimPayment(payment, event && eventRow(event, now));
      row = claimed && { ...claimed, ...card };
    } else {
      await this.#requireCustomer(repo, input.customerId);
      // Overwritten below, in this transaction: nobody sees the row before its outcome.
      const claimed = await repo.claimPayment(values({ status: 'failed', failure_code: 'processing_error' }, null));
      if (claimed) {
        // A token is spent only by the call that took the key.
        const token = await repo.spendToken(input.source.token, input.customerId, now);
        const outcome = token ? outcomeOf(token, now) : { status: 'failed' as const, failure_code: 'token_invalid' };
        // Kept on the customer only if the charge succeeded (after 3-D Secure: when it does, in authenticate).
        const cardId =
          token && input.saveCard && outcome.status === 'succeeded'
            ? await keepCard(repo, input.customerId, token.id, now)
            : null;
        // A payment names its token or, once the token became a saved card, that card.
        const updated = await repo.updatePayment(id, {
          ...outcome,
          token_id: token && !cardId ? token.id : null,
          card_id: cardId,
          updated_at: now,
        });
        row = { ...updated, brand: token?.brand ?? null, last4: token?.last4 ?? null };
        event = eventOf(toPayment(row));
        if (event) await repo.insertEvent(eventRow(event, now));
      }
    }
    if (!row) {
      const first = await repo.paymentByKey(idempotencyKey);
      if (!first) throw new Error(`Payment of key ${idempotencyKey} vanished`);
      return { payment: toPayment(checkSameRequest(first, hash, idempotencyKey)), events: [] };
    }
    return { payment: toPayment(row), events: event ? [event] : [] };
  }

  /** One step of billDue: claims a subscription with something due by `to` and does the first thing due. */
  async #nextStep(repo: TestProcessorRepository, to: Date): Promise<{ events: PaymentEvent[] } | null> {
    const sub = await repo.claimDueSubscription(to);
    if (!sub) return null;
    const events: PaymentEvent[] = [];
    const id = sub.id;
    if (sub.cancel_at && sub.cancel_at <= to && sub.cancel_at <= sub.current_period_end) {
      const ended = await repo.updateSubscription(id, { status: 'canceled', canceled_at: sub.cancel_at, retry_at: null });
      await repo.closeOpenInvoices(id);
      await this.#emit(repo, events, sub.cancel_at, { type: 'subscription.deleted', subscription: toSubscription(ended) });
      return { events };
    }
    if (sub.status === 'past_due' && sub.retry_at && sub.retry_at <= to) {
      const open = await repo.openInvoice(id);
      if (open) {
        await this.#tryInvoice(repo, sub, open, sub.retry_at, events, { scheduled: true });
        return { events };
      }
      await repo.updateSubscription(id, { retry_at: null });
      return { events };
    }
    if (sub.current_period_end > to) {
      // Claimed by a condition that no longer holds (a retry with no open invoice): nothing to do.
      return { events };
    }

    const interval = sub.interval as Interval;
    const anchor = sub.billing_cycle_anchor ?? sub.created_at;
    const start = sub.current_period_end;
    const end = periodEnd(anchor, interval, periodNumber(anchor, interval, start) + 1);
    const invoiceId = newId('in');
    await repo.insertInvoice({
      id: invoiceId,
      subscription_id: id,
      amount_cents: sub.amount_cents,
      status: 'open',
      period_start: start,
      period_end: end,
      created_at: start,
    });
    const renewed = await repo.updateSubscription(id, { current_period_start: start, current_period_end: end });
    const invoice = await repo.invoiceById(invoiceId);
    if (!invoice) throw new Error(`Invoice ${invoiceId} vanished`);
    await this.#tryInvoice(repo, renewed, invoice, start, events, { scheduled: true });
    return { events };
  }

  /**
   * One try of an open invoice's charge at `at`, on the subscription's card:
   * paid, the subscription is active; failed, it is past due until the next
   * scheduled try, and canceled when a scheduled try was the last. A try
   * the family asked for (a new card) never brings the end closer.
   */
  async #tryInvoice(
    repo: TestProcessorRepository,
    sub: SubscriptionRow,
    invoice: InvoiceRow,
    at: Date,
    events: PaymentEvent[],
    { scheduled }: { scheduled: boolean },
  ): Promise<SubscriptionRow> {
    const attempt = invoice.attempt_count + 1;
    const { payment } = await this.#chargeIn(
      repo,
      {
        customerId: sub.customer_id,
        source: { cardId: sub.card_id },
        amountCents: invoice.amount_cents,
        idempotencyKey: attempt === 1 ? `invoice:${invoice.id}` : `invoice:${invoice.id}:${attempt}`,
        description: `Subscription ${sub.product_name}`,
        metadata: { invoice_id: invoice.id, subscription_id: sub.id },
      },
      at,
      { oneTime: false },
    );
    // Off-session, a card that needs the cardholder cannot pay the invoice: it stays open, like a decline.
    const paid = payment.status === 'succeeded';
    const retry = paid ? null : scheduled ? nextRetry(invoice.created_at, at) : invoice.next_payment_attempt;
    const over = !paid && retry === null;
    await repo.updateInvoice(invoice.id, {
      status: paid ? 'paid' : over ? 'uncollectible' : 'open',
      payment_id: payment.paymentId,
      attempt_count: attempt,
      next_payment_attempt: retry,
    });
    const tried = await repo.invoiceById(invoice.id);
    if (!tried) throw new Error(`Invoice ${invoice.id} vanished`);
    await this.#emit(repo, events, at, { type: paid ? 'invoice.paid' : 'invoice.payment_failed', invoice: toInvoice(tried) });
    if (over) {
      const ended = await repo.updateSubscription(sub.id, { status: 'canceled', canceled_at: at, retry_at: null });
      await this.#emit(repo, events, at, { type: 'subscription.deleted', subscription: toSubscription(ended) });
      return ended;
    }
    const updated = await repo.updateSubscription(sub.id, { status: paid ? 'active' : 'past_due', retry_at: retry });
    if (updated.status !== sub.status || !scheduled || invoice.attempt_count === 0) {
      await this.#emit(repo, events, at, { type: 'subscription.updated', subscription: toSubscription(updated) });
    }
    return updated;
  }

  async #changeSubscription(
    subscriptionId: string,
    change: (repo: TestProcessorRepository, row: SubscriptionRow, now: Date, events: PaymentEvent[]) => Promise<SubscriptionRow>,
  ): Promise<ProviderSubscription> {
    const now = await this.now();
    const { row, events } = await this.#db.transaction().execute(async (trx) => {
      const repo = testProcessorRepository(trx);
      const current = await repo.lockSubscription(subscriptionId);
      if (!current) throw new PaymentRequestError('resource_missing', `No such subscription: ${subscriptionId}`);
      const events: PaymentEvent[] = [];
      return { row: await change(repo, current, now, events), events };
    });
    await this.#deliverAll(events);
    return toSubscription(row, await this.clockTime());
  }

  /** Stores the event in the transaction of the change it reports; delivered after the commit. */
  async #emit(repo: TestProcessorRepository, events: PaymentEvent[], at: Date, body: EventBody) {
    const event = { id: newId('evt'), ...body } as PaymentEvent;
    await repo.insertEvent(eventRow(event, at));
    events.push(event);
  }

  async #deliverAll(events: readonly PaymentEvent[]) {
    const repo = testProcessorRepository(this.#db);
    for (const event of events) await this.#deliverOne(repo, event);
  }

  /** At least once, like webhooks: the handler must take an event twice (redelivery after a crash) calmly. */
  async #deliverOne(repo: TestProcessorRepository, event: PaymentEvent) {
    if (!this.#deliver) return false;
    try {
      await this.#deliver(event);
    } catch (error) {
      await repo.markUndelivered(event.id, error instanceof Error ? error.message : String(error));
      return false;
    }
    await repo.markDelivered(event.id);
    return true;
  }
}

/** A card kept on the customer from the token a charge spent (setup_future_usage): its id. */
async function keepCard(repo: TestProcessorRepository, customerId: string, tokenId: string, now: Date) {
  const id = newId('card');
  await repo.insertCard({ id, customer_id: customerId, token_id: tokenId, created_at: now });
  return id;
}

/** Stripe's rule for an amount it charges: whole cents, at least its minimum (amount_too_small otherwise). */
function assertChargeable(amountCents: number) {
  if (!(Number.isInteger(amountCents) && amountCents >= MIN_CHARGE_CENTS)) {
    throw new PaymentRequestError('parameter_invalid', `Invalid amount ${amountCents}: at least ${MIN_CHARGE_CENTS}`);
  }
}

/** An event as the processor keeps it until delivered. */
const eventRow = (event: PaymentEvent, at: Date) => ({
  id: event.id,
  type: event.type,
  payload: JSON.stringify(event),
  created_at: at,
});

/** What a test card does to a charge, at `now` (a saved card may have expired since it was saved). */
function outcomeOf(card: Pick<CardRow, 'behaviour' | 'exp_month' | 'exp_year'>, now: Date) {
  if (!expiryValid(card.exp_month, card.exp_year, now)) return { status: 'failed' as const, failure_code: 'expired_card' };
  const behaviour = behaviourOf(card.behaviour);
  switch (behaviour.kind) {
    case 'succeeds':
      return { status: 'succeeded' as const, failure_code: null };
    case 'requires_authentication':
      return { status: 'requires_action' as const, failure_code: null };
    case 'charge_fails':
      return { status: 'failed' as const, failure_code: 'card_declined' };
    case 'declines':
      return { status: 'failed' as const, failure_code: behaviour.code };
  }
}

function idempotencyError(key: string) {
  return new PaymentRequestError(
    'idempotency_error',
    `Keys for idempotent requests can only be used with the same parameters they were first used with (key ${key})`,
  );
}

function checkSameRequest<T extends { request_hash: string }>(row: T, hash: string, key: string): T {
  if (row.request_hash !== hash) throw idempotencyError(key);
  return row;
}

const hmac = (payload: string) => createHmac('sha256', TEST_WEBHOOK_SECRET).update(payload).digest('hex');

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
