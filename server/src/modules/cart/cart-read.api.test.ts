import type { CartTotal } from '@storyhouse/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { cartVisitor } from '../../../test/cart-client';
import { createSku, createUser, illinoisAddress, signIn } from '../../../test/factories';
import { tablesRead } from '../../../test/query-plan';
import { versionedTables } from '../entitlements/family-tag';
import { totalSourceQuery } from './cart.repository';

// GET /crud/cart-session/total: a signed-in family's total is kept and served again only while the versions and
// copies left it was read under are still the database's (decision 088), so whatever another instance or an admin
// changes in the database is seen at once; the session is read through the short session cache, as in production.
describe('reading the cart total', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_MS: '1000' } });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  async function signedInCart() {
    const user = await createUser(t.db);
    const v = cartVisitor(t.app, await signIn(t.db, user.id));
    const skuId = await createSku(t.db, { type: 'physical', title: 'CD', full_price_cents: 1000 });
    expect((await v.add(skuId, 2)).statusCode).toBe(200);
    const total = async () => (await v.total()).json() as CartTotal;
    return { user, v, skuId, total };
  }

  it('shows a change made in the database at once, e.g. by another instance or an admin', async () => {
    const { user, skuId, total } = await signedInCart();
    expect((await total()).subtotal).toBe(20);

    await t.db.updateTable('skus').set({ sale_price_cents: 750 }).where('id', '=', skuId).execute();
    expect((await total()).subtotal).toBe(15);

    await t.db
      .insertInto('gift_cards')
      .values({ code: `READ-${user.id}`, balance_cents: 500, original_amount_cents: 500, recipient_user_id: user.id })
      .execute();
    expect((await total()).gift_card_amount).toBe(5);
    await t.db.updateTable('gift_cards').set({ balance_cents: 200 }).where('recipient_user_id', '=', user.id).execute();
    expect((await total()).gift_card_amount).toBe(2);
  });

  it('shows at once a coupon, a rate or the copies left that another instance changed', async () => {
    const { user, v, skuId, total } = await signedInCart();
    const code = `KEPT${user.id}`;
    await t.db.insertInto('coupons').values({ code, percent_off: 10, title: 'Kept: 10% off' }).execute();
    expect((await v.useCoupon(code)).statusCode).toBe(200);
    expect((await total()).coupon?.discount).toBe(2);
    expect((await total()).coupon?.discount).toBe(2);
    await t.db.updateTable('coupons').set({ percent_off: 25 }).where('code', '=', code).execute();
    expect((await total()).coupon?.discount).toBe(5);
    // Used up by orders paid elsewhere (no version moves with redemptions: they are read as they are), then one refunded.
    await t.db.updateTable('coupons').set({ max_redemptions: 3 }).where('code', '=', code).execute();
    expect((await total()).coupon?.discount).toBe(5);
    await t.db.updateTable('coupons').set({ redemptions: 3 }).where('code', '=', code).execute();
    expect((await total()).coupon).toBeNull();
    await t.db.updateTable('coupons').set({ redemptions: 2 }).where('code', '=', code).execute();
    expect((await total()).coupon?.discount).toBe(5);
    await t.db.updateTable('coupons').set({ active: false }).where('code', '=', code).execute();
    expect((await total()).coupon).toBeNull();

    const cartId = (await total()).cart.id;
    expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
    expect(
      (await v.send('POST', `/crud/cart/${cartId}/shipping`, { user_id: user.id, shipping_type: 'priority' })).statusCode,
    ).toBe(200);
    const charged = await total();
    expect(charged.shippingCost).toBeGreaterThan(0);
    expect(charged.taxTotal).toBeGreaterThan(0);
    const priority = t.db.updateTable('shipping_rates').where('zone', '=', 'us').where('method', '=', 'priority');
    await priority.set({ first_item_cents: sql`first_item_cents + 100` }).execute();
    try {
      expect((await total()).shippingCost).toBeCloseTo(charged.shippingCost + 1, 2);
    } finally {
      await priority.set({ first_item_cents: sql`first_item_cents - 100` }).execute();
    }
    const illinois = t.db.updateTable('tax_rates').where('country_id', '=', 33).where('state', '=', 'IL');
    await illinois.set({ rate_percent: 10 }).execute();
    try {
      expect((await total()).taxTotal).not.toBe(charged.taxTotal);
    } finally {
      await illinois.set({ rate_percent: 6.25 }).execute();
    }
    expect((await total()).taxTotal).toBe(charged.taxTotal);

    // The copies left of a CD: counted, none, some again (no version moves with them: they are read as they are).
    const soldOut = async () => (await total()).skus.find((l) => l.sku_id === skuId)?.sold_out;
    await t.db.updateTable('skus').set({ stock: 5 }).where('id', '=', skuId).execute();
    expect(await soldOut()).toBe(false);
    await t.db.updateTable('skus').set({ stock: 0 }).where('id', '=', skuId).execute();
    expect(await soldOut()).toBe(true);
    await t.db.updateTable('skus').set({ stock: 5 }).where('id', '=', skuId).execute();
    expect(await soldOut()).toBe(false);
  });

  it('stops counting a coupon at its expiry, though nothing is written then', async () => {
    const { user, v, total } = await signedInCart();
    const code = `SOON${user.id}`;
    const expires = new Date(Date.now() + 60_000);
    await t.db.insertInto('coupons').values({ code, percent_off: 10, title: 'Soon gone', expires_at: expires }).execute();
    expect((await v.useCoupon(code)).statusCode).toBe(200);
    expect((await total()).coupon?.discount).toBe(2);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expires.getTime() + 1);
    expect((await total()).coupon).toBeNull();
  });

  it("never answers one family with another's total", async () => {
    const a = await signedInCart();
    const b = await signedInCart();
    await t.db.updateTable('skus').set({ full_price_cents: 300 }).where('id', '=', b.skuId).execute();
    for (let round = 0; round < 2; round++) {
      expect(await a.total()).toMatchObject({ subtotal: 20, cart: { user_id: a.user.id } });
      expect(await b.total()).toMatchObject({ subtotal: 6, cart: { user_id: b.user.id } });
    }
  });

  it('is read from tables whose changes move a version, but for the copies held by orders, read as they are', async () => {
    const { user } = await signedInCart();
    const query = totalSourceQuery(t.db, 'user_id', user.id, 'en');
    const read = await tablesRead(t.db, query);
    expect(read.has('cart_lines')).toBe(true);
    const versioned = await versionedTables(t.db, ['family', 'catalogue', 'shop']);
    // The versions themselves are read with the rows (the tag); the orders hold copies, read as they are.
    const own = new Set(['family_versions', 'shared_versions']);
    expect([...read].filter((table) => !versioned.has(table) && !own.has(table)).sort()).toEqual(['order_lines', 'orders']);
  });

  it('forgets a session at once when it logs out through this instance', async () => {
    const { v, total } = await signedInCart();
    expect((await total()).cart.id).not.toBeNull();

    await v.send('GET', '/logout');

    expect((await total()).cart.id).toBeNull();
  });

  it('sees a session ended elsewhere (another instance) once the session cache time has passed', async () => {
    const { user, total } = await signedInCart();
    expect((await total()).cart.id).not.toBeNull();

    await t.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1001);

    expect((await total()).cart.id).toBeNull();
  });
});
