import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../../test/migration-table';
import type { Db } from '../../db/database';
import { type Payment, type PaymentEvent, PaymentRequestError, type PaymentSource } from './payment-provider';
import { detectBrand, SUCCEEDING_TEST_NUMBERS } from './test-cards';
import { periodEnd, TestProcessor } from './test-processor';

/**
 * The built-in test processor over a real database: Stripe's test numbers,
 * idempotency keys, single-use tokens, whose card is whose, 3-D Secure,
 * refunds, subscriptions on a clock the test moves, and its events.
 */

const NOW = new Date('2026-05-15T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

function setup(db: () => Db) {
  const events: PaymentEvent[] = [];
  let failDelivery = false;
  const processor = () =>
    new TestProcessor(db(), {
      now: () => NOW,
      deliver: async (event) => {
        if (failDelivery) throw new Error('handler down');
        events.push(event);
      },
    });
  const key = () => `key-${randomBytes(6).toString('hex')}`;
  const tokenOf = async (p: TestProcessor, number: string, over: { exp_month?: number; exp_year?: number } = {}) => {
    const r = await p.createToken({
      number,
      exp_month: over.exp_month ?? 12,
      exp_year: over.exp_year ?? 2030,
      cvc: detectBrand(number) === 'amex' ? '1234' : '123',
      name: 'Grace Miller',
    });
    if (!r.ok) throw new Error(`no token for ${number}: ${r.code}`);
    return r.token.id;
  };
  let users = 0;
  const customer = async (p: TestProcessor) =>
    (await p.createCustomer({ userId: ++users, email: `family${users}@example.test`, name: 'Grace Miller' })).customerId;
  const charge = (p: TestProcessor, customerId: string, source: PaymentSource, amountCents = 1500, idempotencyKey = key()) =>
    p.charge({
      customerId,
      source,
      amountCents,
      idempotencyKey,
      description: 'Order',
      metadata: { order_id: `o-${idempotencyKey}` },
    });
  const savedCard = async (p: TestProcessor, customerId: string, number = '4242424242424242') => {
    let r = await p.setupCard(customerId, await tokenOf(p, number), key());
    if (r.ok && 'action' in r) {
      // A card that asks for 3-D Secure is saved once the cardholder completes it.
      await p.authenticateSetup(r.action.setupId, r.action.clientSecret, true);
      r = await p.retrieveCardSetup(customerId, r.action.setupId);
    }
    if (!r.ok || !('card' in r)) throw new Error(`not saved: ${JSON.stringify(r)}`);
    return r.card.id;
  };
  return {
    events,
    processor,
    key,
    tokenOf,
    customer,
    charge,
    savedCard,
    setFailDelivery: (v: boolean) => {
      failDelivery = v;
    },
  };
}

const countPayments = async (db: Db, idempotencyKey: string) =>
  (
    await db
      .selectFrom('test_processor_payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirstOrThrow()
  ).n;

describe('test processor: charges', () => {
  const t = useMigratedDatabase();
  const h = setup(() => t.db);

  it("makes Stripe's test numbers of every brand succeed, reporting the card and a payment.succeeded event", async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    // The list itself is pinned by test-cards.unit.test.ts.
    for (const number of SUCCEEDING_TEST_NUMBERS) {
      const payment = await h.charge(p, cus, { token: await h.tokenOf(p, number) }, 2599);
      expect(payment, number).toMatchObject({
        status: 'succeeded',
        amountCents: 2599,
        card: { brand: detectBrand(number), last4: number.slice(-4) },
      });
      expect(payment.failure).toBeUndefined();
      expect(h.events.at(-1)).toEqual({ id: expect.stringMatching(/^evt_/), type: 'payment.succeeded', payment });
    }
  });

  it('declines the decline numbers with their code, as failed payments (never thrown), and refuses to save them', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    for (const [number, code] of [
      ['4000000000000002', 'card_declined'],
      ['4000000000009995', 'insufficient_funds'],
      ['4000000000000069', 'expired_card'],
      ['4000000000000127', 'incorrect_cvc'],
      ['4000000000000119', 'processing_error'],
    ] as const) {
      const payment = await h.charge(p, cus, { token: await h.tokenOf(p, number) });
      expect(payment, number).toMatchObject({
        status: 'failed',
        failure: { ok: false, code },
        card: { last4: number.slice(-4) },
      });
      expect(h.events.at(-1)).toMatchObject({ type: 'payment.failed', payment: { paymentId: payment.paymentId } });
      expect(await p.setupCard(cus, await h.tokenOf(p, number), h.key())).toMatchObject({ ok: false, code });
    }
    expect(await p.listCards(cus)).toEqual([]);
  });

  it('saves the …0341 card, then fails every charge on it', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const cardId = await h.savedCard(p, cus, '4000000000000341');
    expect(await p.listCards(cus)).toEqual([
      { id: cardId, name: 'Grace Miller', brand: 'visa', last4: '0341', exp_month: 12, exp_year: 2030 },
    ]);
    for (let i = 0; i < 2; i++) {
      expect(await h.charge(p, cus, { cardId })).toMatchObject({ status: 'failed', cardId, failure: { code: 'card_declined' } });
    }
  });

  it('answers a repeated key with the first payment and charges once; another request under the key is a bug', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const token = await h.tokenOf(p, '4242424242424242');
    const key = h.key();
    const first = await h.charge(p, cus, { token }, 1500, key);
    const again = await h.charge(p, cus, { token }, 1500, key);
    expect(first.status).toBe('succeeded');
    // Not a token_invalid failure: the second call never spent the token again.
    expect(again).toEqual(first);
    expect(await countPayments(t.db, key)).toBe(1);

    const otherAmount = h.charge(p, cus, { token }, 1600, key);
    await expect(otherAmount).rejects.toBeInstanceOf(PaymentRequestError);
    await expect(otherAmount).rejects.toMatchObject({ code: 'idempotency_error' });
    await expect(h.charge(p, cus, { token: await h.tokenOf(p, '4242424242424242') }, 1500, key)).rejects.toMatchObject({
      code: 'idempotency_error',
    });

    // A failed first result is the answer too.
    const declinedKey = h.key();
    const declined = await h.charge(p, cus, { token: await h.tokenOf(p, '4000000000000002') }, 1500, declinedKey);
    const card = await h.savedCard(p, cus);
    expect(await h.charge(p, cus, { cardId: card }, 1500, h.key())).toMatchObject({ status: 'succeeded' });
    const declinedToken = await t.db
      .selectFrom('test_processor_payments')
      .select('token_id')
      .where('id', '=', declined.paymentId)
      .executeTakeFirstOrThrow();
    expect(await h.charge(p, cus, { token: declinedToken.token_id ?? '' }, 1500, declinedKey)).toEqual(declined);
  });

  it('makes one payment of 50 concurrent charges with one key, all answering it', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const token = await h.tokenOf(p, '4242424242424242');
    const key = h.key();
    const before = h.events.length;
    const payments = await Promise.all(Array.from({ length: 50 }, () => h.charge(p, cus, { token }, 4200, key)));
    expect(new Set(payments.map((x) => x.paymentId)).size).toBe(1);
    expect(payments.every((x) => x.status === 'succeeded')).toBe(true);
    expect(await countPayments(t.db, key)).toBe(1);
    expect(h.events.slice(before).filter((e) => e.type === 'payment.succeeded')).toHaveLength(1);
  });

  it('refuses to charge less than Stripe’s minimum of 50 cents, writing nothing', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const cardId = await h.savedCard(p, cus);
    const key = h.key();
    await expect(h.charge(p, cus, { cardId }, 49, key)).rejects.toMatchObject({ code: 'parameter_invalid' });
    expect(await countPayments(t.db, key)).toBe(0);
    expect(await h.charge(p, cus, { cardId }, 50)).toMatchObject({ status: 'succeeded', amountCents: 50 });
  });

  it('writes a saved card’s payment and its event together, once, under 50 concurrent charges with one key', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const cardId = await h.savedCard(p, cus);
    const key = h.key();
    const before = h.events.length;
    const payments = await Promise.all(Array.from({ length: 50 }, () => h.charge(p, cus, { cardId }, 4200, key)));
    expect(new Set(payments.map((x) => x.paymentId)).size).toBe(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', cardId, card: { brand: 'visa', last4: '4242' } });
    expect(await countPayments(t.db, key)).toBe(1);
    const delivered = h.events.slice(before);
    expect(delivered).toEqual([{ id: expect.stringMatching(/^evt_/), type: 'payment.succeeded', payment: payments[0] }]);
    const stored = await t.db
      .selectFrom('test_processor_events')
      .select(['payload', 'delivered_at'])
      .where('id', '=', delivered[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stored.payload).toEqual(JSON.parse(JSON.stringify(delivered[0])));
    expect(stored.delivered_at).not.toBeNull();
    // Another customer's card is not found, and the failure is reported like a decline.
    const other = await h.customer(p);
    expect(await h.charge(p, other, { cardId }, 4200)).toMatchObject({ status: 'failed', failure: { code: 'card_not_found' } });
  });

  it('spends a token once: a second charge or save with it fails token_invalid, as does an unknown token', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const other = await h.customer(p);
    const token = await h.tokenOf(p, '4242424242424242');
    expect((await h.charge(p, cus, { token })).status).toBe('succeeded');
    expect(await h.charge(p, cus, { token })).toMatchObject({ status: 'failed', failure: { code: 'token_invalid' } });
    expect(await h.charge(p, other, { token })).toMatchObject({ status: 'failed', failure: { code: 'token_invalid' } });
    expect(await p.setupCard(other, token, h.key())).toMatchObject({ ok: false, code: 'token_invalid' });
    expect(await h.charge(p, cus, { token: 'tok_000000000000000000000000' })).toMatchObject({
      failure: { code: 'token_invalid' },
    });

    const saved = await h.tokenOf(p, '5555555555554444');
    expect(await p.setupCard(cus, saved, h.key())).toMatchObject({ ok: true });
    expect(await p.setupCard(cus, saved, h.key())).toMatchObject({ ok: false, code: 'token_invalid' });
    expect(await h.charge(p, other, { token: saved })).toMatchObject({ failure: { code: 'token_invalid' } });
  });

  it("keeps a customer's cards theirs: another customer cannot charge, list or detach them", async () => {
    const p = h.processor();
    const grace = await h.customer(p);
    const mallory = await h.customer(p);
    const card = await h.savedCard(p, grace);
    expect(await h.charge(p, mallory, { cardId: card })).toMatchObject({ status: 'failed', failure: { code: 'card_not_found' } });
    expect(await p.listCards(mallory)).toEqual([]);
    expect(await p.detachCard(mallory, card)).toBe(false);
    expect(await h.charge(p, grace, { cardId: card })).toMatchObject({ status: 'succeeded', cardId: card });

    expect(await p.detachCard(grace, card)).toBe(true);
    expect(await p.detachCard(grace, card)).toBe(false);
    expect(await p.listCards(grace)).toEqual([]);
    expect(await h.charge(p, grace, { cardId: card })).toMatchObject({ failure: { code: 'card_not_found' } });
    await expect(h.charge(p, 'cus_000000000000000000000000', { cardId: card })).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('declines a saved card once it has expired by the processor clock', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const r = await p.setupCard(cus, await h.tokenOf(p, '4242424242424242', { exp_month: 5, exp_year: 2026 }), h.key());
    if (!r.ok || !('card' in r)) throw new Error(JSON.stringify(r));
    expect((await h.charge(p, cus, { cardId: r.card.id })).status).toBe('succeeded');
    const later = new TestProcessor(t.db, { now: () => new Date('2026-06-01T00:00:00Z'), deliver: async () => {} });
    expect(await h.charge(later, cus, { cardId: r.card.id })).toMatchObject({ failure: { code: 'expired_card' } });
  });

  it('keeps a new card asked to be saved only once its charge succeeds (setup_future_usage), after 3-D Secure too', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const keep = (number: string) =>
      h.tokenOf(p, number).then((token) =>
        p.charge({
          customerId: cus,
          source: { token },
          saveCard: true,
          amountCents: 1500,
          idempotencyKey: h.key(),
          description: 'Order',
          metadata: { order_id: 'o-keep' },
        }),
      );
    // A card that saves but whose charges fail, a declined one: nothing kept.
    expect(await keep('4000000000000341')).toMatchObject({ status: 'failed' });
    expect(await keep('4000000000000002')).toMatchObject({ status: 'failed' });
    expect(await p.listCards(cus)).toEqual([]);

    const paid = await keep('4242424242424242');
    expect(paid).toMatchObject({ status: 'succeeded', cardId: expect.stringMatching(/^card_/), card: { last4: '4242' } });
    expect((await p.listCards(cus)).map((c) => c.id)).toEqual([paid.cardId]);

    const failing = await keep('4000002760003184');
    expect(failing.cardId).toBeUndefined();
    await p.authenticate(failing.paymentId, failing.clientSecret ?? '', false);
    expect(await p.listCards(cus)).toHaveLength(1);
    const approving = await keep('4000002760003184');
    const approved = await p.authenticate(approving.paymentId, approving.clientSecret ?? '', true);
    expect(approved).toMatchObject({ status: 'succeeded', cardId: expect.stringMatching(/^card_/), card: { last4: '3184' } });
    expect((await p.listCards(cus)).map((c) => c.last4).sort()).toEqual(['3184', '4242']);
    // The saved card pays the next charge.
    expect(await h.charge(p, cus, { cardId: approved!.cardId! })).toMatchObject({ status: 'requires_action' });
  });

  it('asks for authentication on the …3184 card, then succeeds or fails with the cardholder’s answer', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const card = await h.savedCard(p, cus, '4000002760003184');
    const before = h.events.length;
    const waiting = await h.charge(p, cus, { cardId: card });
    expect(waiting).toMatchObject({ status: 'requires_action', clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) });
    const secret = waiting.clientSecret ?? '';
    // Nothing to report until the cardholder answers.
    expect(h.events.slice(before)).toEqual([]);

    expect(await p.authenticate(waiting.paymentId, `${secret}x`, true)).toBeNull();
    expect(await p.authenticate('pi_000000000000000000000000', secret, true)).toBeNull();
    expect((await p.retrievePayment(waiting.paymentId))?.status).toBe('requires_action');

    const approved = await p.authenticate(waiting.paymentId, secret, true);
    expect(approved).toMatchObject({ status: 'succeeded', paymentId: waiting.paymentId });
    expect(approved?.clientSecret).toBeUndefined();
    expect(await p.authenticate(waiting.paymentId, secret, false)).toEqual(approved);
    expect(h.events.slice(before).map((e) => e.type)).toEqual(['payment.succeeded']);

    // Every charge on it asks again, and a failed answer fails the payment.
    const second = await h.charge(p, cus, { token: await h.tokenOf(p, '4000002760003184') });
    expect(second.status).toBe('requires_action');
    expect(await p.authenticate(second.paymentId, second.clientSecret ?? '', false)).toMatchObject({
      status: 'failed',
      failure: { code: 'authentication_failed' },
    });
    expect(h.events.at(-1)).toMatchObject({ type: 'payment.failed', payment: { paymentId: second.paymentId } });
  });

  it('finds a payment by id and by the order in its metadata', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const payment = await p.charge({
      customerId: cus,
      source: { token: await h.tokenOf(p, '4242424242424242') },
      amountCents: 999,
      idempotencyKey: h.key(),
      description: 'Order 77',
      metadata: { order_id: '77', lang: 'es' },
    });
    expect(await p.retrievePayment(payment.paymentId)).toEqual(payment);
    expect(await p.findPaymentByOrder('77')).toEqual(payment);
    expect(payment.metadata).toEqual({ order_id: '77', lang: 'es' });
    expect(await p.findPaymentByOrder('78')).toBeNull();
    expect(await p.retrievePayment('pi_000000000000000000000000')).toBeNull();
  });

  it('refunds in part or in full, never more than was paid, once per key', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const payment = await h.charge(p, cus, { cardId: await h.savedCard(p, cus) }, 1000);
    const refunded = async () =>
      (
        await t.db
          .selectFrom('test_processor_payments')
          .select('amount_refunded_cents')
          .where('id', '=', payment.paymentId)
          .executeTakeFirstOrThrow()
      ).amount_refunded_cents;

    const key = h.key();
    const part = await p.refund({ paymentId: payment.paymentId, amountCents: 300, idempotencyKey: key });
    expect(part).toEqual({ ok: true, refundId: expect.stringMatching(/^re_/) });
    expect(await p.refund({ paymentId: payment.paymentId, amountCents: 300, idempotencyKey: key })).toEqual(part);
    expect(await refunded()).toBe(300);
    await expect(p.refund({ paymentId: payment.paymentId, amountCents: 400, idempotencyKey: key })).rejects.toMatchObject({
      code: 'idempotency_error',
    });

    await expect(p.refund({ paymentId: payment.paymentId, amountCents: 701, idempotencyKey: h.key() })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    const rest = await p.refund({ paymentId: payment.paymentId, idempotencyKey: h.key() });
    expect(rest.ok).toBe(true);
    expect(await refunded()).toBe(1000);
    await expect(p.refund({ paymentId: payment.paymentId, amountCents: 1, idempotencyKey: h.key() })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    await expect(p.refund({ paymentId: payment.paymentId, idempotencyKey: h.key() })).rejects.toMatchObject({
      code: 'amount_too_large',
    });

    const failed = await h.charge(p, cus, { token: await h.tokenOf(p, '4000000000000002') });
    await expect(p.refund({ paymentId: failed.paymentId, idempotencyKey: h.key() })).rejects.toMatchObject({
      code: 'parameter_invalid',
    });
    await expect(p.refund({ paymentId: 'pi_000000000000000000000000', idempotencyKey: h.key() })).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('lets one of ten concurrent full refunds through', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const payment = await h.charge(p, cus, { cardId: await h.savedCard(p, cus) }, 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => p.refund({ paymentId: payment.paymentId, idempotencyKey: h.key() })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refunds = await t.db
      .selectFrom('test_processor_refunds')
      .select('amount_cents')
      .where('payment_id', '=', payment.paymentId)
      .execute();
    expect(refunds).toEqual([{ amount_cents: 1000 }]);
  });

  it('keeps undelivered events and delivers them again', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    h.setFailDelivery(true);
    const payment = await h.charge(p, cus, { token: await h.tokenOf(p, '4242424242424242') });
    h.setFailDelivery(false);
    expect(payment.status).toBe('succeeded');
    const pending = await t.db
      .selectFrom('test_processor_events')
      .select(['id', 'last_error', 'delivery_attempts'])
      .where('delivered_at', 'is', null)
      .execute();
    expect(pending).toEqual([{ id: expect.stringMatching(/^evt_/), last_error: 'handler down', delivery_attempts: 1 }]);

    const before = h.events.length;
    expect(await p.redeliverPending()).toBe(1);
    expect(h.events.slice(before)).toEqual([{ id: pending[0]?.id, type: 'payment.succeeded', payment }]);
    expect(await p.redeliverPending()).toBe(0);
  });

  it('reads only events signed with its secret, recently', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const payment: Payment = await h.charge(p, cus, { token: await h.tokenOf(p, '4242424242424242') });
    const event: PaymentEvent = { id: 'evt_1', type: 'payment.succeeded', payment };
    const { body, signature } = p.signEvent(event);
    expect(p.parseEvent(Buffer.from(body), signature)).toEqual(event);
    expect(
      p.parseEvent(Buffer.from(body.replace('"type":"payment.succeeded"', '"type":"payment.failed"')), signature),
    ).toBeNull();
    expect(p.parseEvent(Buffer.from(body), signature.replace(/v1=\w+/, `v1=${'0'.repeat(64)}`))).toBeNull();
    expect(p.parseEvent(Buffer.from(body), undefined)).toBeNull();
    expect(p.parseEvent(Buffer.from(body), 'garbage')).toBeNull();
    const old = p.signEvent(event, new Date(Date.now() - 10 * 60 * 1000));
    expect(p.parseEvent(Buffer.from(old.body), old.signature)).toBeNull();

    const sub: PaymentEvent = {
      id: 'evt_2',
      type: 'subscription.updated',
      subscription: {
        subscriptionId: 'sub_1',
        status: 'active',
        amountCents: 500,
        interval: 'month',
        productCode: 'plan',
        currentPeriodStart: new Date('2026-05-15T12:00:00Z'),
        currentPeriodEnd: new Date('2026-06-15T12:00:00Z'),
        cancelAt: null,
        trialEnd: null,
        cardId: 'card_1',
        clockTime: null,
        metadata: {},
      },
    };
    const signed = p.signEvent(sub);
    expect(p.parseEvent(Buffer.from(signed.body), signed.signature)).toEqual(sub);
  });
});

