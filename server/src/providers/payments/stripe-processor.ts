import type { CardBrand } from '@storyhouse/contracts';
import Stripe from 'stripe';
import type {
  CardSetup,
  ChargeInput,
  Interval,
  InvoicePage,
  Outcome,
  Payment,
  PaymentEvent,
  PaymentFailure,
  PaymentFailureCode,
  PaymentProvider,
  PaymentStatus,
  PriceChangeInput,
  ProviderCard,
  ProviderCustomer,
  ProviderInvoice,
  ProviderSubscription,
  RefundInput,
  RescheduleInput,
  SubscriptionInput,
  SubscriptionStatus,
} from './payment-provider';
import { PaymentUnavailableError } from './payment-provider';

/**
 * Stripe, the production card processor (issue 13; DESIGN.md providers
 * table), through the official SDK: customers, PaymentMethods (Stripe
 * Elements in the browser makes them), PaymentIntents with our idempotency
 * keys, refunds, and Billing subscriptions whose first period the order's
 * own charge paid. Webhook events arrive through `parseEvent`.
 *
 * Tests run it against a local stand-in for Stripe's API
 * (server/test/stripe-stand-in.ts) through `apiUrl`.
 */
export interface StripeProcessorOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe's API address; Stripe's own when absent (config STRIPE_API_URL). */
  apiUrl?: string;
}

/** Our keys in a subscription's metadata (copied onto its invoices by Stripe); stripped from what callers see. */
const META_PRODUCT_CODE = 'product_code';
const META_INTERVAL = 'interval';
const META_IDEMPOTENCY_KEY = 'idempotency_key';
const INTERNAL_KEYS = new Set([META_PRODUCT_CODE, META_INTERVAL, META_IDEMPOTENCY_KEY]);

const BRANDS: ReadonlySet<string> = new Set<CardBrand>(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay']);

const {
  StripeAPIError,
  StripeCardError,
  StripeConnectionError,
  StripeIdempotencyError,
  StripeInvalidRequestError,
  StripeRateLimitError,
  StripeSignatureVerificationError,
} = Stripe.errors;

/** Stripe not answering, whatever was asked: the network, its own server error, or its rate limit. */
const isUnavailable = (error: unknown) =>
  error instanceof StripeConnectionError || error instanceof StripeAPIError || error instanceof StripeRateLimitError;

/**
 * Stripe as the checkout uses it: a StripeProcessor whose every call turns
 * Stripe not answering into a PaymentUnavailableError, so callers need not
 * know Stripe's error classes (the errors plugin answers it 503, localized).
 */
export function createStripeProcessor(options: StripeProcessorOptions): PaymentProvider {
  const processor = new StripeProcessor(options);
  const unavailable = (error: unknown): never => {
    if (isUnavailable(error)) {
      throw new PaymentUnavailableError(`Stripe is not answering: ${(error as Error).message}`, { cause: error });
    }
    throw error;
  };
  return new Proxy(processor, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // Called on the processor itself (its private fields), never on the proxy.
      return (...args: unknown[]) => {
        try {
          const result = value.apply(target, args);
          return result instanceof Promise ? result.catch(unavailable) : result;
        } catch (error) {
          return unavailable(error);
        }
      };
    },
  });
}

