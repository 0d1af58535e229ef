import type { AdminOrder, AuditResponse, CartTotal, GiftCardRecord, MySubscription } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createProduct, createSku, createUser, illinoisAddress } from '../../../test/factories';
import { cardToken, payCart, processorRefundsOf, submitCart, TEST_CARDS } from '../../../test/payments-client';

/**
 * Issue 40 items 1, 2, 3 and 7 (decision 036): the money after a sale, as
 * the back office sees it. A refunded gift card gives back only what it has
 * not spent and is void; a family's cancel is a refund of its order; a
 * refund is exactly what the volunteer chose; a failed order reads as failed.
 */
let t: TestApp;
const ids = { album: 0, cd: 0, annual: 0 };
let admin: CartVisitor;
beforeAll(async () => {
  t = await createTestApp();
  const ruth = await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 999, cd: 1299 });
  ids.album = ruth.album;
  ids.cd = ruth.cd;
  ids.annual = await createPlan(t.db, 'annual');
  await createSku(t.db, { type: 'gift_card', code: 'gift_card', title: 'Gift card', full_price_cents: 0 });
  await createUser(t.db, { email: 'ledger-admin@example.test', password: 'counts-the-money', is_admin: true });
  admin = await logIn(t.app, { email: 'ledger-admin@example.test', password: 'counts-the-money' });
});
afterAll(() => t.close());

type Family = CartVisitor & { userId: number; email: string };
let families = 0;
async function family(): Promise<Family> {
  families += 1;
  const email = `ledger-family${families}@example.test`;
  const user = await createUser(t.db, { email, password: 'listen-along', fname: 'Grace', lname: 'Miller' });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { userId: user.id, email });
}

