import type {
  AdminCoupon,
  AdminCouponDetail,
  AdminCouponsResponse,
  AdminShippingResponse,
  AuditResponse,
  CartTotal,
} from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser, illinoisAddress } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/**
 * Issue 30 item 4: coupons, shipping rates and tax rates edited in the back
 * office, by the rules the storefront reads them with, audited; bad input
 * refused with localized messages and nothing written.
 */
let t: TestApp;
let admin: CartVisitor;
/** A CD at $12.99 (ships, taxed) and an album at $9.99 (a download). */
const ids = { cd: 0, album: 0 };
let families = 0;

beforeAll(async () => {
  t = await createTestApp();
  const product = await createProduct(t.db, { slug: 'jonah', title: 'Jonah' }, { cd: 1299, album: 999 });
  ids.cd = product.cd;
  ids.album = product.album;
  await createUser(t.db, { email: 'shop-admin@example.test', password: 'keeps-the-shop', is_admin: true });
  admin = await logIn(t.app, { email: 'shop-admin@example.test', password: 'keeps-the-shop' });
});
afterAll(() => t.close());

/** A signed-in family whose cart holds these skus. */
async function family(...skuIds: number[]) {
  const email = `shop-family-${++families}@example.test`;
  await createUser(t.db, { email, password: 'listen-along', fname: 'Ruth', lname: 'Lee' });
  const v = await logIn(t.app, { email, password: 'listen-along' });
  for (const id of skuIds) expect((await v.add(id)).statusCode).toBe(200);
  return { v, email };
}

const totalOf = async (v: CartVisitor) => (await v.total()).json() as CartTotal;

/** Sets the cart's shipping address (the family's checkout). */
async function shipTo(v: CartVisitor, address: object) {
  const total = await totalOf(v);
  const res = await v.send('POST', `/crud/cart/${total.cart.id}/address/shipping`, address);
  expect(res.statusCode).toBe(200);
  return res.json() as CartTotal;
}