describe('test processor: setting up a card without a charge', () => {
  const t = useMigratedDatabase();
  const h = setup(() => t.db);

  it('waits for the cardholder on the …3184 card, saves it when approved and nothing when failed; a setup is its customer’s', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const waiting = await p.setupCard(cus, await h.tokenOf(p, '4000002760003184'), h.key());
    if (!waiting.ok || !('action' in waiting)) throw new Error(`expected a check: ${JSON.stringify(waiting)}`);
    expect(await p.listCards(cus)).toEqual([]);
    expect(await p.retrieveCardSetup(await h.customer(p), waiting.action.setupId)).toMatchObject({ code: 'card_not_found' });
    expect(await p.authenticateSetup(waiting.action.setupId, 'seti_wrong_secret', true)).toBe(false);
    expect(await p.authenticateSetup(waiting.action.setupId, waiting.action.clientSecret, true)).toBe(true);
    expect(await p.authenticateSetup(waiting.action.setupId, waiting.action.clientSecret, false)).toBe(false);
    expect(await p.retrieveCardSetup(cus, waiting.action.setupId)).toMatchObject({ ok: true, card: { last4: '3184' } });

    const failing = await p.setupCard(cus, await h.tokenOf(p, '4000002760003184'), h.key());
    if (!failing.ok || !('action' in failing)) throw new Error('expected a check');
    await p.authenticateSetup(failing.action.setupId, failing.action.clientSecret, false);
    expect(await p.retrieveCardSetup(cus, failing.action.setupId)).toMatchObject({ ok: false, code: 'authentication_failed' });
    expect((await p.listCards(cus)).map((c) => c.last4)).toEqual(['3184']);
  });

  it('saves the …0341 card and refuses a declining one', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    expect(await p.setupCard(cus, await h.tokenOf(p, '4000000000000341'), h.key())).toMatchObject({
      ok: true,
      card: { last4: '0341' },
    });
    expect(await p.setupCard(cus, await h.tokenOf(p, '4000000000009995'), h.key())).toMatchObject({
      ok: false,
      code: 'insufficient_funds',
    });
    expect(await p.listCards(cus)).toHaveLength(1);
  });
});