const latestOrder = async (userId: number) =>
  t.db
    .selectFrom('orders')
    .select(['id', 'number', 'total_cents', 'shipping_cents', 'tax_cents'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const orderOf = async (id: number) => {
  const res = await admin.send('GET', `/crud/admin/orders/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as AdminOrder;
};
const refund = (id: number, body?: object) => admin.send('POST', `/crud/admin/orders/${id}/refund`, body);
const processorRefunds = (orderId: number) => processorRefundsOf(t.db, orderId);
const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

/** A family buys a gift card of `dollars` for a recipient; the order and the claim link's secret. */
async function buyGiftCard(dollars: number, recipient: string) {
  const buyer = await family();
  expect((await buyer.addGiftCard({ amount: dollars, name: 'Ana', email: recipient, message: '' })).statusCode).toBe(200);
  await payCart(buyer);
  const order = await latestOrder(buyer.userId);
  const mail = await t.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const secret = /\/claim-gift\/([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1] ?? '';
  return { order, secret };
}

/** The recipient's cards as Account settings shows them. */
const cardsOf = async (v: Family) => (await v.send('GET', `/crud/gift-card/${v.userId}`)).json() as GiftCardRecord[];

/** The family pays its cart as the payment page does: with the gift card alone when it covers it all, else with a card too. */
async function checkout(v: Family) {
  const total = (await v.total()).json() as CartTotal;
  if (total.fullTotal === 0) return v.send('POST', '/crud/free-purchases', { cart_id: total.cart.id, lang_code: 'en' });
  return submitCart(v);
}

describe('a refunded gift card (issue 40 item 1)', () => {
  it('gives back only what the card has not spent, takes it off the card, and the holder sees it', async () => {
    const { order, secret } = await buyGiftCard(50, 'ana-spends@example.test');
    const ana = await family();
    expect((await ana.send('POST', '/crud/gift-claim', { hash: secret })).statusCode).toBe(200);
    await ana.add(ids.album);
    expect((await checkout(ana)).json().status).toBe('paid');
    expect((await cardsOf(ana)).map((c) => c.balance)).toEqual([40.01]);

    const before = await orderOf(order.id);
    expect(before.lines).toMatchObject([{ type: 'gift_card', refundable_usd: 40.01 }]);
    expect(before.refundable).toEqual({ card_usd: 40.01, gift_card_usd: 0, shipping_usd: 0 });
    // An amount cannot reach a card's value: only a refund of its line, which takes it off the card.
    expect((await refund(order.id, { amount: 20 })).json().code).toBe('refund_too_large');

    const res = await refund(order.id, { line_ids: [before.lines[0]?.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'refunded',
      refunds: [{ amount_usd: 40.01, status: 'done' }],
      lines: [{ refunded: true, refundable_usd: 0 }],
    });
    expect(await processorRefunds(order.id)).toEqual([4001]);
    expect((await cardsOf(ana)).map((c) => c.balance)).toEqual([0]);
    await ana.add(ids.album);
    expect(((await ana.total()).json() as CartTotal).gift_card_amount).toBe(0);
  });

  it('voids a card not claimed yet: the whole of it goes back, and its link no longer claims it', async () => {
    const { order, secret } = await buyGiftCard(25, 'ana-waits@example.test');
    expect((await refund(order.id)).json()).toMatchObject({ status: 'refunded', refunds: [{ amount_usd: 25 }] });
    const ana = await family();
    const claim = await ana.send('POST', '/crud/gift-claim', { hash: secret });
    expect([claim.statusCode, claim.json().code]).toEqual([404, 'gift_unavailable']);
    expect(await cardsOf(ana)).toEqual([]);
  });

  it('never gives back and lets the holder spend more than was paid, refund and spend at once', async () => {
    const { order, secret } = await buyGiftCard(5, 'ana-races@example.test');
    const ana = await family();
    expect((await ana.send('POST', '/crud/gift-claim', { hash: secret })).statusCode).toBe(200);
    await ana.add(ids.album);
    expect(((await ana.total()).json() as CartTotal).gift_card_amount).toBe(5);
    // Named by its sku, as a refund of lines could be before: the same call that gave back what was spent.
    const sku = (await orderOf(order.id)).lines[0]?.sku_id;
    await Promise.all([checkout(ana), refund(order.id, { sku_ids: [sku] })]);
    const spent = await t.db
      .selectFrom('gift_card_debits as d')
      .innerJoin('gift_cards as c', 'c.id', 'd.gift_card_id')
      .innerJoin('orders as o', 'o.id', 'd.order_id')
      .select('d.amount_cents')
      .where('c.recipient_user_id', '=', ana.userId)
      .where('o.status', '=', 'paid')
      .execute();
    const given = sum(await processorRefunds(order.id));
    expect(sum(spent.map((s) => s.amount_cents)) + given).toBeLessThanOrEqual(500);
    expect(sum(spent.map((s) => s.amount_cents)) + given).toBeGreaterThan(0);
  });
});

describe('a family’s cancel in the back office (issue 40 item 2)', () => {
  it('shows the cancel’s refund on its order, settles it, and a whole refund then gives back only the rest', async () => {
    const v = await family();
    expect((await v.add(ids.annual)).statusCode).toBe(200);
    await payCart(v);
    const order = await latestOrder(v.userId);
    const [plan] = ((await v.send('GET', '/crud/stripe/customer/my/subscriptions')).json() as { data: MySubscription[] }).data;
    const cancel = await v.send('POST', `/crud/stripe/subscription/${plan?.id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    const back = Math.round(cancel.json().refund_usd * 100);
    expect(back).toBeGreaterThan(4900);

    const after = await orderOf(order.id);
    expect(after).toMatchObject({
      status: 'partially_refunded',
      refunds: [{ amount_usd: back / 100, status: 'done', source: 'cancellation' }],
      refundable: { card_usd: (order.total_cents - back) / 100 },
      lines: [{ type: 'subscription', refunded: true }],
    });
    expect(after.timeline.filter((e) => e.kind === 'refunded').map((e) => e.detail)).toEqual([
      `${(back / 100).toFixed(2)} cancellation`,
    ]);

    const rest = await refund(order.id);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded', refundable: { card_usd: 0 } });
    expect(sum(await processorRefunds(order.id))).toBe(order.total_cents);
    expect((rest.json() as AdminOrder).refunds.map((r) => r.status)).toEqual(['done', 'done']);
  });

  it('shows a refund the processor refused as refused, and counts nothing of it', async () => {
    const v = await family();
    await v.add(ids.album);
    await payCart(v);
    const order = await latestOrder(v.userId);
    // Refunded at the processor behind the back office's back (no event): it refuses the next one.
    const payment = await t.db.selectFrom('orders').select('payment_id').where('id', '=', order.id).executeTakeFirstOrThrow();
    await t.app.payments.refund({ paymentId: payment.payment_id ?? '', amountCents: order.total_cents, idempotencyKey: 'x' });
    const refused = await refund(order.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'refund_refused']);
    const after = await orderOf(order.id);
    expect(after).toMatchObject({
      status: 'paid',
      refunds: [{ status: 'failed' }],
      refundable: { card_usd: order.total_cents / 100 },
    });
    expect(after.timeline.filter((e) => e.kind === 'refund_refused')).toHaveLength(1);
    expect(after.timeline.filter((e) => e.kind === 'refunded')).toHaveLength(0);
  });
});