const createCoupon = (body: object, query = '') => admin.send('POST', `/crud/admin/coupons${query}`, body);
const fieldsOf = (res: { statusCode: number; json(): { code: string; fields?: Record<string, string> } }) => {
  expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
  return res.json().fields;
};
const couponCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('coupons')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastAudit = async (action: string) =>
  ((await admin.send('GET', `/crud/admin/audit?action=${action}`)).json() as AuditResponse).items[0];

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe('coupons', () => {
  it('creates a coupon that then works in a family’s cart, lists it and records who created it', async () => {
    const expires = inAWeek();
    const res = await createCoupon({
      code: 'Harvest15',
      title: 'Harvest: 15% off',
      percent_off: 15,
      expires_at: expires,
      max_redemptions: 3,
    });
    expect(res.statusCode).toBe(200);
    const coupon = res.json() as AdminCoupon;
    expect(coupon).toMatchObject({
      code: 'Harvest15',
      title: 'Harvest: 15% off',
      discount_type: 'percent',
      percent_off: 15,
      amount_off: null,
      expires_at: expires,
      max_redemptions: 3,
      redemptions: 0,
      status: 'active',
    });

    // The storefront finds it whatever the case, as families type it.
    const { v } = await family(ids.cd);
    const applied = await v.useCoupon('HARVEST15');
    expect(applied.statusCode).toBe(200);
    expect((applied.json() as CartTotal).coupon).toMatchObject({ coupon: { code: 'Harvest15' }, discount: 1.95 });

    const list = (await admin.send('GET', '/crud/admin/coupons')).json() as AdminCouponsResponse;
    expect(list.items[0]).toMatchObject({ id: coupon.id, code: 'Harvest15', status: 'active', redemptions: 0 });
    expect(await lastAudit('coupon.create')).toMatchObject({
      admin: { email: 'shop-admin@example.test' },
      target: 'coupon Harvest15',
      details: { title: 'Harvest: 15% off', percent_off: 15, amount_off_usd: null, expires_at: expires, max_redemptions: 3 },
    });
  });

  it('creates an amount off, which takes its dollars off the cart', async () => {
    const res = await createCoupon({ code: 'GIFT-7', title: '$7.50 off', amount_off: 7.5 });
    expect(res.json()).toMatchObject({ discount_type: 'amount', amount_off: 7.5, percent_off: null, expires_at: null });
    const { v } = await family(ids.cd, ids.album);
    const applied = (await v.useCoupon('gift-7')).json() as CartTotal;
    expect(applied.coupon?.discount).toBe(7.5);
    expect(applied.total).toBe(15.48);
  });

  it('withdraws a used coupon by making it inactive (the order keeps it), and shows the paid orders that used it', async () => {
    const coupon = (await createCoupon({ code: 'USED5', title: '$5 off', amount_off: 5 })).json() as AdminCoupon;
    const { v, email } = await family(ids.album);
    expect((await v.useCoupon('USED5')).statusCode).toBe(200);
    await payCart(v);

    const detail = (await admin.send('GET', `/crud/admin/coupons/${coupon.id}`)).json() as AdminCouponDetail;
    expect(detail.coupon).toMatchObject({ code: 'USED5', redemptions: 1, status: 'active' });
    expect(detail.orders_count).toBe(1);
    expect(detail.orders[0]).toMatchObject({
      status: 'paid',
      customer: { email, name: 'Ruth Lee' },
      discount_usd: 5,
      total_usd: 4.99,
    });
    expect(detail.orders[0]?.number).toMatch(/^SH-/);

    // Another family has it in the cart already.
    const other = await family(ids.album);
    expect((await other.v.useCoupon('USED5')).statusCode).toBe(200);

    const res = await admin.send('DELETE', `/crud/admin/coupons/${coupon.id}`);
    expect(res.json()).toEqual({ id: coupon.id, code: 'USED5', outcome: 'withdrawn' });
    const row = await t.db.selectFrom('coupons').select('active').where('id', '=', coupon.id).executeTakeFirstOrThrow();
    expect(row.active).toBe(false);
    const order = await t.db
      .selectFrom('orders')
      .select(['coupon_id', 'coupon_code'])
      .where('id', '=', detail.orders[0]?.id as number)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ coupon_id: coupon.id, coupon_code: 'USED5' });

    // No family can use it now: the cart that held it leaves it out, a new look-up does not find it.
    expect((await totalOf(other.v)).coupon).toBeNull();
    const refused = await (await family(ids.album)).v.useCoupon('USED5');
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'coupon_not_found']);

    const after = (await admin.send('GET', `/crud/admin/coupons/${coupon.id}`)).json() as AdminCouponDetail;
    expect(after.coupon.status).toBe('withdrawn');
    expect(after.orders).toHaveLength(1);
    expect(await lastAudit('coupon.withdraw')).toMatchObject({
      target: 'coupon USED5',
      details: { outcome: 'withdrawn', redemptions: 1 },
    });
    // Withdrawing it again changes nothing.
    expect((await admin.send('DELETE', `/crud/admin/coupons/${coupon.id}`)).json()).toMatchObject({ outcome: 'withdrawn' });
  });

  it('deletes a coupon no order used; a cart holding it loses it', async () => {
    const coupon = (await createCoupon({ code: 'NEVER', title: 'Never used', percent_off: 50 })).json() as AdminCoupon;
    const { v } = await family(ids.cd);
    expect((await v.useCoupon('NEVER')).statusCode).toBe(200);
    const res = await admin.send('DELETE', `/crud/admin/coupons/${coupon.id}`);
    expect(res.json()).toEqual({ id: coupon.id, code: 'NEVER', outcome: 'deleted' });
    expect((await totalOf(v)).coupon).toBeNull();
    expect((await admin.send('GET', `/crud/admin/coupons/${coupon.id}`)).statusCode).toBe(404);
    expect((await admin.send('DELETE', `/crud/admin/coupons/${coupon.id}`)).statusCode).toBe(404);
    expect(await lastAudit('coupon.withdraw')).toMatchObject({ target: 'coupon NEVER', details: { outcome: 'deleted' } });
  });

  it('shows expired and used-up coupons as such', async () => {
    await t.db
      .insertInto('coupons')
      .values([
        { code: 'OLD1', title: 'Old', percent_off: 10, expires_at: '2020-01-01T00:00:00Z' },
        { code: 'FULL1', title: 'Full', percent_off: 10, max_redemptions: 2, redemptions: 2 },
      ])
      .execute();
    const list = (await admin.send('GET', '/crud/admin/coupons')).json() as AdminCouponsResponse;
    expect(list.items.find((c) => c.code === 'OLD1')?.status).toBe('expired');
    expect(list.items.find((c) => c.code === 'FULL1')?.status).toBe('used_up');
  });

  describe('bad input: a localized 400 and nothing written', () => {
    const good = { code: 'GOOD10', title: 'Good', percent_off: 10 };

    it('refuses a code the shop has, whatever its case', async () => {
      expect((await createCoupon({ ...good, code: 'TAKEN' })).statusCode).toBe(200);
      const before = await couponCount();
      expect(fieldsOf(await createCoupon({ ...good, code: 'taken' }))).toEqual({
        code: 'A coupon with this code exists already',
      });
      expect(fieldsOf(await createCoupon({ ...good, code: 'Taken' }, '?test_spanish_site=1'))).toEqual({
        code: 'Ya existe un cupón con este código',
      });
      expect(await couponCount()).toBe(before);
    });

    it('refuses a percentage outside 1–100, an amount of 0, below or above $10,000 or not in cents, both or neither', async () => {
      const before = await couponCount();
      expect(fieldsOf(await createCoupon({ ...good, percent_off: 0 }))).toEqual({ percent_off: 'Must be at least 1' });
      expect(fieldsOf(await createCoupon({ ...good, percent_off: 101 }))).toEqual({ percent_off: 'Must be at most 100' });
      expect(fieldsOf(await createCoupon({ ...good, percent_off: 12.5 }))).toEqual({ percent_off: 'Invalid' });
      const amount = (amount_off: number) => createCoupon({ code: 'AMT', title: 'Amount', amount_off });
      expect(fieldsOf(await amount(0))).toEqual({ amount_off: 'The smallest amount is $0.01' });
      expect(fieldsOf(await amount(-5))).toEqual({ amount_off: 'The smallest amount is $0.01' });
      expect(fieldsOf(await amount(10_000.01))).toEqual({ amount_off: 'Must be at most 10000' });
      expect(fieldsOf(await amount(4.999))).toEqual({ amount_off: 'Use at most two decimal places' });
      expect(fieldsOf(await createCoupon({ ...good, amount_off: 5 }))).toEqual({
        percent_off: 'Give either a percentage or an amount',
      });
      expect(fieldsOf(await createCoupon({ code: 'NONE', title: 'None' }))).toEqual({
        percent_off: 'Give either a percentage or an amount',
      });
      expect(fieldsOf(await createCoupon({ code: 'NONE', title: 'None' }, '?test_spanish_site=1'))).toEqual({
        percent_off: 'Indica un porcentaje o un importe',
      });
      expect(await couponCount()).toBe(before);
    });

    it('refuses an expiry in the past, a limit below 1, markup, NUL and other codes', async () => {
      const before = await couponCount();
      expect(fieldsOf(await createCoupon({ ...good, expires_at: '2020-01-01T00:00:00Z' }))).toEqual({
        expires_at: 'Must be in the future',
      });
      expect(fieldsOf(await createCoupon({ ...good, expires_at: 'next week' }))).toEqual({ expires_at: 'Invalid' });
      expect(fieldsOf(await createCoupon({ ...good, max_redemptions: 0 }))).toEqual({ max_redemptions: 'Must be at least 1' });
      expect(fieldsOf(await createCoupon({ ...good, title: '<script>alert(1)</script>' }))).toEqual({
        title: 'Plain text only: no < or >',
      });
      expect(fieldsOf(await createCoupon({ ...good, title: 'Nul\u0000' }))).toEqual({
        title: 'Contains a character that is not allowed',
      });
      expect(fieldsOf(await createCoupon({ ...good, code: '<b>' }))).toEqual({ code: 'Use only letters, digits, - and _' });
      expect(fieldsOf(await createCoupon({ ...good, code: 'TEN OFF' }))).toEqual({ code: 'Use only letters, digits, - and _' });
      expect(fieldsOf(await createCoupon({ ...good, code: '  ' }))).toEqual({ code: 'Required' });
      expect(fieldsOf(await createCoupon({ ...good, code: 'X'.repeat(41) }))).toEqual({ code: 'Must be at most 40 characters' });
      expect(fieldsOf(await createCoupon({ ...good, active: false }))).toEqual({ active: 'Unknown field' });
      expect(await couponCount()).toBe(before);
    });
  });
});

