import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readAll } from '../src/providers/storage/storage';

/**
 * A local stand-in for the part of Stripe's API the Stripe adapter uses
 * (providers/payments/stripe-processor.ts), so its tests run the official
 * SDK over real HTTP without a network or an account: form-encoded requests
 * with bracketed keys, Stripe-shaped JSON, list and search pages, expand,
 * the documented test PaymentMethods and tokens with their declines (402
 * card_error with code, decline_code and the PaymentIntent), and
 * Idempotency-Key replay (same key and parameters, same answer; other
 * parameters, an idempotency_error). In memory, on 127.0.0.1, one per test
 * file. Beyond Stripe, helpers play the browser (3-D Secure) and the passing
 * of billing periods.
 */

type Param = string | Param[] | { [key: string]: Param };
type Params = { [key: string]: Param };
type Metadata = Record<string, string>;
type JsonObject = { [key: string]: unknown };

/** What a test card does (https://docs.stripe.com/testing). */
interface TestCard {
  brand: string;
  last4: string;
  /** Declined when attached and when charged. */
  declines?: CardDecline;
  /** Saved fine, then every charge is declined (…0341). */
  chargeFails?: boolean;
  /** Every charge asks for 3-D Secure (…3184). */
  requiresAuthentication?: boolean;
}
interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
}

const GENERIC_DECLINE: CardDecline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

/** pm_card_<name> and tok_<name>, as in Stripe's test mode. */
export const TEST_CARDS: Record<string, TestCard> = {
  visa: { brand: 'visa', last4: '4242' },
  mastercard: { brand: 'mastercard', last4: '4444' },
  amex: { brand: 'amex', last4: '8431' },
  chargeDeclined: { brand: 'visa', last4: '0002', declines: GENERIC_DECLINE },
  chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    declines: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    declines: { code: 'expired_card', message: 'Your card has expired.' },
  },
  chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    declines: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
  chargeDeclinedProcessingError: {
    brand: 'visa',
    last4: '0119',
    declines: { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
  },
  visa_chargeDeclinedLostCard: {
    brand: 'visa',
    last4: '9987',
    declines: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  },
  chargeCustomerFail: { brand: 'visa', last4: '0341', chargeFails: true },
  authenticationRequired: { brand: 'visa', last4: '3184', requiresAuthentication: true },
};

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  allow_redisplay: 'unspecified';
  billing_details: { name: string | null; email: null; phone: null; address: JsonObject };
  card: {
    brand: string;
    display_brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
  };
  customer: string | null;
  created: number;
  livemode: false;
  metadata: Metadata;
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: JsonObject | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: JsonObject | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  status: string;
}

interface SetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  created: number;
  customer: string | null;
  last_setup_error: JsonObject | null;
  livemode: false;
  metadata: Metadata;
  next_action: JsonObject | null;
  payment_method: string | null;
  payment_method_types: string[];
  status: string;
  usage: string;
}

interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: null;
  product: string;
  recurring: { interval: string; interval_count: 1; meter: null; trial_period_days: null; usage_type: 'licensed' } | null;
  tax_behavior: 'unspecified';
  type: 'recurring' | 'one_time';
  unit_amount: number;
}

interface Subscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string;
  ended_at: number | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status: string;
  trial_end: number | null;
  trial_settings: JsonObject;
  trial_start: number | null;
}
interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
}

interface Invoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  livemode: false;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_end: number;
  period_start: number;
  status: 'paid';
  subtotal: number;
  total: number;
}

/** An answer other than 200, thrown by a handler: Stripe's `{ error }` body. */
class ApiError {
  constructor(
    readonly status: number,
    readonly error: JsonObject,
  ) {}
}

const invalid = (message: string, extra: JsonObject = {}) =>
  new ApiError(400, { type: 'invalid_request_error', message, ...extra });
const missing = (what: string, id: string, param: string) =>
  new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param });

