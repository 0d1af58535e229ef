import { type CartTotal, type DonationInput, MAX_DONATION_LINES } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CART_PATHS, type CartVisitor, cartVisitor, logIn, withCart } from '../../../test/cart-client';
import { createPlan, createProduct, createSku, createUser } from '../../../test/factories';

/** Issue 12 items 4 and 5: donations and a gift card, lines whose amount the family chooses. */

let t: TestApp;

const ids = {
  /** 8.99 */
  album: 0,
  /** 5.46 */
  cd: 0,
  /** 5.00 a month */
  monthly: 0,
  missions: 0,
  missionsMonthly: 0,
  general: 0,
  giftCard: 0,
};

const missions = (amount: unknown, extra: Partial<DonationInput> = {}) => ({
  title: 'Missions',
  description: '',
  code: 'missions',
  amount,
  type: 'donation',
  ...extra,
});
const missionsMonthly = (amount: unknown, extra: Partial<DonationInput> = {}) =>
  missions(amount, { code: 'missions_monthly', title: 'Missions (monthly)', type: 'recurring_donation', ...extra });
const grandma = { name: 'Grandma Rose', email: 'rose@example.test', message: 'For your long evenings.' };

const totalOf = async (v: CartVisitor) => (await v.total()).json() as CartTotal;
const error = (res: { statusCode: number; json(): { code: string } }) => [res.statusCode, res.json().code];

beforeAll(async () => {
  t = await createTestApp();
  const ruth = await createProduct(
    t.db,
    { slug: 'ruth', title: 'Ruth' },
    { album: { title: 'Ruth (MP3)', full_price_cents: 899 }, cd: 546 },
  );
  ids.album = ruth.album;
  ids.cd = ruth.cd;
  ids.monthly = await createPlan(t.db, 'monthly');
  ids.missions = await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  ids.missionsMonthly = await createSku(t.db, {
    type: 'recurring_donation',
    code: 'missions_monthly',
    title: 'Missions',
    full_price_cents: 0,
  });
  ids.general = await createSku(t.db, { type: 'donation', code: 'general_cart', title: 'General', full_price_cents: 0 });
  await createSku(t.db, { type: 'donation', code: 'retired', title: 'Retired fund', full_price_cents: 0, is_available: false });
  ids.giftCard = await createSku(t.db, { type: 'gift_card', code: 'gift_card', title: 'Gift card', full_price_cents: 0 });
  await t.db.insertInto('coupons').values({ code: 'DONATE10', title: '10% off', percent_off: 10 }).execute();
});
afterAll(() => t.close());