describe('a refund is what the volunteer chose (issue 40 item 3)', () => {
  it('refunds every line without the shipping unless it is chosen, and the audit says what was chosen', async () => {
    const v = await family();
    await v.add(ids.cd);
    const cartId = ((await v.total()).json() as CartTotal).cart.id;
    expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
    await payCart(v);
    const order = await latestOrder(v.userId);
    expect(order.shipping_cents).toBeGreaterThan(0);
    const before = await orderOf(order.id);
    expect(before.refundable.shipping_usd).toBe(order.shipping_cents / 100);
    const [cd] = before.lines;
    const cdCents = 1299 + Math.round((cd?.tax_usd ?? 0) * 100);
    expect(cd?.refundable_usd).toBe(cdCents / 100);

    // Every line ticked, shipping not: the CD and its tax, no more.
    const lines = await refund(order.id, { line_ids: [cd?.id] });
    expect(lines.statusCode).toBe(200);
    expect(lines.json()).toMatchObject({
      status: 'partially_refunded',
      refunds: [{ amount_usd: cdCents / 100, shipping_usd: 0 }],
      refundable: { card_usd: order.shipping_cents / 100, shipping_usd: order.shipping_cents / 100 },
    });
    expect(await processorRefunds(order.id)).toEqual([cdCents]);
    const audit = (await admin.send('GET', '/crud/admin/audit?action=order.refund')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      target: `order ${order.number}`,
      details: { lines: 1, refunded_items: 'Ruth', shipping: false, whole: false, amount_usd: cdCents / 100 },
    });
    // Where it went back: the card as the family knows it, and the processor (the built-in test one here).
    expect(audit.items[0]?.details).toMatchObject({ card_brand: 'visa', card_last4: '4242', provider: 'test' });

    // Then the shipping, chosen on its own: now nothing is left.
    const shipping = await refund(order.id, { line_ids: [], include_shipping: true });
    expect(shipping.json()).toMatchObject({ status: 'refunded', refundable: { card_usd: 0, shipping_usd: 0 } });
    expect(sum(await processorRefunds(order.id))).toBe(order.total_cents);
    const last = (await admin.send('GET', '/crud/admin/audit?action=order.refund')).json() as AuditResponse;
    expect(last.items[0]?.details).toMatchObject({ lines: 0, shipping: true, whole: true });
  });

  it('refuses shipping with an amount, or nothing chosen, changing nothing', async () => {
    const v = await family();
    await v.add(ids.album);
    await payCart(v);
    const order = await latestOrder(v.userId);
    for (const body of [{ amount: 1, include_shipping: true }, { include_shipping: true }, { line_ids: [] }]) {
      expect((await refund(order.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await processorRefunds(order.id)).toEqual([]);
  });
});

describe('a failed order (issue 40 item 7)', () => {
  it('says nothing was charged and why it failed, as a code the back office words', async () => {
    const v = await family();
    await v.add(ids.album);
    const res = await submitCart(v, await cardToken(v, TEST_CARDS.declined));
    expect(res.statusCode).toBe(402);
    const order = await latestOrder(v.userId);
    const failed = await orderOf(order.id);
    expect(failed).toMatchObject({
      status: 'failed',
      amounts: { charged_usd: 0 },
      payment: { failure_code: 'card_declined' },
      refundable: { card_usd: 0, gift_card_usd: 0, shipping_usd: 0 },
    });
    expect(failed.amounts.total_usd).toBeGreaterThan(0);
    expect(failed.timeline.find((e) => e.kind === 'failed')?.detail).toBe('card_declined');
  });
});
