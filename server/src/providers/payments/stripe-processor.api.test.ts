import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in';
import type { PaymentFailureCode } from './payment-provider';
import { addInterval, failureCodeOf, StripeProcessor } from './stripe-processor';

/**
 * The Stripe adapter through the official SDK, over HTTP, against the local
 * stand-in for Stripe's API (server/test/stripe-stand-in.ts): every method
 * of the provider interface, and webhook events signed the way Stripe signs
 * them.
 */
const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_standin';

let standIn: StripeStandIn;
let stripe: StripeProcessor;
let users = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  stripe = new StripeProcessor({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_standin',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
  });
});

afterAll(async () => {
  await standIn.close();
});

async function newCustomer() {
  users += 1;
  const { customerId } = await stripe.createCustomer({ userId: users, email: `family${users}@example.org`, name: 'Ruth Mills' });
  return customerId;
}

async function savedCard(customerId: string, token = 'pm_card_visa') {
  let attached = await stripe.setupCard(customerId, token, `setup-${order()}`);
  if (attached.ok && 'action' in attached) {
    // A card that asks for 3-D Secure is saved once the cardholder completes it.
    standIn.authenticate(attached.action.setupId, true);
    attached = await stripe.retrieveCardSetup(customerId, attached.action.setupId);
  }
  if (!attached.ok || !('card' in attached)) throw new Error(`${token} was not saved: ${JSON.stringify(attached)}`);
  return attached.card.id;
}

const order = () => `${Math.floor(Math.random() * 1e9)}`;
const chargeOf = (customerId: string, source: { token: string } | { cardId: string }, orderId = order(), amountCents = 1999) => ({
  customerId,
  source,
  amountCents,
  idempotencyKey: `order-${orderId}-charge`,
  description: `Storyhouse order ${orderId}`,
  metadata: { order_id: orderId },
});
/** Stripe's declining test cards and what a family is told. */
const DECLINING: [string, PaymentFailureCode][] = [
  ['pm_card_chargeDeclined', 'card_declined'],
  ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
  ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
  ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc'],
  ['pm_card_chargeDeclinedProcessingError', 'processing_error'],
];
const requestsTo = (method: string, path: string) => standIn.requests.filter((r) => r.method === method && r.path === path);