describe('donations', () => {
  it('adds a one-time and a monthly donation as lines of their own, with their amounts and dedication', async () => {
    const v = await withCart(t.app, ids.album);

    const res = await v.donate([missions(50), missionsMonthly(25, { description: 'This gift is in honor of Grandma Rose' })]);

    expect(res.statusCode).toBe(200);
    const total = res.json() as CartTotal;
    expect(total.skus.map((l) => [l.type, l.sku_id, l.title, l.price_usd, l.description])).toEqual([
      ['digital_album', ids.album, 'Ruth (MP3)', 8.99, ''],
      ['donation', ids.missions, 'Missions', 50, ''],
      ['recurring_donation', ids.missionsMonthly, 'Missions (monthly)', 25, 'This gift is in honor of Grandma Rose'],
    ]);
    expect(total.skus[0]?.line_id).toBeNull();
    expect(total.skus[1]?.line_id).toEqual(expect.any(Number));
    expect(total).toMatchObject({ subtotal: 83.99, total: 83.99, monthlySubtotal: 25, itemCount: 3 });
    expect(await totalOf(v)).toEqual(total);
    expect(await v.count()).toBe(3);
  });

  it('keeps two donations to one fund apart (in memory of one, in honor of another)', async () => {
    const v = cartVisitor(t.app);

    await v.donate([missions(10, { description: 'This gift is in memory of Grandpa Ivan' })]);
    const res = await v.donate([missions(10, { description: 'This gift is in honor of Aunt Olga' })]);

    const lines = (res.json() as CartTotal).skus;
    expect(lines.map((l) => l.description)).toEqual([
      'This gift is in memory of Grandpa Ivan',
      'This gift is in honor of Aunt Olga',
    ]);
    expect(new Set(lines.map((l) => l.line_id)).size).toBe(2);
  });

  it('gives a new visitor a session and a cart with the first donation', async () => {
    const v = cartVisitor(t.app);

    expect((await v.donate([missions(5)])).statusCode).toBe(200);

    expect(v.cookie).toMatch(/^sid=/);
    expect((await totalOf(v)).skus).toHaveLength(1);
  });

  it.each([
    ['an unknown fund', missions(5, { code: 'no_such_fund' })],
    ['a monthly code given once', missions(5, { code: 'missions_monthly' })],
    ['a one-time code given monthly', missionsMonthly(5, { code: 'missions' })],
    ['a withdrawn fund', missions(5, { code: 'retired' })],
  ])('refuses %s, adding none of the list (404 donation_fund_unknown)', async (_, refused) => {
    const v = await withCart(t.app, ids.album);
    const before = await totalOf(v);

    const res = await v.donate([missions(20), refused]);

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'donation_fund_unknown',
      message: 'This donation is not offered. Please reload the page and try again.',
      fields: { '1.code': 'This donation is not offered. Please reload the page and try again.' },
    });
    expect(await totalOf(v)).toEqual(before);
  });

  it('opens no session for a refused first list', async () => {
    const v = cartVisitor(t.app);

    expect((await v.donate([missions(5, { code: 'nope' })])).statusCode).toBe(404);

    expect(v.cookie).toBeUndefined();
  });

  it.each([
    [0, 'The smallest amount is $1'],
    [-5, 'The smallest amount is $1'],
    [0.99, 'The smallest amount is $1'],
    ['abc', 'Invalid'],
    ['25', 'Invalid'],
    ['NaN', 'Invalid'],
    [null, 'Required'],
    [1e9, 'Must be at most 100000'],
    [100_000.01, 'Must be at most 100000'],
    [0.994, 'The smallest amount is $1'],
  ])('refuses an amount of %j with a clear message, the cart unchanged', async (amount, message) => {
    const v = await withCart(t.app, ids.album);
    const before = await totalOf(v);

    const res = await v.donate([missions(amount)]);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { '0.amount': message } });
    expect(await totalOf(v)).toEqual(before);
  });

  it('takes amounts to the cent up to $100,000 and adds them in integer cents', async () => {
    const v = cartVisitor(t.app);

    const res = await v.donate([missions(100_000), missions(1.1), missions(1.2), missions(10.55)]);

    expect(res.statusCode).toBe(200);
    expect((res.json() as CartTotal).subtotal).toBe(100_012.85);
  });

  it('rounds a custom amount to the cent (spec §5 Donation: 12.345 is $12.35) rather than refusing it', async () => {
    const v = cartVisitor(t.app);

    const res = await v.donate([missions(12.345), missions(1.005)]);

    expect(res.statusCode).toBe(200);
    const total = res.json() as CartTotal;
    expect(total.skus.map((l) => l.price_usd).sort((a, b) => a - b)).toEqual([1.01, 12.35]);
    expect(total.subtotal).toBe(13.36);
  });

  it('refuses an empty list, a list of 1,000, a single object and unknown fields (400), in the site language', async () => {
    const v = cartVisitor(t.app);

    expect(error(await v.donate([]))).toEqual([400, 'validation_failed']);
    expect(error(await v.donate(Array.from({ length: 1000 }, () => missions(1))))).toEqual([400, 'validation_failed']);
    expect(error(await v.donate(missions(5)))).toEqual([400, 'validation_failed']);
    expect(error(await v.donate([{ ...missions(5), amount_cents: 500 }]))).toEqual([400, 'validation_failed']);
    expect(error(await v.donate([missions(5, { type: 'subscription' as 'donation' })]))).toEqual([400, 'validation_failed']);
    expect(error(await v.donate([missions(5, { title: '  ' })]))).toEqual([400, 'validation_failed']);
    const es = await v.send('POST', `${CART_PATHS.donations}?test_spanish_site=1`, [missions(5, { title: 'x'.repeat(201) })]);
    expect(es.json()).toMatchObject({ fields: { '0.title': 'Debe tener como máximo 200 caracteres' } });
    expect(v.cookie).toBeUndefined();
  });

  it(`holds at most ${MAX_DONATION_LINES} donations (409 donation_limit, nothing added)`, async () => {
    const v = cartVisitor(t.app);
    expect((await v.donate(Array.from({ length: MAX_DONATION_LINES - 1 }, () => missions(1)))).statusCode).toBe(200);

    const res = await v.donate([missions(1), missions(1)]);

    expect(error(res)).toEqual([409, 'donation_limit']);
    expect((await totalOf(v)).skus).toHaveLength(MAX_DONATION_LINES - 1);
    expect((await v.donate([missions(1)])).statusCode).toBe(200);
  });

  it('removes one donation by its line id, the others staying', async () => {
    const v = cartVisitor(t.app);
    const added = (await v.donate([missions(10), missionsMonthly(20)])).json() as CartTotal;
    const [first, second] = added.skus;

    const res = await v.removeDonation(first?.line_id);

    expect(res.statusCode).toBe(200);
    expect((res.json() as CartTotal).skus.map((l) => l.line_id)).toEqual([second?.line_id]);
    expect(error(await v.removeDonation(first?.line_id))).toEqual([404, 'donation_not_found']);
  });

  it("never removes another family's donation (404), whatever the id", async () => {
    const theirs = cartVisitor(t.app);
    const line = ((await theirs.donate([missions(10)])).json() as CartTotal).skus[0]?.line_id;
    const mine = await withCart(t.app, ids.album);

    expect(error(await mine.removeDonation(line))).toEqual([404, 'donation_not_found']);
    expect(error(await cartVisitor(t.app).removeDonation(line))).toEqual([404, 'donation_not_found']);
    for (const bad of ['abc', 0, -1, '9223372036854775808', '1.5']) {
      expect((await mine.removeDonation(bad)).statusCode).toBe(400);
    }
    expect((await totalOf(theirs)).skus).toHaveLength(1);
  });

  it('takes no coupon while the cart holds a donation, and an applied coupon stops applying', async () => {
    const v = await withCart(t.app, ids.album);
    expect((await v.useCoupon('DONATE10')).json()).toMatchObject({ total: 8.09 });

    const res = await v.donate([missions(10)]);

    expect(res.json()).toMatchObject({ coupon: null, coupons: [], subtotal: 18.99, total: 18.99 });
    const other = cartVisitor(t.app);
    await other.donate([missions(10)]);
    expect(error(await other.useCoupon('DONATE10'))).toEqual([409, 'coupon_could_not_apply']);
  });
});