export class StripeProcessor implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(options: StripeProcessorOptions) {
    this.publishableKey = options.publishableKey;
    this.#webhookSecret = options.webhookSecret;
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    const protocol = api?.protocol === 'http:' ? 'http' : 'https';
    this.#stripe = new Stripe(options.secretKey, {
      appInfo: { name: 'Storyhouse' },
      ...(api && { host: api.hostname, port: api.port || (protocol === 'http' ? 80 : 443), protocol }),
    });
  }

  async createCustomer(input: { userId: number; email: string; name: string }): Promise<ProviderCustomer> {
    const customer = await this.#stripe.customers.create({
      email: input.email,
      name: input.name,
      metadata: { user_id: String(input.userId) },
    });
    return { customerId: customer.id };
  }

  /**
   * A SetupIntent confirmed at once, for cards only and off-session use
   * later (renewals): succeeded, the PaymentMethod is the customer's; a card
   * whose bank asks for 3-D Secure answers requires_action, which Stripe.js
   * (handleNextAction) completes in the browser; a declined card is a 402.
   */
  async setupCard(customerId: string, token: string, idempotencyKey: string): Promise<CardSetup> {
    try {
      const paymentMethod = await this.#paymentMethodOf(token, `${idempotencyKey}:payment-method`);
      const intent = await this.#stripe.setupIntents.create(
        {
          customer: customerId,
          payment_method: paymentMethod,
          allowed_payment_method_types: ['card'],
          usage: 'off_session',
          confirm: true,
          expand: ['payment_method'],
        },
        { idempotencyKey },
      );
      return setupOf(intent);
    } catch (error) {
      return failureOf(error, 'token_invalid');
    }
  }

  async retrieveCardSetup(customerId: string, setupId: string): Promise<CardSetup> {
    const intent = await this.#retrieve(() => this.#stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] }));
    if (!intent || idOf(intent.customer) !== customerId) return { ok: false, code: 'card_not_found', message: 'No such setup' };
    return setupOf(intent);
  }

  async listCards(customerId: string): Promise<ProviderCard[]> {
    const cards: ProviderCard[] = [];
    for await (const method of this.#stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })) {
      if (method.card) cards.push(cardOf(method));
    }
    return cards;
  }

  async detachCard(customerId: string, cardId: string): Promise<boolean> {
    const method = await this.#retrieve(() => this.#stripe.paymentMethods.retrieve(cardId));
    if (!method || idOf(method.customer) !== customerId) return false;
    await this.#stripe.paymentMethods.detach(cardId);
    return true;
  }

  async charge(input: ChargeInput): Promise<Payment> {
    const declined = (failure: PaymentFailure): Payment => ({
      // No PaymentIntent was made (the card or token was refused before it), so there is no id to keep.
      paymentId: '',
      status: 'failed',
      amountCents: input.amountCents,
      failure,
      metadata: input.metadata,
    });
    let paymentMethod: string;
    try {
      paymentMethod =
        'cardId' in input.source
          ? input.source.cardId
          : // Keyed too: a repeated charge must not spend a single-use token twice.
            await this.#paymentMethodOf(input.source.token, `${input.idempotencyKey}:payment-method`);
    } catch (error) {
      return declined(failureOf(error, 'token_invalid'));
    }
    try {
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: paymentMethod,
          // Cards only, confirmed now with the family at the page: a card that needs 3-D Secure answers
          // requires_action, which Stripe.js completes in the browser (no redirect, so no return_url).
          allowed_payment_method_types: ['card'],
          confirm: true,
          use_stripe_sdk: true,
          // A new card the family asked to keep is attached to the customer only if the payment succeeds.
          ...(input.saveCard && 'token' in input.source && { setup_future_usage: 'off_session' as const }),
          description: input.description,
          metadata: input.metadata,
          expand: ['payment_method'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return paymentOf(intent);
    } catch (error) {
      // A decline still made a PaymentIntent (its id is in the error), which keeps the attempt's record.
      if (error instanceof StripeCardError && error.payment_intent) {
        return paymentOf(error.payment_intent, error.payment_method, failureOf(error, 'card_declined'));
      }
      return declined(failureOf(error, 'cardId' in input.source ? 'card_not_found' : 'token_invalid'));
    }
  }

  retrievePayment(paymentId: string): Promise<Payment | null> {
    return this.#retrieve(async () =>
      paymentOf(await this.#stripe.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] })),
    );
  }

  async findPaymentByOrder(orderId: string): Promise<Payment | null> {
    const ofOrder = (intent: Stripe.PaymentIntent) => intent.metadata.order_id === orderId;
    // Search is Stripe's index and lags writes by up to a minute or so, and reconciliation may run
    // right after a restart: the last hour's charges are listed first, which is read-your-writes.
    const recent: Stripe.PaymentIntent[] = [];
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    for await (const intent of this.#stripe.paymentIntents.list({
      created: { gte: hourAgo },
      limit: 100,
      expand: ['data.payment_method'],
    })) {
      if (ofOrder(intent)) recent.push(intent);
    }
    if (recent.length > 0) return best(recent);
    const found = await this.#stripe.paymentIntents.search({
      query: `metadata['order_id']:'${orderId.replace(/[\\']/g, '\\$&')}'`,
      limit: 100,
      expand: ['data.payment_method'],
    });
    const matches = found.data.filter(ofOrder);
    return matches.length > 0 ? best(matches) : null;
  }

  async cancelPayment(paymentId: string): Promise<Payment | null> {
    try {
      return paymentOf(await this.#stripe.paymentIntents.cancel(paymentId, { expand: ['payment_method'] }));
    } catch (error) {
      // Succeeded (or canceled) already: Stripe refuses the cancel, and the payment stays as it is.
      if (error instanceof StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') {
        return this.retrievePayment(paymentId);
      }
      if (error instanceof StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  async refund(input: RefundInput): Promise<Outcome<{ refundId: string }>> {
    try {
      const refund = await this.#stripe.refunds.create(
        { payment_intent: input.paymentId, ...(input.amountCents !== undefined && { amount: input.amountCents }) },
        { idempotencyKey: input.idempotencyKey },
      );
      return { ok: true, refundId: refund.id };
    } catch (error) {
      // More than is left to refund, a payment that did not succeed, an unknown payment.
      if (error instanceof StripeInvalidRequestError) return { ok: false, code: 'processing_error', message: error.message };
      throw error;
    }
  }

  async createSubscription(input: SubscriptionInput): Promise<ProviderSubscription> {
    // Idempotency keys live 24 hours at Stripe; a retry after that (reconciliation of an old order)
    // still finds the subscription made the first time.
    const existing = await this.#subscriptionWithKey(input.customerId, input.idempotencyKey);
    if (existing) return subscriptionOf(existing);
    const price = await this.#recurringPrice(input);
    try {
      const subscription = await this.#stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: price.id }],
          default_payment_method: input.cardId,
          // The order's own charge paid the first period, so nothing is billed now: the first period is a
          // trial that ends one interval from now, when the first invoice is billed and renewals anchor.
          // (A future billing_cycle_anchor with proration_behavior none would also bill nothing now, but
          // Stripe refuses an anchor past the first natural period end, which month lengths make fragile.)
          trial_end: Math.floor(addInterval(new Date(), input.interval).getTime() / 1000),
          // Should the card be removed before then, the subscription ends rather than running unpaid.
          trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
          metadata: {
            ...input.metadata,
            [META_PRODUCT_CODE]: input.productCode,
            [META_INTERVAL]: input.interval,
            [META_IDEMPOTENCY_KEY]: input.idempotencyKey,
          },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return subscriptionOf(subscription);
    } catch (error) {
      // The same key in flight from another caller (its trial_end a second apart): theirs is the one.
      if (error instanceof StripeIdempotencyError) {
        const made = await this.#subscriptionWithKey(input.customerId, input.idempotencyKey);
        if (made) return subscriptionOf(made);
      }
      throw error;
    }
  }

  async cancelSubscription(subscriptionId: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription> {
    if (options.atPeriodEnd) {
      return subscriptionOf(await this.#stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    }
    try {
      return subscriptionOf(await this.#stripe.subscriptions.cancel(subscriptionId));
    } catch (error) {
      // Cancelling twice (a double click, a retry) answers the cancelled subscription.
      if (error instanceof StripeInvalidRequestError) {
        const subscription = await this.#stripe.subscriptions.retrieve(subscriptionId);
        if (subscription.status === 'canceled') return subscriptionOf(subscription);
      }
      throw error;
    }
  }

  async resumeSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return subscriptionOf(await this.#stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const subscriptions: ProviderSubscription[] = [];
    for await (const subscription of this.#stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
      subscriptions.push(subscriptionOf(subscription));
    }
    return subscriptions;
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const subscription = await this.#retrieve(() => this.#stripe.subscriptions.retrieve(subscriptionId));
    return subscription ? subscriptionOf(subscription) : null;
  }

  /** The default payment method changes; a past-due subscription's open invoice is paid with it at once (invoices.pay). */
  async setSubscriptionCard(subscriptionId: string, cardId: string): Promise<ProviderSubscription> {
    const subscription = await this.#stripe.subscriptions.update(subscriptionId, { default_payment_method: cardId });
    if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
      const open = await this.#stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 1 });
      const invoice = open.data[0];
      if (invoice?.id) {
        try {
          await this.#stripe.invoices.pay(invoice.id, { payment_method: cardId });
        } catch (error) {
          // Declined again: the subscription stays past due, and says so.
          if (!(error instanceof StripeCardError)) throw error;
        }
        return subscriptionOf(await this.#stripe.subscriptions.retrieve(subscriptionId));
      }
    }
    return subscriptionOf(subscription);
  }

  /** Stripe prorates and invoices the difference at once; a decline leaves the subscription as it was (error_if_incomplete). */
  async changeSubscriptionPrice(
    subscriptionId: string,
    input: PriceChangeInput,
  ): Promise<Outcome<{ subscription: ProviderSubscription; invoice: ProviderInvoice }>> {
    const current = await this.#stripe.subscriptions.retrieve(subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
    const price = await this.#recurringPrice({ ...input, customerId: '', cardId: '', metadata: { order_id: '' } });
    try {
      const updated = await this.#stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: item.id, price: price.id }],
          proration_behavior: 'always_invoice',
          billing_cycle_anchor: { type: 'now' },
          payment_behavior: 'error_if_incomplete',
          trial_end: 'now',
          metadata: { [META_PRODUCT_CODE]: input.productCode, [META_INTERVAL]: input.interval },
          expand: ['latest_invoice'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const latest = updated.latest_invoice;
      if (!latest || typeof latest === 'string') throw new Error(`Subscription ${subscriptionId} has no latest invoice`);
      return { ok: true, subscription: subscriptionOf(updated), invoice: invoiceOf(latest, subscriptionId) };
    } catch (error) {
      return failureOf(error, 'card_declined');
    }
  }

  /**
   * Issue 45: the new price from the next charge, which moves to
   * `nextChargeAt` (trial_end: no charge until then, and the billing cycle
   * restarts there); nothing prorated now.
   */
  async rescheduleSubscription(subscriptionId: string, input: RescheduleInput): Promise<ProviderSubscription> {
    const current = await this.#stripe.subscriptions.retrieve(subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
    const interval = item.price.recurring?.interval === 'year' ? 'year' : 'month';
    const key = `reschedule-${subscriptionId}-${input.productCode}-${input.amountCents}-${input.nextChargeAt.getTime()}`;
    const price = await this.#recurringPrice({
      ...input,
      interval,
      customerId: '',
      cardId: '',
      idempotencyKey: key,
      metadata: { order_id: '' },
    });
    const updated = await this.#stripe.subscriptions.update(
      subscriptionId,
      {
        items: [{ id: item.id, price: price.id }],
        proration_behavior: 'none',
        trial_end: Math.floor(input.nextChargeAt.getTime() / 1000),
        metadata: { [META_PRODUCT_CODE]: input.productCode, [META_INTERVAL]: interval },
      },
      { idempotencyKey: key },
    );
    return subscriptionOf(updated);
  }

  async listInvoices(
    subscriptionId: string,
    page: { limit: number; startingAfter?: string; endingBefore?: string },
  ): Promise<InvoicePage> {
    const invoices = await this.#stripe.invoices.list({
      subscription: subscriptionId,
      limit: page.limit,
      expand: ['data.payments'],
      ...(page.startingAfter && { starting_after: page.startingAfter }),
      ...(page.endingBefore && { ending_before: page.endingBefore }),
    });
    return { data: invoices.data.map((invoice) => invoiceOf(invoice, subscriptionId)), has_more: invoices.has_more };
  }

  parseEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent | null {
    if (!signature) return null;
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret);
    } catch (error) {
      // A body that is not JSON fails to parse after its signature held: not an event either.
      if (error instanceof StripeSignatureVerificationError || error instanceof SyntaxError) return null;
      throw error;
    }
    try {
      return this.#eventOf(event);
    } catch (error) {
      // Signed, but not the shape of a Stripe event (no data.object): refused like a bad body.
      if (error instanceof TypeError) return null;
      throw error;
    }
  }

  #eventOf(event: Stripe.Event): PaymentEvent {
    switch (event.type) {
      case 'payment_intent.succeeded':
        return { id: event.id, type: 'payment.succeeded', payment: paymentOf(event.data.object) };
      case 'payment_intent.payment_failed':
        return { id: event.id, type: 'payment.failed', payment: paymentOf(event.data.object) };
      case 'invoice.paid':
        return { id: event.id, type: 'invoice.paid', invoice: invoiceOf(event.data.object) };
      case 'invoice.payment_failed':
        return { id: event.id, type: 'invoice.payment_failed', invoice: invoiceOf(event.data.object) };
      case 'customer.subscription.updated':
        return { id: event.id, type: 'subscription.updated', subscription: subscriptionOf(event.data.object) };
      case 'customer.subscription.deleted':
        return { id: event.id, type: 'subscription.deleted', subscription: subscriptionOf(event.data.object) };
      case 'charge.refunded': {
        // A refund made in Stripe's dashboard (or ours, already counted): the charge's payment and all refunded of it.
        const charge = event.data.object;
        const paymentId = idOf(charge.payment_intent);
        if (!paymentId) return { id: event.id, type: 'ignored' };
        return { id: event.id, type: 'payment.refunded', paymentId, amountRefundedCents: charge.amount_refunded };
      }
      default:
        return { id: event.id, type: 'ignored' };
    }
  }

  /** A PaymentMethod id for what the browser sent: Elements' pm_…, or a legacy tok_… made into one. */
  async #paymentMethodOf(token: string, idempotencyKey?: string) {
    if (!token.startsWith('tok_')) return token;
    const method = await this.#stripe.paymentMethods.create(
      { type: 'card', card: { token } },
      idempotencyKey ? { idempotencyKey } : undefined,
    );
    return method.id;
  }

  /** The object, or null when Stripe has no such thing. */
  async #retrieve<T>(load: () => Promise<T>): Promise<T | null> {
    try {
      return await load();
    } catch (error) {
      if (error instanceof StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  async #subscriptionWithKey(customerId: string, idempotencyKey: string) {
    for await (const subscription of this.#stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
      if (subscription.metadata[META_IDEMPOTENCY_KEY] === idempotencyKey) return subscription;
    }
    return null;
  }

  /**
   * The recurring price of a plan or donation amount: one per code, amount and interval, found by its
   * lookup key (so a thousand monthly donations of $10 share a price and product in the dashboard).
   */
  async #recurringPrice(input: SubscriptionInput) {
    const lookupKey = `${input.productCode}:${input.interval}:${input.amountCents}`;
    const found = await this.#stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0];
    return this.#stripe.prices.create(
      {
        currency: 'usd',
        unit_amount: input.amountCents,
        recurring: { interval: input.interval },
        product_data: { name: input.productName, metadata: { code: input.productCode } },
        lookup_key: lookupKey,
        // Two first subscriptions at once both create; the later keeps the key, the other still works.
        transfer_lookup_key: true,
        metadata: { code: input.productCode },
      },
      { idempotencyKey: `${input.idempotencyKey}:price` },
    );
  }
}