describe('shipping and tax rates', () => {
  const rates = async () => (await admin.send('GET', '/crud/admin/shipping')).json() as AdminShippingResponse;
  const setShipping = (body: object) => admin.send('POST', '/crud/admin/shipping-rates', body);
  const setTax = (body: object, query = '') => admin.send('POST', `/crud/admin/tax-rates${query}`, body);

  it('lists the rates the cart uses', async () => {
    const all = await rates();
    expect(all.rates).toEqual([
      { zone: 'us', method: 'economy', first_item_usd: 4.99, additional_item_usd: 1.5, min_days: 5, max_days: 8 },
      { zone: 'us', method: 'priority', first_item_usd: 9.99, additional_item_usd: 3, min_days: 2, max_days: 3 },
      {
        zone: 'canada',
        method: 'international',
        first_item_usd: 14.99,
        additional_item_usd: 4,
        min_days: null,
        max_days: null,
      },
      {
        zone: 'international',
        method: 'international',
        first_item_usd: 19.99,
        additional_item_usd: 6,
        min_days: null,
        max_days: null,
      },
    ]);
    expect(all.tax_rates).toEqual([
      {
        id: expect.any(Number),
        country_id: 33,
        country_code: 'US',
        country_name: expect.any(String),
        state: 'IL',
        rate_percent: 6.25,
        taxable_types: ['physical', 'book'],
      },
    ]);
  });

  it('changes a shipping rate: the next cart total charges it; audited with what it was', async () => {
    const { v } = await family(ids.cd);
    await v.setQuantity(ids.cd, 2);
    expect((await shipTo(v, illinoisAddress)).shippingCost).toBe(6.49);

    const res = await setShipping({ zone: 'us', method: 'economy', first_item: 5.5, additional_item: 2 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminShippingResponse).rates[0]).toEqual({
      zone: 'us',
      method: 'economy',
      first_item_usd: 5.5,
      additional_item_usd: 2,
      // Left out of the body, the delivery estimate stays.
      min_days: 5,
      max_days: 8,
    });
    expect((await totalOf(v)).shippingCost).toBe(7.5);
    expect(await lastAudit('shipping.update')).toMatchObject({
      target: 'shipping us/economy',
      details: { first_item_usd: 5.5, additional_item_usd: 2, was_first_item_usd: 4.99, was_additional_item_usd: 1.5 },
    });
    // Free (0) is a price.
    expect((await setShipping({ zone: 'us', method: 'economy', first_item: 0, additional_item: 0 })).statusCode).toBe(200);
    expect((await totalOf(v)).shippingCost).toBe(0);
    await setShipping({ zone: 'us', method: 'economy', first_item: 4.99, additional_item: 1.5 });
  });

  it('sets a rate’s delivery estimate in business days, or clears it; audited with what it was', async () => {
    const canada = { zone: 'canada', method: 'international', first_item: 14.99, additional_item: 4 };
    const res = await setShipping({ ...canada, min_days: 6, max_days: 10 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminShippingResponse).rates[2]).toMatchObject({ zone: 'canada', min_days: 6, max_days: 10 });
    expect(await lastAudit('shipping.update')).toMatchObject({
      target: 'shipping canada/international',
      details: { min_days: 6, max_days: 10, was_min_days: null, was_max_days: null },
    });
    expect((await setShipping({ ...canada, min_days: null, max_days: null })).statusCode).toBe(200);
    expect((await rates()).rates[2]).toMatchObject({ min_days: null, max_days: null });
    expect(await lastAudit('shipping.update')).toMatchObject({
      details: { min_days: null, max_days: null, was_min_days: 6, was_max_days: 10 },
    });
  });

  it('refuses an estimate with one number, the most before the fewest, or out of range; nothing changes', async () => {
    const before = await rates();
    const economy = { zone: 'us', method: 'economy', first_item: 4.99, additional_item: 1.5 };
    expect(fieldsOf(await setShipping({ ...economy, min_days: 3, max_days: null }))).toEqual({
      max_days: 'Give both numbers of days, or neither',
    });
    expect(fieldsOf(await setShipping({ ...economy, min_days: 8, max_days: 5 }))).toEqual({
      max_days: 'The most days cannot be fewer than the fewest',
    });
    expect(fieldsOf(await setShipping({ ...economy, min_days: 0, max_days: 91 }))).toEqual({
      min_days: 'Must be at least 1',
      max_days: 'Must be at most 90',
    });
    expect(await rates()).toEqual(before);
  });

  it('refuses negative, absurd or uncented prices and a method the zone does not have', async () => {
    const before = await rates();
    expect(fieldsOf(await setShipping({ zone: 'us', method: 'economy', first_item: -1, additional_item: 1 }))).toEqual({
      first_item: 'The smallest amount is $0',
    });
    expect(fieldsOf(await setShipping({ zone: 'us', method: 'economy', first_item: 1, additional_item: 1000.01 }))).toEqual({
      additional_item: 'Must be at most 1000',
    });
    expect(fieldsOf(await setShipping({ zone: 'us', method: 'economy', first_item: 1.005, additional_item: 1 }))).toEqual({
      first_item: 'Use at most two decimal places',
    });
    expect(fieldsOf(await setShipping({ zone: 'canada', method: 'priority', first_item: 1, additional_item: 1 }))).toEqual({
      method: 'Invalid',
    });
    expect(
      fieldsOf(await setShipping({ zone: 'mars', method: 'international', first_item: 1, additional_item: 1 })),
    ).toHaveProperty('zone');
    expect(await rates()).toEqual(before);
  });

  it('adds, changes and removes a state’s tax rate: the cart’s tax follows; each audited', async () => {
    const { v } = await family(ids.cd);
    const ohio = { ...illinoisAddress, state: 'OH', city: 'Columbus', postal_code: '43004' };
    expect((await shipTo(v, ohio)).taxTotal).toBe(0);

    const added = await setTax({ country_id: 33, state: 'OH', rate_percent: 5.75 });
    expect(added.statusCode).toBe(200);
    const rate = (added.json() as AdminShippingResponse).tax_rates.find((r) => r.state === 'OH');
    expect(rate).toMatchObject({ country_id: 33, state: 'OH', rate_percent: 5.75, taxable_types: ['physical', 'book'] });
    expect((await totalOf(v)).taxTotal).toBe(0.75);
    expect(await lastAudit('tax.update')).toMatchObject({
      target: 'tax US-OH',
      details: { rate_percent: 5.75, was_rate_percent: null },
    });

    // Saving the place again changes its one rate.
    const changed = (await setTax({ country_id: 33, state: 'OH', rate_percent: 7.125 })).json() as AdminShippingResponse;
    expect(changed.tax_rates.filter((r) => r.state === 'OH')).toEqual([{ ...rate, rate_percent: 7.125 }]);
    expect((await totalOf(v)).taxTotal).toBe(0.93);
    expect(await lastAudit('tax.update')).toMatchObject({ details: { rate_percent: 7.125, was_rate_percent: 5.75 } });

    const removed = await admin.send('DELETE', `/crud/admin/tax-rates/${rate?.id}`);
    expect((removed.json() as AdminShippingResponse).tax_rates.some((r) => r.state === 'OH')).toBe(false);
    expect((await totalOf(v)).taxTotal).toBe(0);
    expect(await lastAudit('tax.remove')).toMatchObject({ target: 'tax US-OH', details: { was_rate_percent: 7.125 } });
    expect((await admin.send('DELETE', `/crud/admin/tax-rates/${rate?.id}`)).statusCode).toBe(404);
  });

  it('sets a whole country’s rate, for every address there', async () => {
    const { v } = await family(ids.cd);
    const mexico = { ...illinoisAddress, country_id: 142, state: 'CDMX', city: 'Ciudad de México', postal_code: '06000' };
    expect((await shipTo(v, mexico)).taxTotal).toBe(0);
    const res = await setTax({ country_id: 142, state: '', rate_percent: 16 });
    expect((res.json() as AdminShippingResponse).tax_rates.find((r) => r.country_id === 142)).toMatchObject({
      country_code: 'MX',
      state: null,
      rate_percent: 16,
    });
    expect((await totalOf(v)).taxTotal).toBe(2.08);
    expect(await lastAudit('tax.update')).toMatchObject({ target: 'tax MX' });
  });

  it('refuses an unknown country or state, and a negative, absurd or too precise rate', async () => {
    const before = await rates();
    expect(fieldsOf(await setTax({ country_id: 99999, state: '', rate_percent: 5 }))).toEqual({
      country_id: 'Choose a country from the list',
    });
    expect(fieldsOf(await setTax({ country_id: 33, state: 'ZZ', rate_percent: 5 }))).toEqual({
      state: 'Choose a state or province of this country',
    });
    expect(fieldsOf(await setTax({ country_id: 87, state: 'IL', rate_percent: 5 }))).toEqual({
      state: 'Choose a state or province of this country',
    });
    expect(fieldsOf(await setTax({ country_id: 142, state: 'CDMX', rate_percent: 5 }))).toEqual({
      state: 'Choose a state or province of this country',
    });
    expect(fieldsOf(await setTax({ country_id: 33, state: 'OH', rate_percent: -2 }))).toEqual({
      rate_percent: 'Must be more than 0',
    });
    expect(fieldsOf(await setTax({ country_id: 33, state: 'OH', rate_percent: 0 }))).toEqual({
      rate_percent: 'Must be more than 0',
    });
    expect(fieldsOf(await setTax({ country_id: 33, state: 'OH', rate_percent: 250 }))).toEqual({
      rate_percent: 'Must be at most 30',
    });
    expect(fieldsOf(await setTax({ country_id: 33, state: 'OH', rate_percent: 6.12345 }))).toEqual({
      rate_percent: 'Use at most four decimal places',
    });
    expect(fieldsOf(await setTax({ country_id: 33, state: 'OH\u0000', rate_percent: 5 }))).toEqual({
      state: 'Contains a character that is not allowed',
    });
    expect(fieldsOf(await setTax({ country_id: 33, state: 'ZZ', rate_percent: 5 }, '?test_spanish_site=1'))).toEqual({
      state: 'Elige un estado o provincia de este país',
    });
    expect(await rates()).toEqual(before);
  });
});