describe('test processor: subscriptions', () => {
  const t = useMigratedDatabase();
  const h = setup(() => t.db);
  const input = (customerId: string, cardId: string, over: Record<string, unknown> = {}) => ({
    customerId,
    cardId,
    productCode: 'monthly-donation',
    productName: 'Monthly donation',
    amountCents: 2500,
    interval: 'month' as const,
    idempotencyKey: h.key(),
    metadata: { order_id: '12' },
    ...over,
  });

  it('starts active with its first period paid, once per key, on a card of the customer only', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const card = await h.savedCard(p, cus);
    const body = input(cus, card);
    const sub = await p.createSubscription(body);
    expect(sub).toEqual({
      subscriptionId: expect.stringMatching(/^sub_/),
      status: 'active',
      amountCents: 2500,
      interval: 'month',
      productCode: 'monthly-donation',
      currentPeriodStart: NOW,
      currentPeriodEnd: new Date('2026-06-15T12:00:00.000Z'),
      cancelAt: null,
      trialEnd: null,
      cardId: card,
      clockTime: null,
      metadata: { order_id: '12' },
    });
    expect(await p.createSubscription(body)).toEqual(sub);
    await expect(p.createSubscription({ ...body, amountCents: 2600 })).rejects.toMatchObject({ code: 'idempotency_error' });

    const yearly = await p.createSubscription(input(cus, card, { interval: 'year' }));
    expect(yearly.currentPeriodEnd).toEqual(new Date('2027-05-15T12:00:00.000Z'));
    expect((await p.listSubscriptions(cus)).map((s) => s.subscriptionId).sort()).toEqual(
      [sub.subscriptionId, yearly.subscriptionId].sort(),
    );

    const other = await h.customer(p);
    await expect(p.createSubscription(input(other, card))).rejects.toMatchObject({ code: 'resource_missing' });
    expect(await p.listSubscriptions(other)).toEqual([]);
  });

  it('cancels at the period end (still active) and resumes; cancels now for good', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const sub = await p.createSubscription(input(cus, await h.savedCard(p, cus)));
    const before = h.events.length;

    const ending = await p.cancelSubscription(sub.subscriptionId, { atPeriodEnd: true });
    expect(ending).toEqual({ ...sub, cancelAt: sub.currentPeriodEnd });
    const resumed = await p.resumeSubscription(sub.subscriptionId);
    expect(resumed).toEqual(sub);
    const canceled = await p.cancelSubscription(sub.subscriptionId, { atPeriodEnd: false });
    expect(canceled).toMatchObject({ status: 'canceled', cancelAt: null });
    expect(await p.cancelSubscription(sub.subscriptionId, { atPeriodEnd: false })).toEqual(canceled);
    await expect(p.resumeSubscription(sub.subscriptionId)).rejects.toMatchObject({ code: 'parameter_invalid' });
    await expect(p.cancelSubscription('sub_000000000000000000000000', { atPeriodEnd: true })).rejects.toMatchObject({
      code: 'resource_missing',
    });

    expect(h.events.slice(before)).toEqual([
      { id: expect.any(String), type: 'subscription.updated', subscription: ending },
      { id: expect.any(String), type: 'subscription.updated', subscription: resumed },
      { id: expect.any(String), type: 'subscription.deleted', subscription: canceled },
    ]);
  });
});