describe('a gift card', () => {
  it('adds a gift card of the chosen amount for its recipient', async () => {
    const v = await withCart(t.app, ids.album);

    const res = await v.addGiftCard({ amount: 25, ...grandma });

    expect(res.statusCode).toBe(200);
    const card = (res.json() as CartTotal).skus[1];
    expect(card).toMatchObject({
      type: 'gift_card',
      sku_id: ids.giftCard,
      quantity: 1,
      price_usd: 25,
      recipient: grandma,
      line_id: expect.any(Number),
    });
    expect(await totalOf(v)).toMatchObject({ subtotal: 33.99, total: 33.99, itemCount: 2 });
  });

  it('rounds a gift card of a custom amount to the cent (spec §5 Gift card: 12.345 is $12.35) rather than refusing it', async () => {
    const v = cartVisitor(t.app);

    const res = await v.addGiftCard({ amount: 12.345, ...grandma });

    expect(res.statusCode).toBe(200);
    const total = res.json() as CartTotal;
    expect(total.skus.map((l) => [l.type, l.price_usd])).toEqual([['gift_card', 12.35]]);
    expect(total.subtotal).toBe(12.35);
  });

  it('takes one gift card per order (409 gift_card_in_cart), the first one kept', async () => {
    const v = cartVisitor(t.app);
    await v.addGiftCard({ amount: 50, ...grandma });

    const res = await v.addGiftCard({ amount: 25, name: 'Uncle Ben', email: 'ben@example.test' });

    expect(error(res)).toEqual([409, 'gift_card_in_cart']);
    expect(res.json().message).toBe('There is already a gift card in your cart. Please complete that order first.');
    expect((await totalOf(v)).skus.map((l) => [l.price_usd, l.recipient?.name])).toEqual([[50, 'Grandma Rose']]);
  });

  it.each([
    [{ amount: 0, ...grandma }, 'amount'],
    [{ amount: 500.01, ...grandma }, 'amount'],
    [{ amount: 0.994, ...grandma }, 'amount'],
    [{ amount: 'abc', ...grandma }, 'amount'],
    [{ amount: 25, ...grandma, email: 'not-an-email' }, 'email'],
    [{ amount: 25, ...grandma, name: ' ' }, 'name'],
    [{ amount: 25, ...grandma, message: 'x'.repeat(1001) }, 'message'],
  ])('refuses %j on its field, the cart unchanged', async (card, field) => {
    const v = await withCart(t.app, ids.album);
    const before = await totalOf(v);

    const res = await v.addGiftCard(card);

    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
    expect(await totalOf(v)).toEqual(before);
  });

  it('is never discounted by a coupon', async () => {
    const v = await withCart(t.app, ids.album);
    await v.addGiftCard({ amount: 100, ...grandma });

    const res = await v.useCoupon('DONATE10');

    expect(res.json()).toMatchObject({ subtotal: 108.99, coupon: { discount: 0.9 }, total: 108.09 });
  });

  it('removes the gift card; removing it again changes nothing', async () => {
    const v = await withCart(t.app, ids.album);
    await v.addGiftCard({ amount: 30, ...grandma });

    expect((await v.removeGiftCard()).json()).toMatchObject({ subtotal: 8.99, itemCount: 1 });
    expect((await v.removeGiftCard()).json()).toMatchObject({ subtotal: 8.99, itemCount: 1 });
    expect((await v.addGiftCard({ amount: 30, ...grandma })).statusCode).toBe(200);
  });

  it('is not for sale while the shop sells no gift card (404), the cart unchanged', async () => {
    await t.db.updateTable('skus').set({ is_available: false }).where('id', '=', ids.giftCard).execute();
    try {
      const v = cartVisitor(t.app);
      expect(error(await v.addGiftCard({ amount: 25, ...grandma }))).toEqual([404, 'sku_not_available']);
      expect(v.cookie).toBeUndefined();
    } finally {
      await t.db.updateTable('skus').set({ is_available: true }).where('id', '=', ids.giftCard).execute();
    }
  });
});

