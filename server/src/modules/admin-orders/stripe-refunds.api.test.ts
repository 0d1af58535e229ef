import type { AdminOrder } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { logIn } from '../../../test/cart-client';
import { createProduct, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';
import { STAND_IN_KEYS, type StripeStandIn, startStripeStandIn, stripeEnv } from '../../../test/stripe-stand-in';
import { sendWebhook } from '../../../test/stripe-webhook';

/** Issue 29 item 2: a refund made in Stripe's dashboard (charge.refunded) updates the order as the back office's do. */
let standIn: StripeStandIn;
let t: TestApp;
let album = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STAND_IN_KEYS.secretKey });
  t = await createTestApp({ env: stripeEnv(standIn.url) });
  album = (await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 999 })).album;
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const webhook = (payload: string) => sendWebhook(t.app, payload);

describe('a refund made in Stripe’s dashboard', () => {
  it('counts on its order once: partly, then wholly refunded, and the album leaves the library', async () => {
    const email = 'dashboard-refund@example.test';
    const user = await createUser(t.db, { email, password: 'listen-along' });
    await createUser(t.db, { email: 'stripe-volunteer@example.test', password: 'posts-the-cds', is_admin: true });
    const v = await logIn(t.app, { email, password: 'listen-along' });
    expect((await v.add(album)).statusCode).toBe(200);
    await payCart(v, standIn.issueToken('visa'));
    const order = await t.db.selectFrom('orders').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const charge = (refunded: number) => ({
      id: 'ch_dashboard',
      object: 'charge',
      payment_intent: order.payment_id,
      amount_refunded: refunded,
    });

    const partly = standIn.event('charge.refunded', charge(400));
    expect((await webhook(partly)).statusCode).toBe(200);
    expect((await webhook(partly)).statusCode).toBe(200);
    const admin = await logIn(t.app, { email: 'stripe-volunteer@example.test', password: 'posts-the-cds' });
    const after = (await admin.send('GET', `/crud/admin/orders/${order.id}`)).json() as AdminOrder;
    expect(after).toMatchObject({ status: 'partially_refunded', refunds: [{ amount_usd: 4, source: 'processor', by: null }] });

    expect((await webhook(standIn.event('charge.refunded', charge(order.total_cents)))).statusCode).toBe(200);
    const whole = (await admin.send('GET', `/crud/admin/orders/${order.id}`)).json() as AdminOrder;
    expect(whole.status).toBe('refunded');
    expect(whole.refunds.reduce((sum, r) => sum + r.amount_usd, 0)).toBeCloseTo(order.total_cents / 100, 2);
    const owned = await t.db.selectFrom('ownership').select('type').where('user_id', '=', user.id).execute();
    expect(owned).toEqual([]);
    const mails = await t.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute();
    expect(mails.filter((m) => m.subject.startsWith('Refund for your order'))).toHaveLength(2);
  });
});
