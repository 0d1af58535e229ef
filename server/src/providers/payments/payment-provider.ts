import type { CardBrand, SavedCard } from '@storyhouse/contracts';

/**
 * The card processor behind checkout (issue 13; DESIGN.md providers table):
 * the built-in test processor by default (test-processor.ts, no account or
 * network), Stripe in production (stripe-processor.ts). Both speak this
 * interface; nothing outside providers/payments knows which one is in use.
 *
 * Expected business failures (a declined card, an unknown token) are
 * returned as `PaymentFailure` values; bugs and an unreachable processor
 * throw.
 */

/**
 * Why a payment did not go through, as the card provider says it (Stripe's
 * decline codes, reduced to what a family can act on). The web shows
 * `errors.payment_<code>` in the site language.
 */
export const paymentFailureCodes = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'processing_error',
  'authentication_failed',
  'token_invalid',
  'card_not_found',
] as const;
export type PaymentFailureCode = (typeof paymentFailureCodes)[number];

/**
 * The 402 answers of a card the processor refused (`payment_<code>`), as a route describes them (decision 039); a
 * saved card that is not there is the route's 404.
 */
export const cardRefusals = paymentFailureCodes.flatMap((code) =>
  code === 'card_not_found' ? [] : [`payment_${code}` as const],
);

export interface PaymentFailure {
  ok: false;
  code: PaymentFailureCode;
  /** The processor's own wording (English), for the logs; families see the localized code. */
  message: string;
}

export type Outcome<T> = ({ ok: true } & T) | PaymentFailure;

/**
 * The smallest card charge in US dollars, in cents: Stripe refuses less
 * (amount_too_small), and the test processor does as Stripe does.
 */
export const MIN_CHARGE_CENTS = 50;

/**
 * A request the processor refuses as malformed, thrown (Stripe's
 * invalid_request_error, which the SDK throws): a bug in the caller, never a
 * family's mistake. `idempotency_error`: the key was used with other
 * parameters; `amount_too_large`: a refund above what is left of the
 * payment; `resource_missing`: no such payment, customer, card or
 * subscription; `parameter_invalid`: a value the processor does not take.
 */
export class PaymentRequestError extends Error {
  constructor(
    readonly code: 'idempotency_error' | 'amount_too_large' | 'resource_missing' | 'parameter_invalid',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRequestError';
  }
}

/**
 * The processor did not answer (unreachable, timed out, its own server
 * error, too many requests), thrown by any call: what became of the request
 * is unknown to the caller. Callers that cannot have charged say "nothing
 * was charged, try again"; a charge's caller asks the processor later.
 */
export class PaymentUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentUnavailableError';
  }
}

/** A card the processor holds for a customer. */
export type ProviderCard = SavedCard;

export interface ProviderCustomer {
  customerId: string;
}

/** A card setup waiting for the cardholder: what the browser needs to authenticate it (as a charge's clientSecret). */
export interface SetupAction {
  setupId: string;
  clientSecret: string;
}

/** What saving a card without a charge gives: the saved card, an authentication to finish, or the refusal. */
export type CardSetup = Outcome<{ card: ProviderCard } | { action: SetupAction }>;

/** Where the money comes from: a single-use token of a new card, or a saved card of the customer. */
export type PaymentSource = { token: string } | { cardId: string };

export interface ChargeInput {
  customerId: string;
  source: PaymentSource;
  amountCents: number;
  /** Same key, same charge: a repeated call answers the first result and never charges again. */
  idempotencyKey: string;
  /**
   * Keep a new card (a token) on the customer, but only once the charge
   * succeeds (Stripe's setup_future_usage): the Payment's `cardId` names it
   * then. A charge that fails, or a check never finished, saves nothing.
   */
  saveCard?: boolean;
  description: string;
  /** Copied onto the charge; `order_id` lets reconciliation find an order's charge. */
  metadata: { order_id: string } & Record<string, string>;
}

export type PaymentStatus = 'succeeded' | 'requires_action' | 'failed' | 'canceled';

/** A charge (Stripe's PaymentIntent) as the processor reports it. */
export interface Payment {
  paymentId: string;
  status: PaymentStatus;
  amountCents: number;
  /** For requires_action: what the browser needs to authenticate the cardholder. */
  clientSecret?: string;
  /** The card that paid (or was tried), for the receipt. */
  card?: { brand: CardBrand; last4: string };
  /** The saved card's id when the source was saved or saved with this charge. */
  cardId?: string;
  failure?: PaymentFailure;
  metadata: Record<string, string>;
}

export interface RefundInput {
  paymentId: string;
  /** Whole payment when absent. */
  amountCents?: number;
  idempotencyKey: string;
}

export type Interval = 'month' | 'year';

/**
 * A subscription at the processor (a plan, or a monthly donation). Its first
 * period is paid by the order's own charge, so it starts with its first
 * invoice due one interval later.
 */