/** The same calendar day one interval later, clamped to the month's end (Jan 31 → Feb 28), as Stripe bills. */
export function addInterval(from: Date, interval: Interval): Date {
  const months = interval === 'year' ? 12 : 1;
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/**
 * Stripe's error code and decline code, reduced to what a family can act on
 * (https://docs.stripe.com/declines/codes, https://docs.stripe.com/error-codes).
 */
export function failureCodeOf(code: string | undefined, declineCode: string | undefined): PaymentFailureCode | null {
  const byCode: Record<string, PaymentFailureCode> = {
    insufficient_funds: 'insufficient_funds',
    expired_card: 'expired_card',
    incorrect_cvc: 'incorrect_cvc',
    invalid_cvc: 'incorrect_cvc',
    incorrect_number: 'incorrect_number',
    invalid_number: 'incorrect_number',
    processing_error: 'processing_error',
    authentication_required: 'authentication_failed',
    payment_intent_authentication_failure: 'authentication_failed',
    setup_intent_authentication_failure: 'authentication_failed',
    card_declined: 'card_declined',
  };
  return (declineCode && byCode[declineCode]) || (code && byCode[code]) || null;
}

/**
 * An expected refusal as a PaymentFailure; anything else (Stripe unreachable, a bug) is thrown on.
 * Every request this is used for carries only the family's card or token as outside input, so an
 * invalid request means that card or token: unknown, spent, of another customer, or used once
 * without a customer (`invalidAs`), unless Stripe refuses the amount (under $0.50, over the limit).
 */
function failureOf(error: unknown, invalidAs: PaymentFailureCode): PaymentFailure {
  if (error instanceof StripeCardError) {
    return { ok: false, code: failureCodeOf(error.code, error.decline_code) ?? 'card_declined', message: error.message };
  }
  if (error instanceof StripeInvalidRequestError) {
    const amount = error.code === 'amount_too_small' || error.code === 'amount_too_large';
    return { ok: false, code: amount ? 'processing_error' : invalidAs, message: error.message };
  }
  throw error;
}

function idOf(ref: string | { id: string } | null | undefined) {
  return typeof ref === 'string' ? ref : ref?.id;
}

function brandOf(brand: string | null | undefined): CardBrand {
  return brand && BRANDS.has(brand) ? (brand as CardBrand) : 'unknown';
}

function cardOf(method: Stripe.PaymentMethod): ProviderCard {
  if (!method.card) throw new Error(`PaymentMethod ${method.id} is a ${method.type}, not a card`);
  return {
    id: method.id,
    name: method.billing_details.name ?? '',
    brand: brandOf(method.card.brand),
    last4: method.card.last4,
    exp_month: method.card.exp_month,
    exp_year: method.card.exp_year,
  };
}

/** A SetupIntent as the card it saved, the authentication it waits for, or why it failed. */
function setupOf(intent: Stripe.SetupIntent): CardSetup {
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  if (intent.status === 'succeeded' && method) return { ok: true, card: cardOf(method) };
  if (intent.status === 'requires_action' && intent.client_secret) {
    return { ok: true, action: { setupId: intent.id, clientSecret: intent.client_secret } };
  }
  // requires_payment_method after the cardholder failed 3-D Secure (or the bank declined the setup).
  const error = intent.last_setup_error;
  const code = error ? (failureCodeOf(error.code, error.decline_code) ?? 'card_declined') : 'authentication_failed';
  return { ok: false, code, message: error?.message ?? `SetupIntent ${intent.id} is ${intent.status}` };
}

function statusOf(status: Stripe.PaymentIntent.Status): PaymentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    // Declined, or 3-D Secure failed: the PaymentIntent waits for another card, which we never give it.
    case 'requires_payment_method':
    case 'requires_confirmation':
      return 'failed';
    default:
      // requires_action, and the rare `processing` of a card: not settled yet, so the order stays
      // pending until the browser finishes, the webhook arrives or reconciliation asks again.
      return 'requires_action';
  }
}