describe('who may', () => {
  it('is for admins acting as themselves only', async () => {
    const { v } = await family();
    const calls: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: object][] = [
      ['GET', '/crud/admin/coupons'],
      ['POST', '/crud/admin/coupons', { code: 'SNEAKY', title: 'Sneaky', percent_off: 100 }],
      ['GET', '/crud/admin/coupons/1'],
      ['DELETE', '/crud/admin/coupons/1'],
      ['GET', '/crud/admin/shipping'],
      ['POST', '/crud/admin/shipping-rates', { zone: 'us', method: 'economy', first_item: 0, additional_item: 0 }],
      ['POST', '/crud/admin/tax-rates', { country_id: 33, state: 'IL', rate_percent: 1 }],
      ['DELETE', '/crud/admin/tax-rates/1'],
    ];
    for (const [method, url, body] of calls) expect((await v.send(method, url, body)).statusCode, `${method} ${url}`).toBe(403);

    // An admin impersonating a family is that family here.
    const target = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'shop-family-1@example.test')
      .executeTakeFirstOrThrow();
    const masquerade = await admin.send('POST', `/crud/admin/masquerade/${target.id}`);
    expect(masquerade.statusCode).toBe(200);
    for (const [method, url, body] of calls)
      expect((await admin.send(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    expect(await t.db.selectFrom('coupons').select('id').where('code', '=', 'SNEAKY').executeTakeFirst()).toBeUndefined();
  });
});