export interface SubscriptionInput {
  customerId: string;
  cardId: string;
  /** What it is: the plan's or fund's sku code; copied onto the processor's product. */
  productCode: string;
  productName: string;
  amountCents: number;
  interval: Interval;
  idempotencyKey: string;
  metadata: { order_id: string } & Record<string, string>;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'incomplete';

export interface ProviderSubscription {
  subscriptionId: string;
  status: SubscriptionStatus;
  amountCents: number;
  interval: Interval;
  productCode: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** Set when it ends at the end of the period (cancel at end, spec §4 Subscription). */
  cancelAt: Date | null;
  trialEnd: Date | null;
  /** The saved card its renewals are charged to. */
  cardId: string | null;
  /** The time of its test clock, when it runs on a moved one (spec §3 test_clock frozen_time); null on real time. */
  clockTime: Date | null;
  metadata: Record<string, string>;
}

export interface ProviderInvoice {
  invoiceId: string;
  subscriptionId: string;
  created: Date;
  totalCents: number;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  interval: Interval;
  productCode: string;
  /** The charge that paid it; null while unpaid, or when it was paid otherwise (the first period, by its order). */
  paymentId: string | null;
  /** How many times its charge was tried (Stripe's attempt_count). */
  attemptCount: number;
  /** When an open invoice's charge is tried again; null when it is not (paid, or the retries are over). */
  nextPaymentAttempt: Date | null;
}

/** A new price for a subscription (the monthly plan becoming the annual one), billed now with proration. */
export interface PriceChangeInput {
  productCode: string;
  productName: string;
  amountCents: number;
  interval: Interval;
  idempotencyKey: string;
}

/** What a rescheduled subscription charges next, and when. */
export interface RescheduleInput {
  productCode: string;
  productName: string;
  amountCents: number;
  nextChargeAt: Date;
}

export interface InvoicePage {
  data: ProviderInvoice[];
  has_more: boolean;
}

/**
 * What the processor tells us happened (Stripe's webhook events, and the
 * test processor's, delivered through the same handler: payments/events.ts).
 */
export type PaymentEvent =
  | { id: string; type: 'payment.succeeded' | 'payment.failed'; payment: Payment }
  /** A payment refunded, wholly or in part (Stripe's charge.refunded): all that is refunded of it now. */
  | { id: string; type: 'payment.refunded'; paymentId: string; amountRefundedCents: number }
  | { id: string; type: 'invoice.paid' | 'invoice.payment_failed'; invoice: ProviderInvoice }
  | { id: string; type: 'subscription.updated' | 'subscription.deleted'; subscription: ProviderSubscription }
  /** A genuine event of a kind checkout does not act on (Stripe sends many); answered 200 so it is not resent. */
  | { id: string; type: 'ignored' };

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** The key the browser uses (Stripe's publishable key; the test processor's own). */
  readonly publishableKey: string;

  createCustomer(input: { userId: number; email: string; name: string }): Promise<ProviderCustomer>;
  /**
   * Saves a tokenized card on the customer without charging it (Stripe's
   * SetupIntent, confirmed at once): saved, or waiting for the cardholder to
   * authenticate (3-D Secure) in the browser, or refused (a declined card,
   * a token of another customer or a used one). Once per idempotency key.
   */
  setupCard(customerId: string, token: string, idempotencyKey: string): Promise<CardSetup>;
  /**
   * A setup as it is after the browser's authentication: saved, still
   * waiting, or failed (authentication_failed); `card_not_found` when the
   * setup is not the customer's.
   */
  retrieveCardSetup(customerId: string, setupId: string): Promise<CardSetup>;
  listCards(customerId: string): Promise<ProviderCard[]>;
  /** False when the card is not the customer's. */
  detachCard(customerId: string, cardId: string): Promise<boolean>;

  /** Charges once per idempotency key; a repeated call answers the first result. */
  charge(input: ChargeInput): Promise<Payment>;
  /** The payment as it is now (after the browser authenticated it, or to reconcile). */
  retrievePayment(paymentId: string): Promise<Payment | null>;
  /** The charge made for an order, if any (reconciling an order whose process died mid-charge). */
  findPaymentByOrder(orderId: string): Promise<Payment | null>;
  /**
   * Cancels a payment that has not succeeded (a 3-D Secure check left
   * unfinished), so that it can never succeed later. Answers the payment as
   * it now is: canceled, or as it was when it had already succeeded or
   * failed; null when there is no such payment.
   */
  cancelPayment(paymentId: string): Promise<Payment | null>;
  refund(input: RefundInput): Promise<Outcome<{ refundId: string }>>;

  createSubscription(input: SubscriptionInput): Promise<ProviderSubscription>;
  cancelSubscription(subscriptionId: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription>;
  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /**
   * Renews on another saved card of the customer; a past-due subscription's
   * open invoice is tried on it at once (Stripe's invoice pay). Answers the
   * subscription as it then is.
   */
  setSubscriptionCard(subscriptionId: string, cardId: string): Promise<ProviderSubscription>;
  /**
   * Moves the subscription to a new price and interval from now: the unused
   * part of the current period is credited against the new price, and the
   * difference is charged at once on its card (Stripe's
   * proration_behavior=always_invoice with billing_cycle_anchor=now). A
   * decline changes nothing.
   */
  changeSubscriptionPrice(
    subscriptionId: string,
    input: PriceChangeInput,
  ): Promise<Outcome<{ subscription: ProviderSubscription; invoice: ProviderInvoice }>>;
  listInvoices(
    subscriptionId: string,
    page: { limit: number; startingAfter?: string; endingBefore?: string },
  ): Promise<InvoicePage>;
  /**
   * Issue 45: an active subscription's next charge moves to `nextChargeAt`
   * (later periods follow from it) and is of the new amount and product;
   * nothing is charged or credited now (Stripe's trial_end with
   * proration_behavior=none). A pause is a next charge months away.
   */
  rescheduleSubscription(subscriptionId: string, input: RescheduleInput): Promise<ProviderSubscription>;

  /** Checks a webhook's signature and reads its event; null when the signature does not hold. */
  parseEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
}
