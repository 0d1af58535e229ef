import type { CartTotal, PurchaseResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser } from '../../../test/factories';
import { STAND_IN_KEYS, type StripeStandIn, startStripeStandIn, stripeEnv } from '../../../test/stripe-stand-in';
import { sendWebhook, signWebhook } from '../../../test/stripe-webhook';

/**
 * The app with PAYMENTS=stripe, against a local stand-in for Stripe's API
 * (issue 13 item 1): a purchase with a Stripe Elements PaymentMethod, 3-D
 * Secure, and the signed webhook settling an order. No network.
 */
const SECRET_KEY = STAND_IN_KEYS.secretKey;
const WEBHOOK_SECRET = STAND_IN_KEYS.webhookSecret;
let standIn: StripeStandIn;
let t: TestApp;
let album = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  t = await createTestApp({ env: stripeEnv(standIn.url) });
  album = (await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 999 })).album;
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

let families = 0;
async function family(): Promise<CartVisitor> {
  families += 1;
  const email = `stripe${families}@example.test`;
  await createUser(t.db, { email, password: 'listen-along' });
  const v = await logIn(t.app, { email, password: 'listen-along' });
  expect((await v.add(album)).statusCode).toBe(200);
  return v;
}

async function pay(v: CartVisitor, token: string) {
  const total = (await v.total()).json() as CartTotal;
  return v.send('POST', '/crud/purchases', {
    stripe_token: token,
    expected_total: total.fullTotal,
    cart_id: total.cart.id,
    lang_code: 'en',
  });
}

const webhook = (payload: string, signature: string) => sendWebhook(t.app, payload, signature);
const sign = (payload: string, secret: string = WEBHOOK_SECRET) => signWebhook(payload, secret);
const statusOf = async (orderId: number) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

describe('checkout on Stripe', () => {
  it('answers the Stripe publishable key and hides the test processor’s routes', async () => {
    const v = cartVisitor(t.app);
    expect((await v.send('GET', '/crud/stripe/token')).json()).toEqual({ key: 'pk_test_storyhouse', provider: 'stripe' });
    expect((await v.send('POST', '/crud/test-payments/tokens', { number: '4242424242424242' })).statusCode).toBe(404);
  });

  it('lets the pages load Stripe.js and its card frames (and only with Stripe in use)', async () => {
    const csp = String((await cartVisitor(t.app).send('GET', '/crud/stripe/token')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src[^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src[^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src[^;]*https:\/\/api\.stripe\.com/);
  });

  it('pays with a new card’s PaymentMethod from Stripe Elements, with the order’s idempotency key', async () => {
    const v = await family();
    const res = await pay(v, standIn.issueToken('visa'));
    expect(res.statusCode).toBe(200);
    const { order_id } = res.json() as PurchaseResponse;
    expect(await statusOf(order_id)).toBe('paid');
    expect(await v.count()).toBe(0);
    const charges = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(charges.at(-1)?.idempotencyKey).toBe(`order-${order_id}-charge`);
  });

  it('shows Stripe’s decline and keeps the cart', async () => {
    const v = await family();
    const res = await pay(v, standIn.issueToken('chargeDeclined'));
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('payment_card_declined');
    expect(await v.count()).toBe(1);
  });

  it('settles an order waiting for 3-D Secure from the signed webhook, and refuses a bad signature', async () => {
    const v = await family();
    const body = (await pay(v, standIn.issueToken('authenticationRequired'))).json() as PurchaseResponse;
    expect(body.next_action?.type).toBe('authenticate');
    standIn.authenticate(body.next_action!.payment_id, true);
    const intent = JSON.parse(JSON.stringify(standIn.paymentIntents.get(body.next_action!.payment_id)));
    const payload = standIn.event('payment_intent.succeeded', intent);

    const forged = await webhook(payload, sign(payload, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(await statusOf(body.order_id)).toBe('pending');

    const res = await webhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(body.order_id)).toBe('paid');
    // Stripe sends events at least once: the second changes nothing.
    expect((await webhook(payload, sign(payload))).statusCode).toBe(200);
    expect(await v.count()).toBe(0);
  });
});

describe('Stripe not answering (issue 26 item 8)', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 of this machine: every call to "Stripe" is refused at once.
    down = await createTestApp({ env: stripeEnv('http://127.0.0.1:9'), database: t.database });
  });
  afterAll(() => down.close());

  it('answers a purchase and a card save 503, localized, writing and charging nothing', async () => {
    const email = `stripe-down@example.test`;
    const user = await createUser(t.db, { email, password: 'listen-along' });
    const v = await logIn(down.app, { email, password: 'listen-along' });
    expect((await v.add(album)).statusCode).toBe(200);
    const total = (await v.total()).json() as CartTotal;
    const orders = async () =>
      Number(
        (
          await t.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await orders();

    const purchase = await v.send('POST', '/crud/purchases?test_spanish_site=1', {
      stripe_token: 'pm_card_visa',
      expected_total: total.fullTotal,
      cart_id: total.cart.id,
      lang_code: 'es',
    });
    expect(purchase.statusCode).toBe(503);
    expect(purchase.headers['retry-after']).toBe('60');
    expect(purchase.json()).toEqual({
      code: 'payment_service_unavailable',
      message: 'El servicio de tarjetas no responde en este momento. No se cobró nada: inténtalo de nuevo en unos minutos.',
      request_id: expect.any(String),
    });
    const save = await v.send('POST', '/crud/stripe/customer/card', {
      user_id: user.id,
      stripe_token: 'pm_card_visa',
      extras: {},
    });
    expect(save.statusCode).toBe(503);
    expect(save.json().code).toBe('payment_service_unavailable');
    expect(await orders()).toBe(before);
    expect(await v.count()).toBe(1);
  });

  it('answers a validly signed webhook whose body is not a Stripe event 400, changing nothing', async () => {
    for (const payload of ['not json at all', '{"id":"evt_1","type":"payment_intent.succeeded"}']) {
      const res = await webhook(payload, sign(payload));
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe('bad_request');
    }
  });
});
