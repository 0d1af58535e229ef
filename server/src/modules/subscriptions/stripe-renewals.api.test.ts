import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { logIn } from '../../../test/cart-client';
import { createPlan, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';
import { STAND_IN_KEYS, type StripeStandIn, startStripeStandIn, stripeEnv } from '../../../test/stripe-stand-in';
import { sendWebhook } from '../../../test/stripe-webhook';

/**
 * Issue 28 item 2 with Stripe: the renewals Stripe bills by itself reach the
 * local record through the signed webhook (invoice.paid,
 * invoice.payment_failed, customer.subscription.updated and .deleted),
 * once per event id, with the same e-mails as the test processor's.
 */
let standIn: StripeStandIn;
let t: TestApp;
let monthly = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STAND_IN_KEYS.secretKey });
  t = await createTestApp({ env: stripeEnv(standIn.url) });
  monthly = await createPlan(t.db, 'monthly');
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const webhook = (payload: string) => sendWebhook(t.app, payload);
const mailTo = (email: string) =>
  t.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', email).orderBy('id').execute();

describe('renewals with Stripe', () => {
  it('records a paid renewal once from its webhook, follows past due and the end, and access follows', async () => {
    const email = 'stripe-subscriber@example.test';
    const user = await createUser(t.db, { email, password: 'listen-along' });
    const v = await logIn(t.app, { email, password: 'listen-along' });
    expect((await v.add(monthly)).statusCode).toBe(200);
    await payCart(v, standIn.issueToken('visa'), { save_card: true });
    const item = await t.db.selectFrom('recurring_items').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const has = async () => (await v.send('GET', '/crud/my-library/has-subscription')).json().has_subscription;

    // Stripe bills the next month and says so; the same event twice is acted on once.
    const invoice = standIn.renew(item.subscription_id);
    const event = standIn.event('invoice.paid', invoice);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    const payments = await t.db
      .selectFrom('renewal_payments')
      .select(['amount_cents', 'invoice_id'])
      .where('user_id', '=', user.id)
      .execute();
    expect(payments).toEqual([{ amount_cents: 500, invoice_id: invoice.id }]);
    expect((await mailTo(email)).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);

    // A renewal that failed: past due, with access while Stripe retries; then the end.
    const subscription = JSON.parse(JSON.stringify(standIn.subscriptions.get(item.subscription_id)));
    expect(
      (await webhook(standIn.event('customer.subscription.updated', { ...subscription, status: 'past_due' }))).statusCode,
    ).toBe(200);
    expect(
      (await t.db.selectFrom('recurring_items').select('status').where('id', '=', item.id).executeTakeFirstOrThrow()).status,
    ).toBe('past_due');
    expect(await has()).toBe(true);
    expect(
      (await webhook(standIn.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }))).statusCode,
    ).toBe(200);
    expect(await has()).toBe(false);
    expect((await mailTo(email)).map((m) => m.subject)).toContain('Monthly plan has ended');
    // An update that arrives after the end changes nothing.
    expect(
      (await webhook(standIn.event('customer.subscription.updated', { ...subscription, status: 'active' }))).statusCode,
    ).toBe(200);
    expect(await has()).toBe(false);
  });
});

describe('Stripe not answering', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 of this machine: every call to "Stripe" is refused at once.
    down = await createTestApp({ env: stripeEnv('http://127.0.0.1:9'), database: t.database });
  });
  afterAll(() => down.close());

  it('answers subscription_error_retrieving (spec §8), localized, and cancels nothing', async () => {
    const email = 'stripe-down-subscriber@example.test';
    const user = await createUser(t.db, { email, password: 'listen-along' });
    const v = await logIn(t.app, { email, password: 'listen-along' });
    expect((await v.add(monthly)).statusCode).toBe(200);
    await payCart(v, standIn.issueToken('visa'), { save_card: true });
    const item = await t.db.selectFrom('recurring_items').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();

    const offline = await logIn(down.app, { email, password: 'listen-along' });
    const list = await offline.send('GET', '/crud/stripe/customer/my/subscriptions?test_spanish_site=1');
    expect(list.statusCode).toBe(503);
    expect(list.json().code).toBe('subscription_error_retrieving');
    expect(list.json().message).toMatch(/^No pudimos cargar tu suscripción/);
    const cancel = await offline.send('POST', `/crud/stripe/subscription/${item.subscription_id}/cancel-at-end`);
    expect([cancel.statusCode, cancel.json().code]).toEqual([503, 'subscription_error_retrieving']);
    const after = await t.db.selectFrom('recurring_items').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect([after.status, after.cancel_at]).toEqual(['active', null]);
    expect((await v.send('GET', '/crud/stripe/customer/my/subscriptions')).json().data).toHaveLength(1);
  });
});