describe('a gift card balance', () => {
  it("pays the signed-in family's one-time lines after the discount, never a gift card or a monthly charge", async () => {
    const user = await createUser(t.db);
    await t.db
      .insertInto('gift_cards')
      .values({ code: 'BAL-1', recipient_user_id: user.id, original_amount_cents: 5000, balance_cents: 3000 })
      .execute();
    const v = await logIn(t.app, user);
    await v.add(ids.album);
    await v.add(ids.monthly);
    await v.addGiftCard({ amount: 25, ...grandma });

    const first = await totalOf(v);
    expect(first).toMatchObject({ subtotal: 38.99, gift_card_amount: 8.99, total: 30 });

    const res = await v.donate([missions(50)]);
    expect(res.json()).toMatchObject({ subtotal: 88.99, gift_card_amount: 30, total: 58.99 });
  });

  it('is 0 for a visitor', async () => {
    const v = await withCart(t.app, ids.album);

    expect(await totalOf(v)).toMatchObject({ gift_card_amount: 0, total: 8.99 });
  });
});

describe('signing in', () => {
  it("brings the guest's donations and gift card to the user's cart; the guest's gift card replaces the user's", async () => {
    const user = await createUser(t.db);
    const mine = await logIn(t.app, user);
    await mine.add(ids.cd);
    await mine.donate([missions(15)]);
    await mine.addGiftCard({ amount: 40, name: 'Old choice', email: 'old@example.test' });
    const guest = cartVisitor(t.app);
    await guest.donate([missionsMonthly(5)]);
    await guest.addGiftCard({ amount: 25, ...grandma });

    const merged = await totalOf(await logIn(t.app, user, guest.cookie));

    expect(merged.skus.map((l) => [l.type, l.price_usd])).toEqual([
      ['physical', 5.46],
      ['donation', 15],
      ['recurring_donation', 5],
      ['gift_card', 25],
    ]);
    expect(merged.skus.find((l) => l.type === 'gift_card')?.recipient?.name).toBe('Grandma Rose');
  });

  it('moves them to an empty user cart too', async () => {
    const user = await createUser(t.db);
    const guest = cartVisitor(t.app);
    await guest.addGiftCard({ amount: 25, ...grandma });

    const merged = await totalOf(await logIn(t.app, user, guest.cookie));

    expect(merged.skus.map((l) => l.type)).toEqual(['gift_card']);
  });
});
