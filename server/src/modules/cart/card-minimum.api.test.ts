import { type CartTotal, MIN_DONATION_USD, MIN_GIFT_CARD_USD } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CART_PATHS, type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createSku, createUser } from '../../../test/factories';
import { cardToken } from '../../../test/payments-client';
import { MIN_CHARGE_CENTS } from '../../providers/payments/payment-provider';
import { chargeKey } from '../orders/purchases.service';

/**
 * Issue 26 item 10: nothing goes in the cart that no card could pay. A card
 * is charged at least $0.50 (MIN_CHARGE_CENTS), so a gift card or a
 * donation is at least $1, and a gift card balance that would leave the
 * card 1 to 49 cents covers less, so that the card pays the minimum.
 */
let t: TestApp;

const ids = { album: 0 };
const grandma = { name: 'Grandma Rose', email: 'rose@example.test', message: '' };
const missions = (amount: number) => ({ title: 'Missions', description: '', code: 'missions', amount, type: 'donation' });

const totalOf = async (v: CartVisitor) => (await v.total()).json() as CartTotal;

beforeAll(async () => {
  t = await createTestApp();
  ids.album = (await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 999 })).album;
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  await createSku(t.db, { type: 'gift_card', code: 'gift_card', title: 'Gift card', full_price_cents: 0 });
});
afterAll(() => t.close());

describe('the smallest gift card and donation', () => {
  it('are a dollar: more than a card can be charged', () => {
    expect(MIN_GIFT_CARD_USD * 100).toBeGreaterThanOrEqual(MIN_CHARGE_CENTS);
    expect(MIN_DONATION_USD * 100).toBeGreaterThanOrEqual(MIN_CHARGE_CENTS);
  });

  it.each([0.01, 0.5, 0.99])('refuses a gift card of $%d with the message, adding nothing', async (amount) => {
    const v = cartVisitor(t.app);

    const res = await v.addGiftCard({ amount, ...grandma });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { amount: 'The smallest amount is $1' } });
    expect(v.cookie).toBeUndefined();
    const es = await v.send('POST', `${CART_PATHS.giftCard}?test_spanish_site=1`, { amount, ...grandma });
    expect(es.json().fields).toEqual({ amount: 'El importe mínimo es $1' });
  });

  it.each([0.25, 0.5, 0.99])('refuses a donation of $%d with the message, adding none of the list', async (amount) => {
    const v = cartVisitor(t.app);
    expect((await v.donate([missions(5)])).statusCode).toBe(200);

    const res = await v.donate([missions(10), missions(amount)]);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { '1.amount': 'The smallest amount is $1' } });
    expect((await totalOf(v)).skus.map((l) => l.price_usd)).toEqual([5]);
    const es = await v.send('POST', `${CART_PATHS.donations}?test_spanish_site=1`, [missions(amount)]);
    expect(es.json().fields).toEqual({ '0.amount': 'El importe mínimo es $1' });
  });

  it('takes a $1 gift card and a $1 donation', async () => {
    const v = cartVisitor(t.app);

    expect((await v.addGiftCard({ amount: 1, ...grandma })).statusCode).toBe(200);
    const res = await v.donate([missions(1)]);

    expect(res.statusCode).toBe(200);
    expect((res.json() as CartTotal).skus.map((l) => [l.type, l.price_usd])).toEqual([
      ['gift_card', 1],
      ['donation', 1],
    ]);
  });
});

describe('a gift card balance that would leave the card less than it can charge', () => {
  /** A signed-in family holding a claimed gift card of `cents`. */
  async function familyWithBalance(cents: number) {
    const user = await createUser(t.db);
    await t.db
      .insertInto('gift_cards')
      .values({
        code: `min-${user.id}`,
        recipient_user_id: user.id,
        original_amount_cents: cents,
        balance_cents: cents,
        claimed_at: new Date(),
      })
      .execute();
    return Object.assign(await logIn(t.app, user), { userId: user.id });
  }
  const balanceOf = async (userId: number) =>
    (
      await t.db
        .selectFrom('gift_cards')
        .select('balance_cents')
        .where('recipient_user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).balance_cents;

  it('covers the total less $0.50 when it falls $0.20 short, and the card pays $0.50: as shown, so charged', async () => {
    const v = await familyWithBalance(979);
    await v.add(ids.album);

    const total = await totalOf(v);

    // $9.99 due, $9.79 of balance: $0.20 left, which no card could pay; the balance pays $9.49, the card $0.50.
    expect(total).toMatchObject({ subtotal: 9.99, gift_card_amount: 9.49, total: 0.5, fullTotal: 0.5 });
    const res = await v.send('POST', '/crud/purchases', {
      stripe_token: await cardToken(v),
      expected_total: total.fullTotal,
      cart_id: total.cart.id,
      lang_code: 'en',
    });
    expect(res.statusCode).toBe(200);
    const { order_id: orderId, status } = res.json();
    expect(status).toBe('paid');
    const charges = await t.db
      .selectFrom('test_processor_payments')
      .select(['status', 'amount_cents'])
      .where('idempotency_key', '=', chargeKey(orderId))
      .execute();
    expect(charges).toEqual([{ status: 'succeeded', amount_cents: 50 }]);
    const order = await t.db
      .selectFrom('orders')
      .select(['gift_card_cents', 'total_cents'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ gift_card_cents: 949, total_cents: 50 });
    // What the balance did not pay stays on it.
    expect(await balanceOf(v.userId)).toBe(30);
  });

  it('pays in full when it can (nothing for the card), and all it holds when the card is left $0.50 or more', async () => {
    const whole = await familyWithBalance(999);
    await whole.add(ids.album);
    expect(await totalOf(whole)).toMatchObject({ gift_card_amount: 9.99, fullTotal: 0 });

    const most = await familyWithBalance(949);
    await most.add(ids.album);
    expect(await totalOf(most)).toMatchObject({ gift_card_amount: 9.49, fullTotal: 0.5 });

    const nearly = await familyWithBalance(998);
    await nearly.add(ids.album);
    expect(await totalOf(nearly)).toMatchObject({ gift_card_amount: 9.49, fullTotal: 0.5 });
  });
});