let counter = 0;
const newId = (prefix: string) => `${prefix}_1St${(++counter).toString(36)}${randomBytes(8).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Same day of the month one interval later, clamped to the month's end (Jan 31 → Feb 28), in seconds. */
function plusInterval(seconds: number, interval: string) {
  const from = new Date(seconds * 1000);
  const months = interval === 'year' ? 12 : 1;
  const target = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, from.getUTCHours(), from.getUTCMinutes()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000) + from.getUTCSeconds();
}

/** Stripe's form encoding (`items[0][price]=…`, `metadata[order_id]=…`) back into objects and arrays. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    const last = path.pop()!;
    for (const part of path) {
      node[part] ??= {};
      node = node[part] as Params;
    }
    node[last] = value;
  }
  const arrays = (param: Param): Param => {
    if (typeof param === 'string' || Array.isArray(param)) return param;
    const keys = Object.keys(param);
    const entries = keys.map((k) => [k, arrays(param[k]!)] as const);
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}

const str = (params: Params, key: string) => {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
};
const int = (params: Params, key: string) => {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, { param: key });
  return Number(value);
};
const obj = (params: Params, key: string): Params => {
  const value = params[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
};
const list = (params: Params, key: string): string[] => {
  const value = params[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};
const metadataOf = (params: Params): Metadata =>
  Object.fromEntries(Object.entries(obj(params, 'metadata')).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** One page of a list, newest first, with Stripe's cursors. */
function page<T extends { id: string }>(newestFirst: T[], params: Params, url: string) {
  const limit = Math.min(Math.max(int(params, 'limit') ?? 10, 1), 100);
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  let start = 0;
  let end = newestFirst.length;
  if (after) start = newestFirst.findIndex((o) => o.id === after) + 1;
  if (before)
    end = Math.max(
      newestFirst.findIndex((o) => o.id === before),
      0,
    );
  const data = before ? newestFirst.slice(Math.max(end - limit, start), end) : newestFirst.slice(start, start + limit);
  const hasMore = before ? end - limit > start : start + limit < end;
  return { object: 'list', data, has_more: hasMore, url };
}

export interface StripeStandIn {
  /** For the SDK's host, port and protocol (STRIPE_API_URL). */
  url: string;
  /** Every request as received: method, path (no query), Idempotency-Key, and whether it was answered from the key. */
  requests: { method: string; path: string; idempotencyKey?: string; replayed: boolean }[];
  customers: Map<string, JsonObject>;
  paymentMethods: Map<string, PaymentMethod>;
  paymentIntents: Map<string, PaymentIntent>;
  setupIntents: Map<string, SetupIntent>;
  refunds: Map<string, JsonObject>;
  prices: Map<string, Price>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  /** A single-use card token, as Stripe.js makes from a card field (tok_<name> tokens are reusable, as in test mode). */
  issueToken(card: keyof typeof TEST_CARDS, name?: string): string;
  /** The browser's part of 3-D Secure (Stripe.js) for a PaymentIntent or a SetupIntent: the cardholder approves or fails. */
  authenticate(intentId: string, approve: boolean): void;
  /** One billing period passes for a subscription: its renewal invoice is billed to its card. */
  renew(subscriptionId: string): Invoice;
  /** A webhook event as Stripe sends it (unsigned JSON), of an object as the API serves it. */
  event(type: string, object: unknown): string;
  close(): Promise<void>;
}

export async function startStripeStandIn(options: { secretKey: string }): Promise<StripeStandIn> {
  const customers = new Map<string, JsonObject>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const setupIntents = new Map<string, SetupIntent>();
  const refunds = new Map<string, JsonObject>();
  const prices = new Map<string, Price>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const behaviour = new Map<string, TestCard>();
  /** PaymentMethods used once without a customer: Stripe refuses them again. */
  const spent = new Set<string>();
  const tokens = new Map<string, { card: TestCard; name: string | null; used: boolean }>();
  const refunded = new Map<string, number>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: StripeStandIn['requests'] = [];

  const newestFirst = <T>(map: Map<string, T>) => [...map.values()].reverse();

  function newPaymentMethod(card: TestCard, name: string | null): PaymentMethod {
    const method: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      allow_redisplay: 'unspecified',
      billing_details: {
        name,
        email: null,
        phone: null,
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      },
      card: {
        brand: card.brand,
        display_brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        country: 'US',
      },
      customer: null,
      created: nowSeconds(),
      livemode: false,
      metadata: {},
    };
    paymentMethods.set(method.id, method);
    behaviour.set(method.id, card);
    return method;
  }

  /** A PaymentMethod by id; the magic pm_card_<name> ids make a new one each time, as Stripe's test mode does. */
  function paymentMethodOf(id: string, param: string) {
    const magic = /^pm_card_(\w+)$/.exec(id)?.[1];
    const card = magic ? TEST_CARDS[magic] : undefined;
    if (card) return newPaymentMethod(card, null);
    const method = paymentMethods.get(id);
    if (!method) throw missing('PaymentMethod', id, param);
    return method;
  }

  function customerOf(id: string | undefined, param = 'customer') {
    if (!id || !customers.has(id)) throw missing('customer', id ?? '', param);
    return id;
  }

  function cardError(decline: CardDecline, extra: JsonObject) {
    return new ApiError(402, {
      type: 'card_error',
      code: decline.code,
      ...(decline.decline_code && { decline_code: decline.decline_code }),
      message: decline.message,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
      ...extra,
    });
  }

  function expanded(intent: PaymentIntent, expand: string[], prefix = '') {
    return expand.includes(`${prefix}payment_method`) && intent.payment_method
      ? { ...intent, payment_method: paymentMethods.get(intent.payment_method) }
      : intent;
  }

  /** Charges a card for a PaymentIntent: succeeded, requires_action, or declined (the 402 thrown after the record is kept). */
  function confirm(intent: PaymentIntent, method: PaymentMethod) {
    const card = behaviour.get(method.id)!;
    intent.payment_method = method.id;
    const decline = card.declines ?? (card.chargeFails ? GENERIC_DECLINE : undefined);
    if (decline) {
      const charge = newId('ch');
      intent.status = 'requires_payment_method';
      intent.latest_charge = charge;
      intent.last_payment_error = {
        type: 'card_error',
        code: decline.code,
        ...(decline.decline_code && { decline_code: decline.decline_code }),
        message: decline.message,
        charge,
        payment_method: method,
      };
      throw cardError(decline, { charge, payment_intent: intent, payment_method: method });
    }
    if (card.requiresAuthentication) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: {
          type: 'three_d_secure_redirect',
          stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted',
          source: newId('src'),
        },
      };
      return;
    }
    succeed(intent);
  }

  /** A charge that went through; with setup_future_usage its PaymentMethod is attached to the customer now. */
  function succeed(intent: PaymentIntent) {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = newId('ch');
    const method = paymentMethods.get(intent.payment_method ?? '');
    if (intent.setup_future_usage && intent.customer && method && !method.customer) {
      method.customer = intent.customer;
      spent.delete(method.id);
    }
  }

  function createPaymentIntent(params: Params) {
    const amount = int(params, 'amount');
    if (amount === undefined) throw invalid('Missing required param: amount.', { param: 'amount' });
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    const customer = str(params, 'customer');
    if (customer) customerOf(customer);
    const methodId = str(params, 'payment_method');
    const method = methodId ? paymentMethodOf(methodId, 'payment_method') : undefined;
    if (method?.customer && method.customer !== customer) {
      throw invalid('The provided PaymentMethod belongs to another customer.', { param: 'payment_method' });
    }
    if (method && !method.customer && spent.has(method.id)) {
      throw invalid(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.',
        { code: 'payment_method_unexpected_state', param: 'payment_method' },
      );
    }
    const id = newId('pi');
    const types = list(params, 'allowed_payment_method_types');
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      allowed_payment_method_types: types.length > 0 ? types : ['card'],
      payment_method_types: types.length > 0 ? types : ['card'],
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency: str(params, 'currency') ?? 'usd',
      customer: customer ?? null,
      description: str(params, 'description') ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataOf(params),
      next_action: null,
      payment_method: method?.id ?? null,
      setup_future_usage: str(params, 'setup_future_usage') ?? null,
      status: method ? 'requires_confirmation' : 'requires_payment_method',
    };
    paymentIntents.set(id, intent);
    if (method && str(params, 'confirm') === 'true') {
      if (!method.customer) spent.add(method.id);
      confirm(intent, method);
    }
    return expanded(intent, list(params, 'expand'));
  }

  const expandedSetup = (intent: SetupIntent, expand: string[]) =>
    expand.includes('payment_method') && intent.payment_method
      ? { ...intent, payment_method: paymentMethods.get(intent.payment_method) }
      : intent;

  /** A SetupIntent confirmed at once: the card is checked with its bank, and saved on the customer once it succeeds. */
  function createSetupIntent(params: Params) {
    const customer = customerOf(str(params, 'customer'));
    const method = paymentMethodOf(str(params, 'payment_method') ?? '', 'payment_method');
    if (method.customer && method.customer !== customer) {
      throw invalid('The provided PaymentMethod belongs to another customer.', { param: 'payment_method' });
    }
    const id = newId('seti');
    const types = list(params, 'allowed_payment_method_types');
    const intent: SetupIntent = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: nowSeconds(),
      customer,
      last_setup_error: null,
      livemode: false,
      metadata: metadataOf(params),
      next_action: null,
      payment_method: method.id,
      payment_method_types: types.length > 0 ? types : ['card'],
      status: 'requires_confirmation',
      usage: str(params, 'usage') ?? 'off_session',
    };
    setupIntents.set(id, intent);
    if (str(params, 'confirm') === 'true') {
      const card = behaviour.get(method.id)!;
      if (card.declines) {
        intent.status = 'requires_payment_method';
        intent.last_setup_error = { type: 'card_error', code: card.declines.code, message: card.declines.message };
        throw cardError(card.declines, { setup_intent: intent, payment_method: method });
      }
      if (card.requiresAuthentication) {
        intent.status = 'requires_action';
        intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      } else {
        intent.status = 'succeeded';
        method.customer = customer;
      }
    }
    return expandedSetup(intent, list(params, 'expand'));
  }

  function searchPaymentIntents(params: Params) {
    const query = str(params, 'query') ?? '';
    const match = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(query.trim());
    if (!match) throw invalid(`Unsupported search query: ${query}`, { param: 'query' });
    const [, key, escaped] = match;
    const value = escaped!.replace(/\\(.)/g, '$1');
    const found = newestFirst(paymentIntents).filter((pi) => pi.metadata[key!] === value);
    const limit = int(params, 'limit') ?? 10;
    const offset = Number(str(params, 'page') ?? 0);
    const expand = list(params, 'expand');
    const data = found.slice(offset, offset + limit).map((pi) => expanded(pi, expand, 'data.'));
    const more = offset + limit < found.length;
    return {
      object: 'search_result',
      data,
      has_more: more,
      next_page: more ? String(offset + limit) : null,
      url: '/v1/payment_intents/search',
    };
  }

  function newInvoice(subscription: Subscription, total: number, reason: Invoice['billing_reason'], start: number, end: number) {
    const invoice: Invoice = {
      id: newId('in'),
      object: 'invoice',
      amount_due: total,
      amount_paid: total,
      amount_remaining: 0,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: nowSeconds(),
      currency: subscription.currency,
      customer: subscription.customer,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      period_end: end,
      period_start: start,
      status: 'paid',
      subtotal: total,
      total,
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    if (total > 0) {
      // Billing charges the subscription's card off-session.
      const intent = createPaymentIntent(
        parseForm(
          new URLSearchParams({
            amount: String(total),
            currency: subscription.currency,
            customer: subscription.customer,
            payment_method: subscription.default_payment_method,
            confirm: 'true',
            description: 'Subscription update',
          }).toString(),
        ),
      );
      if (intent.status !== 'succeeded') throw new Error(`The renewal of ${subscription.id} did not go through`);
    }
    return invoice;
  }

  function createSubscription(params: Params) {
    const customer = customerOf(str(params, 'customer'));
    const items = params.items;
    const priceId =
      Array.isArray(items) && items[0] && typeof items[0] === 'object' ? str(items[0] as Params, 'price') : undefined;
    const price = priceId ? prices.get(priceId) : undefined;
    if (!price?.recurring) throw missing('price', priceId ?? '', 'items[0][price]');
    const methodId = str(params, 'default_payment_method') ?? '';
    const method = paymentMethods.get(methodId);
    if (!method || method.customer !== customer) {
      throw invalid(`The customer does not have a payment method with the ID ${methodId}.`, {
        code: 'resource_missing',
        param: 'default_payment_method',
      });
    }
    const now = nowSeconds();
    const trialEnd = int(params, 'trial_end');
    if (trialEnd !== undefined && (trialEnd <= now || trialEnd > now + 730 * 86_400)) {
      throw invalid('Invalid timestamp: must be in the future and at most two years away.', { param: 'trial_end' });
    }
    const id = newId('sub');
    const periodEnd = trialEnd ?? plusInterval(now, price.recurring.interval);
    const subscription: Subscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: periodEnd,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer,
      default_payment_method: method.id,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: now,
            current_period_end: periodEnd,
            current_period_start: now,
            metadata: {},
            price,
            quantity: 1,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: metadataOf(params),
      start_date: now,
      status: trialEnd ? 'trialing' : 'active',
      trial_end: trialEnd ?? null,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? now : null,
    };
    subscriptions.set(id, subscription);
    // The first invoice: nothing during a trial, otherwise the first period, billed now.
    newInvoice(subscription, trialEnd ? 0 : price.unit_amount, 'subscription_create', now, periodEnd);
    return subscription;
  }

  function subscriptionOf(id: string) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id, 'id');
    return subscription;
  }

  type Handler = (params: Params, id: string) => unknown;
  const routes: [string, RegExp, Handler][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (params) => {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          created: nowSeconds(),
          email: str(params, 'email') ?? null,
          name: str(params, 'name') ?? null,
          invoice_settings: { default_payment_method: null },
          livemode: false,
          metadata: metadataOf(params),
        };
        customers.set(customer.id, customer);
        return customer;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods$/,
      (params) => {
        const token = str(obj(params, 'card'), 'token') ?? '';
        const magic = TEST_CARDS[token.replace(/^tok_/, '')];
        if (magic && token.startsWith('tok_')) return newPaymentMethod(magic, null);
        const issued = tokens.get(token);
        if (!issued) throw missing('token', token, 'card[token]');
        if (issued.used) {
          throw invalid(`You cannot use a Stripe token more than once: ${token}.`, {
            code: 'token_already_used',
            param: 'card[token]',
          });
        }
        issued.used = true;
        return newPaymentMethod(issued.card, issued.name);
      },
    ],
    [
      'GET',
      /^\/v1\/payment_methods$/,
      (params) => {
        const customer = str(params, 'customer');
        const cards = newestFirst(paymentMethods).filter((m) => m.customer === customer && m.type === str(params, 'type'));
        return page(cards, params, '/v1/payment_methods');
      },
    ],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (_params, id) => paymentMethodOf(id, 'payment_method')],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      (params, id) => {
        const customer = customerOf(str(params, 'customer'));
        const method = paymentMethodOf(id, 'payment_method');
        if (method.customer && method.customer !== customer) {
          throw invalid('The payment method you provided has already been attached to a customer.');
        }
        if (spent.has(method.id)) {
          throw invalid(
            'This PaymentMethod was previously used without being attached to a Customer. It may not be used again.',
            {
              code: 'payment_method_unexpected_state',
            },
          );
        }
        // Stripe checks a card with its issuer when it is saved.
        const decline = behaviour.get(method.id)!.declines;
        if (decline) throw cardError(decline, { payment_method: method });
        method.customer = customer;
        return method;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      (_params, id) => {
        const method = paymentMethodOf(id, 'payment_method');
        if (!method.customer) {
          throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', {
            code: 'payment_method_unexpected_state',
          });
        }
        method.customer = null;
        spent.add(method.id);
        return method;
      },
    ],
    ['POST', /^\/v1\/payment_intents$/, (params) => createPaymentIntent(params)],
    ['POST', /^\/v1\/setup_intents$/, (params) => createSetupIntent(params)],
    [
      'GET',
      /^\/v1\/setup_intents\/([^/]+)$/,
      (params, id) => {
        const intent = setupIntents.get(id);
        if (!intent) throw missing('setup_intent', id, 'intent');
        return expandedSetup(intent, list(params, 'expand'));
      },
    ],
    ['GET', /^\/v1\/payment_intents\/search$/, (params) => searchPaymentIntents(params)],
    [
      'GET',
      /^\/v1\/payment_intents$/,
      (params) => {
        const since = int(obj(params, 'created'), 'gte') ?? 0;
        const expand = list(params, 'expand');
        const recent = newestFirst(paymentIntents)
          .filter((pi) => pi.created >= since && (!str(params, 'customer') || pi.customer === str(params, 'customer')))
          .map((pi) => expanded(pi, expand, 'data.'));
        return page(recent, params, '/v1/payment_intents');
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (params, id) => {
        const intent = paymentIntents.get(id);
        if (!intent) throw missing('payment_intent', id, 'intent');
        return expanded(intent, list(params, 'expand'));
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      (params, id) => {
        const intent = paymentIntents.get(id);
        if (!intent) throw missing('payment_intent', id, 'intent');
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
            { code: 'payment_intent_unexpected_state' },
          );
        }
        intent.status = 'canceled';
        intent.canceled_at = nowSeconds();
        intent.cancellation_reason = str(params, 'cancellation_reason') ?? null;
        intent.next_action = null;
        return expanded(intent, list(params, 'expand'));
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (params) => {
        const intentId = str(params, 'payment_intent') ?? '';
        const intent = paymentIntents.get(intentId);
        if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
        if (intent.status !== 'succeeded') {
          throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
            param: 'payment_intent',
          });
        }
        const left = intent.amount_received - (refunded.get(intentId) ?? 0);
        if (left === 0) {
          throw invalid(`Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' });
        }
        const amount = int(params, 'amount') ?? left;
        if (amount > left) {
          throw invalid(`Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`, {
            code: 'amount_too_large',
            param: 'amount',
          });
        }
        refunded.set(intentId, (refunded.get(intentId) ?? 0) + amount);
        const refund = {
          id: newId('re'),
          object: 'refund',
          amount,
          charge: intent.latest_charge,
          created: nowSeconds(),
          currency: intent.currency,
          metadata: metadataOf(params),
          payment_intent: intentId,
          reason: null,
          status: 'succeeded',
        };
        refunds.set(refund.id, refund);
        return refund;
      },
    ],
    [
      'GET',
      /^\/v1\/prices$/,
      (params) => {
        const keys = list(params, 'lookup_keys');
        const active = str(params, 'active');
        const found = newestFirst(prices).filter(
          (p) =>
            (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
            (!active || String(p.active) === active),
        );
        return page(found, params, '/v1/prices');
      },
    ],
    [
      'POST',
      /^\/v1\/prices$/,
      (params) => {
        const lookupKey = str(params, 'lookup_key') ?? null;
        const holder = lookupKey ? [...prices.values()].find((p) => p.lookup_key === lookupKey) : undefined;
        if (holder && str(params, 'transfer_lookup_key') !== 'true') {
          throw invalid(`A price (${holder.id}) already uses that lookup key.`, { param: 'lookup_key' });
        }
        if (holder) holder.lookup_key = null;
        const unitAmount = int(params, 'unit_amount');
        if (unitAmount === undefined) throw invalid('Missing required param: unit_amount.', { param: 'unit_amount' });
        const interval = str(obj(params, 'recurring'), 'interval');
        if (interval && !['day', 'week', 'month', 'year'].includes(interval)) {
          throw invalid(`Invalid recurring[interval]: ${interval}`, { param: 'recurring[interval]' });
        }
        if (!str(params, 'product') && !str(obj(params, 'product_data'), 'name')) {
          throw invalid('Missing required param: product_data[name].', { param: 'product_data[name]' });
        }
        const price: Price = {
          id: newId('price'),
          object: 'price',
          active: true,
          billing_scheme: 'per_unit',
          created: nowSeconds(),
          currency: str(params, 'currency') ?? 'usd',
          livemode: false,
          lookup_key: lookupKey,
          metadata: metadataOf(params),
          nickname: null,
          product: str(params, 'product') ?? newId('prod'),
          recurring: interval
            ? { interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
            : null,
          tax_behavior: 'unspecified',
          type: interval ? 'recurring' : 'one_time',
          unit_amount: unitAmount,
        };
        prices.set(price.id, price);
        return price;
      },
    ],
    ['POST', /^\/v1\/subscriptions$/, (params) => createSubscription(params)],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (params) => {
        const status = str(params, 'status');
        const found = newestFirst(subscriptions).filter(
          (s) =>
            s.customer === str(params, 'customer') &&
            (status === 'all' || (status ? s.status === status : s.status !== 'canceled')),
        );
        return page(found, params, '/v1/subscriptions');
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (_params, id) => subscriptionOf(id)],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (params, id) => {
        const subscription = subscriptionOf(id);
        if (subscription.status === 'canceled') {
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        }
        // A new price from the next charge, which moves to trial_end (proration_behavior none: nothing billed now).
        if (str(params, 'proration_behavior') === 'none') {
          const item = subscription.items.data[0]!;
          const items = params.items;
          const priceId =
            Array.isArray(items) && items[0] && typeof items[0] === 'object' ? str(items[0] as Params, 'price') : undefined;
          if (priceId !== undefined) {
            const price = prices.get(priceId);
            if (!price?.recurring) throw missing('price', priceId, 'items[0][price]');
            item.price = price;
          }
          const trialEnd = int(params, 'trial_end');
          if (trialEnd !== undefined) {
            const now = nowSeconds();
            if (trialEnd <= now || trialEnd > now + 730 * 86_400) {
              throw invalid('Invalid timestamp: must be in the future and at most two years away.', { param: 'trial_end' });
            }
            subscription.trial_end = trialEnd;
            subscription.status = 'trialing';
            subscription.billing_cycle_anchor = trialEnd;
            item.current_period_end = trialEnd;
          }
        }
        const atPeriodEnd = str(params, 'cancel_at_period_end');
        if (atPeriodEnd !== undefined) {
          subscription.cancel_at_period_end = atPeriodEnd === 'true';
          subscription.cancel_at = atPeriodEnd === 'true' ? subscription.items.data[0]!.current_period_end : null;
        }
        Object.assign(subscription.metadata, metadataOf(params));
        return subscription;
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (_params, id) => {
        const subscription = subscriptionOf(id);
        if (subscription.status === 'canceled') throw invalid(`This subscription (${id}) has already been canceled.`);
        subscription.status = 'canceled';
        subscription.canceled_at = nowSeconds();
        subscription.ended_at = subscription.canceled_at;
        return subscription;
      },
    ],
    [
      'GET',
      /^\/v1\/invoices$/,
      (params) => {
        const found = newestFirst(invoices).filter(
          (i) => !str(params, 'subscription') || i.parent.subscription_details.subscription === str(params, 'subscription'),
        );
        return page(found, params, '/v1/invoices');
      },
    ],
  ];

  function answer(method: string, path: string, params: Params): { status: number; body: unknown } {
    for (const [routeMethod, pattern, handler] of routes) {
      const match = routeMethod === method ? pattern.exec(path) : null;
      if (!match) continue;
      try {
        return { status: 200, body: handler(params, decodeURIComponent(match[1] ?? '')) };
      } catch (error) {
        if (error instanceof ApiError) {
          return {
            status: error.status,
            body: { error: { ...error.error, request_log_url: `https://dashboard.stripe.com/test/logs/${newId('req')}` } },
          };
        }
        throw error;
      }
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  const server = http.createServer(async (req, res) => {
    const raw = (await readAll(req)).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const key = req.headers['idempotency-key'] as string | undefined;
    const send = (status: number, body: unknown, replayed = false) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': newId('req'),
        ...(key && { 'Idempotency-Key': key }),
        ...(replayed && { 'Idempotent-Replayed': 'true' }),
      });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const earlier = key && method !== 'GET' ? idempotent.get(key) : undefined;
    requests.push({ method, path: url.pathname, ...(key && { idempotencyKey: key }), replayed: earlier !== undefined });
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      } else send(earlier.status, earlier.body, true);
      return;
    }
    const params = parseForm(method === 'GET' ? url.search.slice(1) : raw || url.search.slice(1));
    const { status, body } = answer(method, url.pathname, params);
    // The answer as sent (a later change to the object does not change a replay).
    const sent = JSON.parse(JSON.stringify(body)) as unknown;
    if (key && method !== 'GET') idempotent.set(key, { fingerprint, status, body: sent });
    send(status, sent);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    paymentMethods,
    paymentIntents,
    setupIntents,
    refunds,
    prices,
    subscriptions,
    invoices,
    issueToken(card, name) {
      const token = newId('tok');
      tokens.set(token, { card: TEST_CARDS[card]!, name: name ?? null, used: false });
      return token;
    },
    authenticate(intentId, approve) {
      const setup = setupIntents.get(intentId);
      if (setup) {
        if (setup.status !== 'requires_action') throw new Error(`${intentId} does not await authentication`);
        setup.next_action = null;
        const method = paymentMethods.get(setup.payment_method ?? '');
        if (approve && method) {
          setup.status = 'succeeded';
          method.customer = setup.customer;
        } else {
          setup.status = 'requires_payment_method';
          setup.last_setup_error = {
            type: 'invalid_request_error',
            code: 'setup_intent_authentication_failure',
            message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          };
        }
        return;
      }
      const paymentIntentId = intentId;
      const intent = paymentIntents.get(paymentIntentId);
      if (intent?.status !== 'requires_action') throw new Error(`${paymentIntentId} does not await authentication`);
      intent.next_action = null;
      if (approve) {
        succeed(intent);
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          payment_method: paymentMethods.get(intent.payment_method ?? ''),
        };
      }
    },
    renew(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      const item = subscription.items.data[0]!;
      const start = item.current_period_end;
      const end = plusInterval(start, item.price.recurring!.interval);
      item.current_period_start = start;
      item.current_period_end = end;
      subscription.status = 'active';
      return newInvoice(subscription, item.price.unit_amount * item.quantity, 'subscription_cycle', start, end);
    },
    event(type, object) {
      return JSON.stringify({
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: nowSeconds(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** The secrets a test app uses with the stand-in (test values, not secrets). */
export const STAND_IN_KEYS = {
  secretKey: 'sk_test_storyhouse',
  publishableKey: 'pk_test_storyhouse',
  webhookSecret: 'whsec_storyhouse',
} as const;

/** The environment of an app whose processor is Stripe at `apiUrl` (the stand-in, or a closed port for "Stripe down"). */
export const stripeEnv = (apiUrl: string) => ({
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: STAND_IN_KEYS.secretKey,
  STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishableKey,
  STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret,
  STRIPE_API_URL: apiUrl,
});