describe('test processor: the clock', () => {
  // A database of its own: the clock it moves is the processor's, for every test after.
  const t = useMigratedDatabase();
  const h = setup(() => t.db);

  it('bills each ended period, retries the …0341 card 3 times over a week then cancels, ends what was cancelled, and pages invoices', async () => {
    const p = h.processor();
    const cus = await h.customer(p);
    const good = await h.savedCard(p, cus);
    const failing = await h.savedCard(p, cus, '4000000000000341');
    const create = (cardId: string, over: Record<string, unknown> = {}) =>
      p.createSubscription({
        customerId: cus,
        cardId,
        productCode: 'plan',
        productName: 'Story plan',
        amountCents: 900,
        interval: 'month',
        idempotencyKey: h.key(),
        metadata: { order_id: '1' },
        ...over,
      });
    const paying = await create(good);
    const pastDue = await create(failing);
    const yearly = await create(good, { interval: 'year', amountCents: 9900 });
    const ending = await create(good);
    await p.cancelSubscription(ending.subscriptionId, { atPeriodEnd: true });
    const before = h.events.length;

    expect(await p.now()).toEqual(NOW);
    await p.advanceClock(new Date(NOW.getTime() + 3 * 31 * DAY));
    expect(await p.now()).toEqual(new Date(NOW.getTime() + 3 * 31 * DAY));

    const subs = new Map((await p.listSubscriptions(cus)).map((s) => [s.subscriptionId, s]));
    expect(subs.get(paying.subscriptionId)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date('2026-09-15T12:00:00Z'),
    });
    // Renewal on Jun 15 declined, tried again on the 18th, 20th and 22nd, then cancelled: no period after that.
    expect(subs.get(pastDue.subscriptionId)).toMatchObject({
      status: 'canceled',
      currentPeriodEnd: new Date('2026-07-15T12:00:00Z'),
    });
    expect(subs.get(yearly.subscriptionId)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date('2027-05-15T12:00:00Z'),
    });
    expect(subs.get(ending.subscriptionId)).toMatchObject({ status: 'canceled' });

    const paid = await p.listInvoices(paying.subscriptionId, { limit: 10 });
    expect(paid.has_more).toBe(false);
    // The first period's invoice was paid by the order (no charge of its own); each renewal has one.
    expect(paid.data.map((i) => [i.created.toISOString(), i.status, i.totalCents, i.productCode, i.interval])).toEqual([
      ['2026-08-15T12:00:00.000Z', 'paid', 900, 'plan', 'month'],
      ['2026-07-15T12:00:00.000Z', 'paid', 900, 'plan', 'month'],
      ['2026-06-15T12:00:00.000Z', 'paid', 900, 'plan', 'month'],
      ['2026-05-15T12:00:00.000Z', 'paid', 900, 'plan', 'month'],
    ]);
    expect(paid.data.map((i) => i.paymentId === null)).toEqual([false, false, false, true]);
    const unpaid = await p.listInvoices(pastDue.subscriptionId, { limit: 10 });
    expect(unpaid.data.map((i) => [i.status, i.attemptCount, i.nextPaymentAttempt])).toEqual([
      ['uncollectible', 4, null],
      ['paid', 1, null],
    ]);
    expect((await p.listInvoices(yearly.subscriptionId, { limit: 10 })).data).toHaveLength(1);
    expect((await p.listInvoices(ending.subscriptionId, { limit: 10 })).data).toHaveLength(1);

    const mine = h.events.slice(before);
    const of = (id: string) =>
      mine
        .filter(
          (e) => ('invoice' in e ? e.invoice.subscriptionId : 'subscription' in e ? e.subscription.subscriptionId : '') === id,
        )
        .map((e) => e.type);
    expect(of(paying.subscriptionId)).toEqual(Array(3).fill(['invoice.paid', 'subscription.updated']).flat());
    expect(of(pastDue.subscriptionId)).toEqual([
      'invoice.payment_failed',
      'subscription.updated',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'subscription.deleted',
    ]);
    const failures = mine.flatMap((e) =>
      e.type === 'invoice.payment_failed' ? [e.invoice.nextPaymentAttempt?.toISOString() ?? null] : [],
    );
    expect(failures).toEqual(['2026-06-18T12:00:00.000Z', '2026-06-20T12:00:00.000Z', '2026-06-22T12:00:00.000Z', null]);
    expect(of(ending.subscriptionId)).toEqual(['subscription.deleted']);
    expect(of(yearly.subscriptionId)).toEqual([]);
    // Invoice charges report through invoice.* events, not as payments of an order.
    expect(mine.filter((e) => e.type.startsWith('payment.'))).toEqual([]);

    // Idempotent: moving to the same time bills nothing again; the clock never goes back.
    await p.advanceClock(new Date(NOW.getTime() + 3 * 31 * DAY));
    expect((await p.listInvoices(paying.subscriptionId, { limit: 10 })).data).toHaveLength(4);
    await expect(p.advanceClock(NOW)).rejects.toMatchObject({ code: 'parameter_invalid' });

    // Stripe's paging, newest first: pages of 2 forward, and back from the last.
    await p.advanceClock(new Date('2026-11-20T00:00:00Z'));
    const all = (await p.listInvoices(paying.subscriptionId, { limit: 100 })).data.map((i) => i.invoiceId);
    expect(all).toHaveLength(7);
    const first = await p.listInvoices(paying.subscriptionId, { limit: 2 });
    expect(first).toMatchObject({ has_more: true });
    expect(first.data.map((i) => i.invoiceId)).toEqual(all.slice(0, 2));
    const second = await p.listInvoices(paying.subscriptionId, { limit: 2, startingAfter: all[1] });
    expect(second.data.map((i) => i.invoiceId)).toEqual(all.slice(2, 4));
    expect(second.has_more).toBe(true);
    const last = await p.listInvoices(paying.subscriptionId, { limit: 2, startingAfter: all[4] });
    expect(last).toMatchObject({ has_more: false });
    expect(last.data.map((i) => i.invoiceId)).toEqual(all.slice(5, 7));
    const back = await p.listInvoices(paying.subscriptionId, { limit: 2, endingBefore: all[4] });
    expect(back.data.map((i) => i.invoiceId)).toEqual(all.slice(2, 4));
    expect(back.has_more).toBe(true);
    const top = await p.listInvoices(paying.subscriptionId, { limit: 2, endingBefore: all[1] });
    expect(top).toMatchObject({ has_more: false });
    expect(top.data.map((i) => i.invoiceId)).toEqual(all.slice(0, 1));
    await expect(p.listInvoices(pastDue.subscriptionId, { limit: 2, startingAfter: all[0] })).rejects.toMatchObject({
      code: 'resource_missing',
    });
    await expect(p.listInvoices(paying.subscriptionId, { limit: 0 })).rejects.toMatchObject({ code: 'parameter_invalid' });
  });

  it('anchors monthly periods on the day they started (Jan 31 → Feb 28 → Mar 31)', async () => {
    const anchor = new Date('2027-01-31T09:30:00Z');
    expect(periodEnd(anchor, 'month', 1)).toEqual(new Date('2027-02-28T09:30:00Z'));
    expect(periodEnd(anchor, 'month', 2)).toEqual(new Date('2027-03-31T09:30:00Z'));
    expect(periodEnd(anchor, 'month', 13)).toEqual(new Date('2028-02-29T09:30:00Z'));
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'year', 1)).toEqual(new Date('2029-02-28T00:00:00Z'));
  });
});

