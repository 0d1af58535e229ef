import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestProcessor } from '../../providers/payments/test-processor';

/**
 * The test processor's browser calls (issue 13): our card field's
 * tokenization, refusing what Stripe.js refuses, and the 3-D Secure dialog's
 * answer. They exist while the test processor is the one in use (the
 * default), registered by the orders plugin as in production.
 */
let t: TestApp;
let processor: TestProcessor;
beforeAll(async () => {
  t = await createTestApp();
  if (!(t.app.payments instanceof TestProcessor)) throw new Error('the test processor is the default');
  processor = t.app.payments;
});
afterAll(() => t.close());

let clients = 0;
const client = () => `10.13.0.${++clients}`;
const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Grace Miller' };
const tokenize = (body: Record<string, unknown>, remoteAddress = client(), query = '') =>
  t.app.inject({ method: 'POST', url: `/crud/test-payments/tokens${query}`, payload: body, remoteAddress });

describe('POST /crud/test-payments/tokens', () => {
  it('answers a single-use token and the card, keeping no card number', async () => {
    const res = await tokenize(card);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^tok_[0-9a-f]{24}$/),
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    });
    const row = await t.db.selectFrom('test_processor_tokens').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ brand: 'visa', last4: '4242', name: 'Grace Miller', behaviour: 'succeeds', used_at: null });
    expect(JSON.stringify(row)).not.toContain('424242424242');

    const amex = await tokenize({ ...card, number: '3782-822463-10005', cvc: '1234', exp_month: '1', exp_year: '2031' });
    expect(amex.json()).toMatchObject({ card: { brand: 'amex', last4: '0005', exp_month: 1, exp_year: 2031 } });
  });

  it('refuses details Stripe.js refuses with the card error and the field to fix, making no token', async () => {
    const count = async () => (await t.db.selectFrom('test_processor_tokens').select('id').execute()).length;
    const before = await count();
    for (const [body, code, fields] of [
      [{ number: '4242 4242 4242 4241' }, 'payment_incorrect_number', { number: 'Your card number is incomplete or incorrect.' }],
      [{ number: '1234 5678 1234 5670' }, 'payment_incorrect_number', { number: 'Your card number is incomplete or incorrect.' }],
      [
        { exp_month: 1, exp_year: 2020 },
        'payment_expired_card',
        { exp_month: 'Your card’s expiry date is incomplete or in the past.' },
      ],
      [{ cvc: '1234' }, 'payment_incorrect_cvc', { cvc: 'Your card’s security code is incomplete.' }],
      [{ number: '378282246310005', cvc: '123' }, 'payment_incorrect_cvc', { cvc: 'Your card’s security code is incomplete.' }],
    ] as const) {
      const res = await tokenize({ ...card, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(402);
      expect(res.json()).toEqual({ code, message: expect.any(String), fields });
    }
    // A real card in test mode: declined as a whole, as Stripe's test mode does.
    const real = await tokenize({ ...card, number: '4111 1111 1111 1111' });
    expect(real.statusCode).toBe(402);
    expect(real.json()).toEqual({ code: 'payment_card_declined', message: 'Your card was declined.' });
    expect(await count()).toBe(before);
  });

  it('refuses malformed details as a validation error naming the fields', async () => {
    const res = await tokenize({ ...card, number: '4242abcd', exp_month: 13, cvc: '12', extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      fields: { number: expect.any(String), exp_month: expect.any(String), cvc: expect.any(String), extra: 'Unknown field' },
    });
    expect((await tokenize({ ...card, name: '' })).json()).toMatchObject({ fields: { name: expect.any(String) } });
  });

  it('answers in the site language', async () => {
    const res = await tokenize({ ...card, number: '4242 4242 4242 4241' }, client(), '?test_spanish_site=1');
    expect(res.statusCode).toBe(402);
    const { message, fields } = res.json();
    expect(message).not.toBe('Your card number is incorrect.');
    expect(fields.number).not.toBe('Your card number is incomplete or incorrect.');
  });

  it('slows down a client guessing numbers, and no one else', async () => {
    const guesser = client();
    for (let i = 0; i < 30; i++)
      expect((await tokenize({ ...card, number: '4242 4242 4242 4241' }, guesser)).statusCode).toBe(402);
    const limited = await tokenize(card, guesser);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tokenize(card)).statusCode).toBe(200);
  });
});

describe('POST /crud/test-payments/authenticate', () => {
  const authenticate = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/crud/test-payments/authenticate', payload, remoteAddress: client() });

  it("settles a charge that required authentication with the cardholder's answer, once", async () => {
    const token = (await tokenize({ ...card, number: '4000 0027 6000 3184' })).json().id;
    const { customerId } = await processor.createCustomer({ userId: 1, email: 'grace@example.test', name: 'Grace Miller' });
    const charge = (source: { token: string } | { cardId: string }, key: string) =>
      processor.charge({
        customerId,
        source,
        amountCents: 1999,
        idempotencyKey: key,
        description: 'Order',
        metadata: { order_id: key },
      });
    const waiting = await charge({ token }, 'auth-1');
    expect(waiting.status).toBe('requires_action');
    const secret = waiting.clientSecret ?? '';

    expect((await authenticate({ payment_id: waiting.paymentId, client_secret: `${secret}0`, approve: true })).statusCode).toBe(
      404,
    );
    expect((await authenticate({ payment_id: waiting.paymentId, client_secret: secret })).statusCode).toBe(400);
    const approved = await authenticate({ payment_id: waiting.paymentId, client_secret: secret, approve: true });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ status: 'succeeded' });
    expect((await authenticate({ payment_id: waiting.paymentId, client_secret: secret, approve: false })).json()).toEqual({
      status: 'succeeded',
    });
    expect((await processor.retrievePayment(waiting.paymentId))?.status).toBe('succeeded');

    const token2 = (await tokenize({ ...card, number: '4000002760003184' })).json().id;
    const second = await charge({ token: token2 }, 'auth-2');
    const failed = await authenticate({ payment_id: second.paymentId, client_secret: second.clientSecret, approve: false });
    expect(failed.json()).toEqual({ status: 'failed' });
    expect(await processor.retrievePayment(second.paymentId)).toMatchObject({ failure: { code: 'authentication_failed' } });
  });
});