function paymentOf(intent: Stripe.PaymentIntent, method?: Stripe.PaymentMethod, failure?: PaymentFailure): Payment {
  const status = statusOf(intent.status);
  const paidWith = method ?? (typeof intent.payment_method === 'object' ? intent.payment_method : null);
  const lastError = intent.last_payment_error;
  return {
    paymentId: intent.id,
    status,
    amountCents: intent.amount,
    ...(status === 'requires_action' && intent.client_secret && { clientSecret: intent.client_secret }),
    ...(paidWith?.card && { card: { brand: brandOf(paidWith.card.brand), last4: paidWith.card.last4 } }),
    // A card kept on the customer is a saved card; a one-off PaymentMethod is not.
    ...(paidWith?.customer && { cardId: paidWith.id }),
    ...(status === 'failed' && {
      failure: failure ?? {
        ok: false,
        code: failureCodeOf(lastError?.code, lastError?.decline_code) ?? 'card_declined',
        message: lastError?.message ?? 'The payment did not go through.',
      },
    }),
    metadata: intent.metadata,
  };
}

/** Of an order's PaymentIntents, the one that tells most: a success, else one still in progress, else the latest. */
function best(intents: Stripe.PaymentIntent[]): Payment {
  const rank = (p: Payment) => ({ succeeded: 0, requires_action: 1, failed: 2, canceled: 3 })[p.status];
  const payments = intents.sort((a, b) => b.created - a.created).map((intent) => paymentOf(intent));
  return payments.reduce((a, b) => (rank(b) < rank(a) ? b : a));
}