describe('test processor: billing on several server instances', () => {
  const t = useMigratedDatabase();
  const h = setup(() => t.db);

  it('bills each due subscription exactly once when two instances run at once, and changes a card and a price', async () => {
    const [one, two] = [h.processor(), h.processor()];
    const cus = await h.customer(one);
    const card = await h.savedCard(one, cus);
    const subs = [];
    for (let i = 0; i < 12; i++) {
      subs.push(
        await one.createSubscription({
          customerId: cus,
          cardId: card,
          productCode: 'monthly',
          productName: 'Monthly plan',
          amountCents: 500,
          interval: 'month',
          idempotencyKey: h.key(),
          metadata: { order_id: String(i) },
        }),
      );
    }
    // The clock moves (as the admin's call does, without billing yet); both instances read it from the database.
    await t.db
      .updateTable('test_processor_clock')
      .set({ offset_seconds: 31 * 24 * 60 * 60 })
      .execute();
    expect(await two.now()).toEqual(new Date(NOW.getTime() + 31 * DAY));
    const steps = await Promise.all([one.billDue(), two.billDue()]);
    expect(steps[0] + steps[1]).toBe(12);
    const invoices = await t.db.selectFrom('test_processor_invoices').select('payment_id').execute();
    // Per subscription: the first period's (paid by its order) and one renewal, charged once.
    expect(invoices).toHaveLength(24);
    const charges = await t.db.selectFrom('test_processor_payments').select('id').where('customer_id', '=', cus).execute();
    expect(charges).toHaveLength(12);
    expect(await Promise.all([one.billDue(), two.billDue()])).toEqual([0, 0]);

    // A day later, a new card for one subscription; the annual price from today, the unused part of the month credited.
    expect(await one.advanceClock(new Date(NOW.getTime() + 32 * DAY))).toBe(0);
    const other = await h.savedCard(one, cus, '5555555555554444');
    const sub = subs[0]!.subscriptionId;
    expect(await two.setSubscriptionCard(sub, other)).toMatchObject({ cardId: other, status: 'active' });
    const changed = await one.changeSubscriptionPrice(sub, {
      productCode: 'annual',
      productName: 'Annual plan',
      amountCents: 5000,
      interval: 'year',
      idempotencyKey: h.key(),
    });
    if (!changed.ok) throw new Error(changed.code);
    expect(changed.subscription).toMatchObject({ productCode: 'annual', interval: 'year', amountCents: 5000 });
    // 29 of June's 30 days unused: $5.00 × 29/30 = $4.83 credited.
    expect(changed.invoice.totalCents).toBe(5000 - 483);
    await expect(two.setSubscriptionCard(sub, 'card_000000000000000000000000')).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });
});