describe('StripeProcessor against the Stripe stand-in', () => {
  it('names itself and answers its publishable key', () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.publishableKey).toBe('pk_test_standin');
  });

  it('creates a customer with the user id in its metadata', async () => {
    const { customerId } = await stripe.createCustomer({ userId: 4321, email: 'ruth@example.org', name: 'Ruth Mills' });
    expect(customerId).toMatch(/^cus_/);
    expect(standIn.customers.get(customerId)).toMatchObject({
      email: 'ruth@example.org',
      name: 'Ruth Mills',
      metadata: { user_id: '4321' },
    });
  });

  describe('cards', () => {
    it('saves a PaymentMethod from Elements and a legacy token, and lists them with the name on the card', async () => {
      const customerId = await newCustomer();
      const visa = await stripe.setupCard(customerId, 'pm_card_visa', `setup-${order()}`);
      const year = new Date().getUTCFullYear() + 3;
      expect(visa).toEqual({
        ok: true,
        card: { id: expect.stringMatching(/^pm_/), name: '', brand: 'visa', last4: '4242', exp_month: 12, exp_year: year },
      });
      const token = standIn.issueToken('mastercard', 'Ruth Mills');
      const mastercard = await stripe.setupCard(customerId, token, `setup-${order()}`);
      expect(mastercard).toMatchObject({ ok: true, card: { name: 'Ruth Mills', brand: 'mastercard', last4: '4444' } });

      const cards = await stripe.listCards(customerId);
      expect(cards.map((c) => c.last4).sort()).toEqual(['4242', '4444']);
      expect(cards.find((c) => c.last4 === '4444')?.name).toBe('Ruth Mills');
      expect(await stripe.listCards(await newCustomer())).toEqual([]);
    });

    it('refuses a spent token, an unknown PaymentMethod and a card saved by another customer', async () => {
      const customerId = await newCustomer();
      const token = standIn.issueToken('visa');
      expect((await stripe.setupCard(customerId, token, `setup-${order()}`)).ok).toBe(true);
      expect(await stripe.setupCard(customerId, token, `setup-${order()}`)).toMatchObject({ ok: false, code: 'token_invalid' });
      expect(await stripe.setupCard(customerId, 'pm_doesNotExist', `setup-${order()}`)).toMatchObject({
        ok: false,
        code: 'token_invalid',
      });
      const theirs = await savedCard(await newCustomer());
      expect(await stripe.setupCard(customerId, theirs, `setup-${order()}`)).toMatchObject({ ok: false, code: 'token_invalid' });
      expect(standIn.paymentMethods.get(theirs)?.customer).not.toBe(customerId);
    });

    it.each<[string, PaymentFailureCode]>([...DECLINING, ['tok_chargeDeclined', 'card_declined']])(
      'does not save %s, which the issuer declines (%s)',
      async (token, code) => {
        const customerId = await newCustomer();
        const attached = await stripe.setupCard(customerId, token, `setup-${order()}`);
        expect(attached).toMatchObject({ ok: false, code });
        expect(attached.ok === false && attached.message).toBeTruthy();
        expect(await stripe.listCards(customerId)).toEqual([]);
      },
    );

    it('sets up a card with a SetupIntent: one that asks for 3-D Secure is saved once the cardholder completes it', async () => {
      const customerId = await newCustomer();
      const waiting = await stripe.setupCard(customerId, 'pm_card_authenticationRequired', `setup-${order()}`);
      if (!waiting.ok || !('action' in waiting)) throw new Error(`expected requires_action: ${JSON.stringify(waiting)}`);
      expect(waiting.action).toEqual({
        setupId: expect.stringMatching(/^seti_/),
        clientSecret: expect.stringContaining('_secret_'),
      });
      expect(standIn.setupIntents.get(waiting.action.setupId)).toMatchObject({
        customer: customerId,
        usage: 'off_session',
        status: 'requires_action',
      });
      expect(await stripe.listCards(customerId)).toEqual([]);
      expect(await stripe.retrieveCardSetup(customerId, waiting.action.setupId)).toMatchObject({
        ok: true,
        action: waiting.action,
      });
      expect(await stripe.retrieveCardSetup(await newCustomer(), waiting.action.setupId)).toMatchObject({
        ok: false,
        code: 'card_not_found',
      });

      standIn.authenticate(waiting.action.setupId, true);
      expect(await stripe.retrieveCardSetup(customerId, waiting.action.setupId)).toMatchObject({
        ok: true,
        card: { last4: '3184', brand: 'visa' },
      });
      expect((await stripe.listCards(customerId)).map((c) => c.last4)).toEqual(['3184']);

      const failing = await stripe.setupCard(customerId, 'pm_card_authenticationRequired', `setup-${order()}`);
      if (!failing.ok || !('action' in failing)) throw new Error('expected requires_action');
      standIn.authenticate(failing.action.setupId, false);
      expect(await stripe.retrieveCardSetup(customerId, failing.action.setupId)).toMatchObject({
        ok: false,
        code: 'authentication_failed',
      });
      expect(await stripe.listCards(customerId)).toHaveLength(1);
      expect(requestsTo('POST', '/v1/setup_intents').every((r) => r.idempotencyKey?.startsWith('setup-'))).toBe(true);
    });

    it('saves the card that fails only when charged (…0341) through a SetupIntent', async () => {
      const customerId = await newCustomer();
      expect(await stripe.setupCard(customerId, 'pm_card_chargeCustomerFail', `setup-${order()}`)).toMatchObject({
        ok: true,
        card: { last4: '0341' },
      });
    });

    it('detaches only its own customer’s card', async () => {
      const customerId = await newCustomer();
      const otherId = await newCustomer();
      const mine = await savedCard(customerId);
      const theirs = await savedCard(otherId);

      expect(await stripe.detachCard(customerId, theirs)).toBe(false);
      expect(standIn.paymentMethods.get(theirs)?.customer).toBe(otherId);
      expect(await stripe.detachCard(customerId, 'pm_doesNotExist')).toBe(false);
      expect(requestsTo('POST', `/v1/payment_methods/${theirs}/detach`)).toEqual([]);

      expect(await stripe.detachCard(customerId, mine)).toBe(true);
      expect(await stripe.listCards(customerId)).toEqual([]);
      expect((await stripe.listCards(otherId)).map((c) => c.id)).toEqual([theirs]);
      expect(await stripe.detachCard(customerId, mine)).toBe(false);
    });
  });

  describe('charges', () => {
    it('charges a saved card once, on session, with the order on the PaymentIntent', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId);
      const input = chargeOf(customerId, { cardId }, '1001');
      const payment = await stripe.charge(input);
      expect(payment).toEqual({
        paymentId: expect.stringMatching(/^pi_/),
        status: 'succeeded',
        amountCents: 1999,
        card: { brand: 'visa', last4: '4242' },
        cardId,
        metadata: { order_id: '1001' },
      });
      expect(standIn.paymentIntents.get(payment.paymentId)).toMatchObject({
        amount: 1999,
        amount_received: 1999,
        currency: 'usd',
        customer: customerId,
        payment_method: cardId,
        allowed_payment_method_types: ['card'],
        description: 'Storyhouse order 1001',
        status: 'succeeded',
      });
      expect(standIn.requests.at(-1)).toMatchObject({ path: '/v1/payment_intents', idempotencyKey: 'order-1001-charge' });
    });

    it('keeps a new card asked to be saved only when the charge succeeds (setup_future_usage)', async () => {
      const customerId = await newCustomer();
      const declined = await stripe.charge({ ...chargeOf(customerId, { token: 'pm_card_chargeCustomerFail' }), saveCard: true });
      expect(declined.status).toBe('failed');
      expect(await stripe.listCards(customerId)).toEqual([]);
      const paid = await stripe.charge({ ...chargeOf(customerId, { token: 'pm_card_visa' }), saveCard: true });
      expect(paid).toMatchObject({ status: 'succeeded', cardId: expect.stringMatching(/^pm_/) });
      expect((await stripe.listCards(customerId)).map((c) => c.id)).toEqual([paid.cardId]);
      expect(standIn.paymentIntents.get(paid.paymentId)?.setup_future_usage).toBe('off_session');
    });

    it('charges a new card without saving it', async () => {
      const customerId = await newCustomer();
      const payment = await stripe.charge(chargeOf(customerId, { token: 'pm_card_amex' }));
      expect(payment).toMatchObject({ status: 'succeeded', card: { brand: 'amex', last4: '8431' } });
      expect(payment.cardId).toBeUndefined();
      expect(await stripe.listCards(customerId)).toEqual([]);
    });

    it('answers a repeated charge (same idempotency key) with the first result and one PaymentIntent', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId);
      const input = chargeOf(customerId, { cardId });
      const before = standIn.paymentIntents.size;
      const first = await stripe.charge(input);
      const again = await stripe.charge(input);
      expect(again).toEqual(first);
      expect(standIn.paymentIntents.size).toBe(before + 1);
      expect(requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === input.idempotencyKey)).toEqual([
        expect.objectContaining({ replayed: false }),
        expect.objectContaining({ replayed: true }),
      ]);
    });

    it('does not spend a single-use token twice on a repeated charge', async () => {
      const customerId = await newCustomer();
      const input = chargeOf(customerId, { token: standIn.issueToken('visa') });
      const methods = standIn.paymentMethods.size;
      const intents = standIn.paymentIntents.size;
      const first = await stripe.charge(input);
      expect(first.status).toBe('succeeded');
      expect(await stripe.charge(input)).toEqual(first);
      expect(standIn.paymentMethods.size).toBe(methods + 1);
      expect(standIn.paymentIntents.size).toBe(intents + 1);
    });

    it.each<[string, PaymentFailureCode]>([...DECLINING, ['pm_card_visa_chargeDeclinedLostCard', 'card_declined']])(
      'reports the decline of %s as %s, keeping the PaymentIntent',
      async (token, code) => {
        const customerId = await newCustomer();
        const input = chargeOf(customerId, { token });
        const payment = await stripe.charge(input);
        expect(payment).toMatchObject({
          paymentId: expect.stringMatching(/^pi_/),
          status: 'failed',
          amountCents: 1999,
          card: { brand: 'visa' },
          failure: { ok: false, code, message: expect.any(String) },
          metadata: input.metadata,
        });
        expect(standIn.paymentIntents.get(payment.paymentId)?.status).toBe('requires_payment_method');
        // The record says the same later (reconciliation), and a repeated call does not try again.
        expect(await stripe.retrievePayment(payment.paymentId)).toMatchObject({ status: 'failed', failure: { code } });
        const intents = standIn.paymentIntents.size;
        expect(await stripe.charge(input)).toEqual(payment);
        expect(standIn.paymentIntents.size).toBe(intents);
      },
    );

    it('saves the card that Stripe verifies but whose charges fail (…0341), then reports the decline', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId, 'pm_card_chargeCustomerFail');
      const payment = await stripe.charge(chargeOf(customerId, { cardId }));
      expect(payment).toMatchObject({ status: 'failed', cardId, card: { last4: '0341' }, failure: { code: 'card_declined' } });
    });

    it('refuses a card that is not the customer’s, an unknown one and a spent token, charging nothing', async () => {
      const customerId = await newCustomer();
      const theirs = await savedCard(await newCustomer());
      const intents = standIn.paymentIntents.size;
      expect(await stripe.charge(chargeOf(customerId, { cardId: theirs }))).toMatchObject({
        paymentId: '',
        status: 'failed',
        failure: { code: 'card_not_found' },
      });
      expect(await stripe.charge(chargeOf(customerId, { cardId: 'pm_doesNotExist' }))).toMatchObject({
        status: 'failed',
        failure: { code: 'card_not_found' },
      });
      const token = standIn.issueToken('visa');
      expect((await stripe.charge(chargeOf(customerId, { token }))).status).toBe('succeeded');
      expect(await stripe.charge(chargeOf(customerId, { token }))).toMatchObject({
        status: 'failed',
        failure: { code: 'token_invalid' },
      });
      expect(standIn.paymentIntents.size).toBe(intents + 1);
    });

    it('reports an amount Stripe will not charge (under $0.50) as a processing error', async () => {
      const customerId = await newCustomer();
      const payment = await stripe.charge(chargeOf(customerId, { token: 'pm_card_visa' }, order(), 25));
      expect(payment).toMatchObject({ status: 'failed', failure: { code: 'processing_error' } });
    });

    it('answers requires_action with the client secret for 3-D Secure, then the outcome of the authentication', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId, 'pm_card_authenticationRequired');
      const pending = await stripe.charge(chargeOf(customerId, { cardId }));
      const intent = standIn.paymentIntents.get(pending.paymentId)!;
      expect(pending).toMatchObject({ status: 'requires_action', clientSecret: intent.client_secret, cardId });
      expect(intent.next_action).toMatchObject({ type: 'use_stripe_sdk' });

      standIn.authenticate(pending.paymentId, true);
      expect(await stripe.retrievePayment(pending.paymentId)).toMatchObject({
        paymentId: pending.paymentId,
        status: 'succeeded',
        card: { last4: '3184' },
      });
      expect((await stripe.retrievePayment(pending.paymentId))?.clientSecret).toBeUndefined();

      const failing = await stripe.charge(chargeOf(customerId, { cardId }));
      standIn.authenticate(failing.paymentId, false);
      expect(await stripe.retrievePayment(failing.paymentId)).toMatchObject({
        status: 'failed',
        failure: { code: 'authentication_failed' },
      });
    });

    it('cancels a payment left waiting for 3-D Secure, which can then never succeed; one that succeeded stays so', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId, 'pm_card_authenticationRequired');
      const waiting = await stripe.charge(chargeOf(customerId, { cardId }));

      expect(await stripe.cancelPayment(waiting.paymentId)).toMatchObject({ paymentId: waiting.paymentId, status: 'canceled' });
      expect(standIn.paymentIntents.get(waiting.paymentId)?.status).toBe('canceled');
      expect(() => standIn.authenticate(waiting.paymentId, true)).toThrow(/does not await authentication/);
      // Twice is fine: answered as it is.
      expect(await stripe.cancelPayment(waiting.paymentId)).toMatchObject({ status: 'canceled' });

      const approved = await stripe.charge(chargeOf(customerId, { cardId }));
      standIn.authenticate(approved.paymentId, true);
      expect(await stripe.cancelPayment(approved.paymentId)).toMatchObject({ status: 'succeeded', card: { last4: '3184' } });
      expect(await stripe.cancelPayment('pi_doesNotExist')).toBeNull();
    });

    it('retrieves nothing for an unknown payment', async () => {
      expect(await stripe.retrievePayment('pi_doesNotExist')).toBeNull();
    });

    it('finds an order’s payment, a success before a decline, recent or older than search lags', async () => {
      const customerId = await newCustomer();
      const orderId = order();
      const declined = await stripe.charge({
        ...chargeOf(customerId, { token: 'pm_card_chargeDeclined' }, orderId),
        idempotencyKey: `a${orderId}`,
      });
      const paid = await stripe.charge({
        ...chargeOf(customerId, { token: 'pm_card_visa' }, orderId),
        idempotencyKey: `b${orderId}`,
      });
      expect(declined.status).toBe('failed');
      expect(await stripe.findPaymentByOrder(orderId)).toMatchObject({
        paymentId: paid.paymentId,
        status: 'succeeded',
        card: { last4: '4242' },
      });
      expect(await stripe.findPaymentByOrder(order())).toBeNull();

      // Two hours old: past the recent list, found by search.
      const older = order();
      const old = await stripe.charge(chargeOf(customerId, { token: 'pm_card_visa' }, older));
      standIn.paymentIntents.get(old.paymentId)!.created -= 7200;
      const searches = requestsTo('GET', '/v1/payment_intents/search').length;
      expect(await stripe.findPaymentByOrder(older)).toMatchObject({ paymentId: old.paymentId, status: 'succeeded' });
      expect(requestsTo('GET', '/v1/payment_intents/search').length).toBe(searches + 1);
      expect(await stripe.findPaymentByOrder("1' OR metadata['order_id']:'2")).toBeNull();
    });

    it('maps Stripe’s error and decline codes to what a family can act on', () => {
      expect(failureCodeOf('card_declined', 'insufficient_funds')).toBe('insufficient_funds');
      expect(failureCodeOf('card_declined', 'generic_decline')).toBe('card_declined');
      expect(failureCodeOf('card_declined', 'do_not_honor')).toBe('card_declined');
      expect(failureCodeOf('incorrect_number', undefined)).toBe('incorrect_number');
      expect(failureCodeOf('invalid_number', undefined)).toBe('incorrect_number');
      expect(failureCodeOf('invalid_cvc', undefined)).toBe('incorrect_cvc');
      expect(failureCodeOf('card_declined', 'authentication_required')).toBe('authentication_failed');
      expect(failureCodeOf('payment_intent_authentication_failure', undefined)).toBe('authentication_failed');
      expect(failureCodeOf('rate_limit', undefined)).toBeNull();
    });
  });

  describe('refunds', () => {
    it('refunds a payment once per key, in parts, and refuses more than was paid', async () => {
      const customerId = await newCustomer();
      const payment = await stripe.charge(chargeOf(customerId, { token: 'pm_card_visa' }, order(), 5000));
      const part = { paymentId: payment.paymentId, amountCents: 2000, idempotencyKey: `refund-${payment.paymentId}-1` };
      const first = await stripe.refund(part);
      expect(first).toEqual({ ok: true, refundId: expect.stringMatching(/^re_/) });
      expect(await stripe.refund(part)).toEqual(first);
      expect([...standIn.refunds.values()].filter((r) => r.payment_intent === payment.paymentId)).toHaveLength(1);

      expect(await stripe.refund({ ...part, amountCents: 3001, idempotencyKey: 'too-much' })).toMatchObject({
        ok: false,
        code: 'processing_error',
      });
      const rest = await stripe.refund({ paymentId: payment.paymentId, idempotencyKey: `refund-${payment.paymentId}-2` });
      expect(rest.ok && standIn.refunds.get(rest.refundId)?.amount).toBe(3000);
      expect(await stripe.refund({ paymentId: payment.paymentId, idempotencyKey: 'again' })).toMatchObject({
        ok: false,
        code: 'processing_error',
      });
      expect(await stripe.refund({ paymentId: 'pi_doesNotExist', idempotencyKey: 'unknown' })).toMatchObject({ ok: false });
    });
  });

  describe('subscriptions and invoices', () => {
    const subscriptionOf = (customerId: string, cardId: string, key: string, interval: 'month' | 'year' = 'month') => ({
      customerId,
      cardId,
      productCode: 'monthly-donation',
      productName: 'Monthly donation',
      amountCents: 1000,
      interval,
      idempotencyKey: key,
      metadata: { order_id: '77', order_line_id: '5', type: 'monthly_donation' },
    });

    it('moves a subscription’s next charge and price without billing now (issue 45: a monthly gift changed or paused)', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId);
      const subscription = await stripe.createSubscription(subscriptionOf(customerId, cardId, `sub-${customerId}`));
      const invoicesBefore = (await stripe.listInvoices(subscription.subscriptionId, { limit: 10 })).data.length;
      const nextChargeAt = addInterval(subscription.currentPeriodEnd, 'month');
      const moved = await stripe.rescheduleSubscription(subscription.subscriptionId, {
        productCode: 'bibles_monthly',
        productName: 'Bibles',
        amountCents: 2500,
        nextChargeAt,
      });
      expect(moved).toMatchObject({
        status: 'active',
        amountCents: 2500,
        interval: 'month',
        productCode: 'bibles_monthly',
        currentPeriodEnd: new Date(Math.floor(nextChargeAt.getTime() / 1000) * 1000),
        trialEnd: null,
        metadata: { order_id: '77' },
      });
      expect(await stripe.retrieveSubscription(subscription.subscriptionId)).toEqual(moved);
      expect((await stripe.listInvoices(subscription.subscriptionId, { limit: 10 })).data).toHaveLength(invoicesBefore);
    });

    it('starts a subscription whose first period (paid by the order) is not billed again', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId);
      const intents = standIn.paymentIntents.size;
      const startedAt = new Date();
      const subscription = await stripe.createSubscription(subscriptionOf(customerId, cardId, `sub-${customerId}`));

      const periodEnd = addInterval(startedAt, 'month');
      expect(subscription).toEqual({
        subscriptionId: expect.stringMatching(/^sub_/),
        status: 'active',
        amountCents: 1000,
        interval: 'month',
        productCode: 'monthly-donation',
        currentPeriodStart: expect.any(Date),
        currentPeriodEnd: expect.any(Date),
        cancelAt: null,
        // The first period is paid by the order: a trial at Stripe, never a free trial to the family.
        trialEnd: null,
        cardId,
        clockTime: null,
        metadata: { order_id: '77', order_line_id: '5', type: 'monthly_donation' },
      });
      expect(Math.abs(subscription.currentPeriodEnd.getTime() - periodEnd.getTime())).toBeLessThan(5000);
      // Nothing charged now: no PaymentIntent, and the only invoice is for nothing.
      expect(standIn.paymentIntents.size).toBe(intents);
      const invoices = await stripe.listInvoices(subscription.subscriptionId, { limit: 10 });
      expect(invoices.data.map((i) => i.totalCents)).toEqual([0]);
      expect(standIn.subscriptions.get(subscription.subscriptionId)).toMatchObject({
        customer: customerId,
        default_payment_method: cardId,
        items: { data: [{ price: { unit_amount: 1000, recurring: { interval: 'month' } } }] },
      });

      // A period later the card is billed, once.
      standIn.renew(subscription.subscriptionId);
      expect(standIn.paymentIntents.size).toBe(intents + 1);
      expect((await stripe.listInvoices(subscription.subscriptionId, { limit: 10 })).data.map((i) => i.totalCents)).toEqual([
        1000, 0,
      ]);
    });

    it('makes one subscription per idempotency key, and one price per plan, amount and interval', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId);
      const input = subscriptionOf(customerId, cardId, `sub-${customerId}-a`);
      const first = await stripe.createSubscription(input);
      expect(await stripe.createSubscription(input)).toEqual(first);
      expect(requestsTo('POST', '/v1/subscriptions').filter((r) => r.idempotencyKey === input.idempotencyKey)).toHaveLength(1);

      const prices = standIn.prices.size;
      const second = await stripe.createSubscription({ ...input, idempotencyKey: `sub-${customerId}-b` });
      expect(second.subscriptionId).not.toBe(first.subscriptionId);
      expect(standIn.prices.size).toBe(prices);
      expect(standIn.subscriptions.get(second.subscriptionId)?.items.data[0]?.price.id).toBe(
        standIn.subscriptions.get(first.subscriptionId)?.items.data[0]?.price.id,
      );
      await stripe.createSubscription({ ...input, amountCents: 2500, idempotencyKey: `sub-${customerId}-c` });
      expect(standIn.prices.size).toBe(prices + 1);
    });

    it('starts a yearly subscription a year out', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId);
      const subscription = await stripe.createSubscription(subscriptionOf(customerId, cardId, `sub-${customerId}`, 'year'));
      expect(subscription.interval).toBe('year');
      const expected = addInterval(new Date(), 'year').getTime();
      expect(Math.abs(subscription.currentPeriodEnd.getTime() - expected)).toBeLessThan(5000);
    });

    it('cancels at the period end, resumes, cancels at once (twice is fine) and lists them all', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId);
      const kept = await stripe.createSubscription(subscriptionOf(customerId, cardId, `sub-${customerId}-kept`));
      const { subscriptionId } = await stripe.createSubscription(subscriptionOf(customerId, cardId, `sub-${customerId}-gone`));

      const ending = await stripe.cancelSubscription(subscriptionId, { atPeriodEnd: true });
      expect(ending).toMatchObject({ status: 'active', cancelAt: ending.currentPeriodEnd });
      expect(await stripe.resumeSubscription(subscriptionId)).toMatchObject({ status: 'active', cancelAt: null });
      expect(await stripe.cancelSubscription(subscriptionId, { atPeriodEnd: false })).toMatchObject({ status: 'canceled' });
      expect(await stripe.cancelSubscription(subscriptionId, { atPeriodEnd: false })).toMatchObject({ status: 'canceled' });

      const listed = await stripe.listSubscriptions(customerId);
      expect(listed.map((s) => [s.subscriptionId, s.status]).sort()).toEqual(
        [
          [kept.subscriptionId, 'active'],
          [subscriptionId, 'canceled'],
        ].sort(),
      );
      expect(await stripe.listSubscriptions(await newCustomer())).toEqual([]);
    });

    it('pages a subscription’s invoices, newest first', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId);
      const { subscriptionId } = await stripe.createSubscription(subscriptionOf(customerId, cardId, `sub-${customerId}`));
      for (let i = 0; i < 4; i++) standIn.renew(subscriptionId);
      const all = [...standIn.invoices.values()].filter((i) => i.parent.subscription_details.subscription === subscriptionId);
      const newestFirst = all.map((i) => i.id).reverse();

      const first = await stripe.listInvoices(subscriptionId, { limit: 2 });
      expect(first.data.map((i) => i.invoiceId)).toEqual(newestFirst.slice(0, 2));
      expect(first.has_more).toBe(true);
      expect(first.data[0]).toEqual({
        invoiceId: newestFirst[0],
        subscriptionId,
        created: expect.any(Date),
        totalCents: 1000,
        status: 'paid',
        interval: 'month',
        productCode: 'monthly-donation',
        paymentId: null,
        attemptCount: expect.any(Number),
        nextPaymentAttempt: null,
      });
      const second = await stripe.listInvoices(subscriptionId, { limit: 2, startingAfter: first.data[1]!.invoiceId });
      expect(second.data.map((i) => i.invoiceId)).toEqual(newestFirst.slice(2, 4));
      expect(second.has_more).toBe(true);
      const last = await stripe.listInvoices(subscriptionId, { limit: 2, startingAfter: second.data[1]!.invoiceId });
      expect(last.data.map((i) => [i.invoiceId, i.totalCents])).toEqual([[newestFirst[4], 0]]);
      expect(last.has_more).toBe(false);
      const back = await stripe.listInvoices(subscriptionId, { limit: 2, endingBefore: second.data[0]!.invoiceId });
      expect(back.data.map((i) => i.invoiceId)).toEqual(newestFirst.slice(0, 2));
      expect(back.has_more).toBe(false);
    });

    it('adds a calendar interval, clamped to the end of a shorter month', () => {
      expect(addInterval(new Date('2027-01-31T10:00:00Z'), 'month').toISOString()).toBe('2027-02-28T10:00:00.000Z');
      expect(addInterval(new Date('2027-03-15T23:59:59Z'), 'month').toISOString()).toBe('2027-04-15T23:59:59.000Z');
      expect(addInterval(new Date('2027-12-31T00:00:00Z'), 'month').toISOString()).toBe('2028-01-31T00:00:00.000Z');
      expect(addInterval(new Date('2028-02-29T12:00:00Z'), 'year').toISOString()).toBe('2029-02-28T12:00:00.000Z');
    });
  });

  describe('webhook events', () => {
    const signed = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp && { timestamp }) });
    const parse = (payload: string, signature = signed(payload)) => stripe.parseEvent(Buffer.from(payload), signature);
    const served = (object: unknown) => JSON.parse(JSON.stringify(object)) as unknown;

    it('reads a payment that succeeded or failed', async () => {
      const customerId = await newCustomer();
      const paid = await stripe.charge(chargeOf(customerId, { token: 'pm_card_visa' }, '501'));
      const payload = standIn.event('payment_intent.succeeded', served(standIn.paymentIntents.get(paid.paymentId)));
      expect(parse(payload)).toEqual({
        id: JSON.parse(payload).id,
        type: 'payment.succeeded',
        payment: { paymentId: paid.paymentId, status: 'succeeded', amountCents: 1999, metadata: { order_id: '501' } },
      });

      const declined = await stripe.charge(chargeOf(customerId, { token: 'pm_card_chargeDeclinedInsufficientFunds' }, '502'));
      const failed = parse(
        standIn.event('payment_intent.payment_failed', served(standIn.paymentIntents.get(declined.paymentId))),
      );
      expect(failed).toMatchObject({
        type: 'payment.failed',
        payment: {
          paymentId: declined.paymentId,
          status: 'failed',
          failure: { code: 'insufficient_funds' },
          metadata: { order_id: '502' },
        },
      });
    });

    it('reads invoices and subscriptions, and answers other events as ignored', async () => {
      const customerId = await newCustomer();
      const cardId = await savedCard(customerId);
      const subscription = await stripe.createSubscription({
        customerId,
        cardId,
        productCode: 'plan-annual',
        productName: 'Annual plan',
        amountCents: 9900,
        interval: 'year',
        idempotencyKey: `sub-${customerId}`,
        metadata: { order_id: '600' },
      });
      const invoice = standIn.renew(subscription.subscriptionId);
      expect(parse(standIn.event('invoice.paid', served(invoice)))).toMatchObject({
        type: 'invoice.paid',
        invoice: {
          invoiceId: invoice.id,
          subscriptionId: subscription.subscriptionId,
          totalCents: 9900,
          interval: 'year',
          productCode: 'plan-annual',
        },
      });
      expect(parse(standIn.event('invoice.payment_failed', served(invoice)))).toMatchObject({ type: 'invoice.payment_failed' });

      await stripe.cancelSubscription(subscription.subscriptionId, { atPeriodEnd: false });
      const stored = served(standIn.subscriptions.get(subscription.subscriptionId));
      expect(parse(standIn.event('customer.subscription.deleted', stored))).toMatchObject({
        type: 'subscription.deleted',
        subscription: {
          subscriptionId: subscription.subscriptionId,
          status: 'canceled',
          productCode: 'plan-annual',
          metadata: { order_id: '600' },
        },
      });
      expect(parse(standIn.event('customer.subscription.updated', stored))).toMatchObject({ type: 'subscription.updated' });

      const other = standIn.event('customer.created', served(standIn.customers.get(customerId)));
      expect(parse(other)).toEqual({ id: JSON.parse(other).id, type: 'ignored' });
    });

    it('gives null for a tampered body, another secret, an old signature or none', async () => {
      const customerId = await newCustomer();
      const paid = await stripe.charge(chargeOf(customerId, { token: 'pm_card_visa' }, '700'));
      const payload = standIn.event('payment_intent.succeeded', served(standIn.paymentIntents.get(paid.paymentId)));
      expect(parse(payload)).not.toBeNull();

      expect(parse(payload.replace('"order_id":"700"', '"order_id":"701"'), signed(payload))).toBeNull();
      expect(parse(payload, signed(payload, 'whsec_someoneElse'))).toBeNull();
      expect(parse(payload, signed(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).toBeNull();
      expect(stripe.parseEvent(Buffer.from(payload), undefined)).toBeNull();
      expect(parse(payload, 'not a signature')).toBeNull();
    });
  });
});