function intervalOf(value: string | undefined): Interval {
  return value === 'year' ? 'year' : 'month';
}

function ourMetadata(metadata: Stripe.Metadata | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata ?? {}).filter(([key]) => !INTERNAL_KEYS.has(key)));
}

function subscriptionStatusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    // The first period, paid by the order, is a trial at Stripe (createSubscription).
    case 'active':
    case 'trialing':
      return 'active';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
    default:
      // past_due, unpaid, paused: a renewal did not go through.
      return 'past_due';
  }
}

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
  const currentPeriodEnd = new Date(item.current_period_end * 1000);
  const date = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));
  return {
    subscriptionId: subscription.id,
    status: subscriptionStatusOf(subscription.status),
    amountCents: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    interval: intervalOf(item.price.recurring?.interval),
    productCode: subscription.metadata[META_PRODUCT_CODE] ?? item.price.metadata.code ?? '',
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd,
    cancelAt: date(subscription.cancel_at) ?? (subscription.cancel_at_period_end ? currentPeriodEnd : null),
    // Ours start with a "trial" that is the first period, paid by the order's charge (createSubscription): not a
    // free trial, which spec §4's cancel rule means, so it is not reported as one.
    trialEnd: subscription.metadata[META_IDEMPOTENCY_KEY] ? null : date(subscription.trial_end),
    cardId: idOf(subscription.default_payment_method) ?? null,
    clockTime: null,
    metadata: ourMetadata(subscription.metadata),
  };
}

/** A subscription's invoice; the code and interval come from the subscription's metadata, which Stripe copies onto it. */
function invoiceOf(invoice: Stripe.Invoice, subscriptionId?: string): ProviderInvoice {
  const details = invoice.parent?.subscription_details;
  const metadata = details?.metadata ?? {};
  return {
    invoiceId: invoice.id,
    subscriptionId: idOf(details?.subscription) ?? subscriptionId ?? '',
    created: new Date(invoice.created * 1000),
    totalCents: invoice.total,
    status: invoiceStatusOf(invoice.status),
    interval: intervalOf(metadata[META_INTERVAL]),
    productCode: metadata[META_PRODUCT_CODE] ?? '',
    // Named only when the list expanded data.payments (listInvoices does); events carry none.
    paymentId: idOf(invoice.payments?.data?.[0]?.payment?.payment_intent) ?? null,
    attemptCount: invoice.attempt_count ?? 0,
    nextPaymentAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
  };
}

function invoiceStatusOf(status: Stripe.Invoice.Status | null): ProviderInvoice['status'] {
  const settled: readonly string[] = ['open', 'paid', 'void', 'uncollectible'] satisfies ProviderInvoice['status'][];
  return status && settled.includes(status) ? (status as ProviderInvoice['status']) : 'draft';
}
