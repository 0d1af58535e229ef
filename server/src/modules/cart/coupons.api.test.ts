import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CART_PATHS, type CartVisitor, cartVisitor, logIn, withCart } from '../../../test/cart-client';
import { createPlan, createProduct, createSku, createUser, sessionIdOf, signIn } from '../../../test/factories';
import type { Coupons } from '../../db/schema';
import { couponsSeeder } from './coupons.seed';
import { COUPON_APPLY_RATE_LIMIT, COUPON_LOOKUP_RATE_LIMIT } from './coupons.service';

let t: TestApp;

/** Fixture rows of this file; the demo coupons are only looked at by their own test. */
const ids = {
  noah: 0,
  /** 8.99, on sale 6.99 */
  album: 0,
  /** 5.46: with the album, 12.45 of discountable lines, so 10% is 1.245 and rounding shows */
  cd: 0,
  /** 3.99 */
  track: 0,
  /** 5.00, never discounted */
  monthly: 0,
  /** 25.00, never discounted (sold through its own call: put in the cart directly) */
  giftCard: 0,
  /** 10.00, a donation (likewise put in the cart directly) */
  donation: 0,
};
const coupons = { tenPercent: 0, fiveOff: 0, free: 0, expired: 0, usedUp: 0, withdrawn: 0, other: 0 };
/** Their codes, as a family types them into the coupon form. */
const codes = {
  tenPercent: 'Test10',
  fiveOff: 'TEST5',
  free: 'TESTFREE',
  expired: 'TESTOLD',
  usedUp: 'TESTGONE',
  withdrawn: 'TESTOFF',
  other: 'TESTOTHER',
} as const;

const sku = (values: Parameters<typeof createSku>[1]) => createSku(t.db, values);

async function coupon(values: Partial<Insertable<Coupons>> & Pick<Insertable<Coupons>, 'code'>) {
  const row = await t.db
    .insertInto('coupons')
    .values({ title: `Coupon ${values.code}`, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const noah = await createProduct(
    t.db,
    { slug: 'noahs-boat', title: "Noah's Boat" },
    {
      album: { full_price_cents: 899, sale_price_cents: 699 },
      cd: 546,
      track: { title: 'The Rain', full_price_cents: 399, length_seconds: 30, media_full: 'audio/noahs-boat/1.mp3' },
    },
  );
  ids.noah = noah.id;
  ids.album = noah.album;
  ids.cd = noah.cd;
  ids.track = noah.track;
  ids.monthly = await createPlan(t.db, 'monthly');
  ids.giftCard = await sku({ type: 'gift_card', title: 'Gift card', full_price_cents: 2500 });
  ids.donation = await sku({ type: 'donation', title: 'A gift to the ministry', full_price_cents: 1000 });
  coupons.tenPercent = await coupon({ code: codes.tenPercent, title: '10% off', percent_off: 10 });
  coupons.fiveOff = await coupon({ code: codes.fiveOff, title: '$5 off', amount_off_cents: 500 });
  coupons.free = await coupon({ code: codes.free, percent_off: 100 });
  coupons.expired = await coupon({ code: codes.expired, percent_off: 20, expires_at: '2025-06-01T00:00:00Z' });
  coupons.usedUp = await coupon({ code: codes.usedUp, percent_off: 15, max_redemptions: 50, redemptions: 50 });
  coupons.withdrawn = await coupon({ code: codes.withdrawn, percent_off: 30, active: false });
  coupons.other = await coupon({ code: codes.other, percent_off: 50, max_redemptions: 10, redemptions: 3 });
});
afterAll(() => t.close());

/** Puts a line in the visitor's cart the way its own call (gift card, donation) will. */
async function putLine(v: CartVisitor, skuId: number) {
  const cart = await t.db
    .selectFrom('carts')
    .select('id')
    .where('session_id', '=', sessionIdOf(v.cookie ?? ''))
    .executeTakeFirstOrThrow();
  await t.db.insertInto('cart_lines').values({ cart_id: cart.id, sku_id: skuId, quantity: 1 }).execute();
}

const error = (res: { statusCode: number; json(): { code: string } }) => [res.statusCode, res.json().code];

describe('looking a code up', () => {
  it('finds a coupon whatever the case, with the spaces around it trimmed', async () => {
    const v = cartVisitor(t.app);

    const res = await v.lookupCoupon('  test10 ');

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      id: coupons.tenPercent,
      code: 'Test10',
      title: '10% off',
      discount_type: 'percent',
      percent_off: 10,
      amount_off: null,
      expires_at: null,
      max_redemptions: null,
      redemptions: 0,
    });
    expect((await v.lookupCoupon('test5')).json()).toMatchObject({ discount_type: 'amount', percent_off: null, amount_off: 5 });
  });

  it('shows an expired or used-up coupon as it is (applying it is what is refused)', async () => {
    const v = cartVisitor(t.app);

    expect((await v.lookupCoupon('testold')).json()).toMatchObject({ expires_at: '2025-06-01T00:00:00.000Z' });
    expect((await v.lookupCoupon('TESTGONE')).json()).toMatchObject({ max_redemptions: 50, redemptions: 50 });
  });

  it('asks for a code when it is empty or only spaces (400 coupon_enter_code)', async () => {
    const v = cartVisitor(t.app);

    const res = await v.lookupCoupon('   ');

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'coupon_enter_code', message: 'Please enter a code.' });
  });

  it('refuses a code longer than any the shop issues, never with a 500', async () => {
    const v = cartVisitor(t.app);

    expect(error(await v.lookupCoupon('A'.repeat(41)))).toEqual([400, 'validation_failed']);
    expect(error(await v.lookupCoupon('A'.repeat(500)))).toEqual([400, 'validation_failed']);
    // Past the router's maxParamLength (500, app.ts) the router refuses it before any handler (errors.ts sendFrameworkError).
    expect(error(await v.lookupCoupon('A'.repeat(10_000)))).toEqual([414, 'uri_too_long']);
  });

  it('does not know an unknown code, a withdrawn one, or SQL and markup (404 coupon_not_found)', async () => {
    const v = cartVisitor(t.app);

    for (const code of ['NOPE', 'testoff', "' OR '1'='1", 'x%', '<b>TEST10</b>', '<script>alert(1)</script>']) {
      const res = await v.lookupCoupon(code);
      expect([code, ...error(res)]).toEqual([code, 404, 'coupon_not_found']);
    }
  });

  it('is rate-limited per client: guessing codes meets a 429, another client does not', async () => {
    const guesser = cartVisitor(t.app);
    for (let i = 0; i < COUPON_LOOKUP_RATE_LIMIT.limit; i++) {
      expect((await guesser.lookupCoupon(`GUESS${i}`)).statusCode).toBe(404);
    }

    const res = await guesser.lookupCoupon('TEST10');

    expect(error(res)).toEqual([429, 'rate_limited']);
    expect((await cartVisitor(t.app).lookupCoupon('TEST10')).statusCode).toBe(200);
  });

  it('finds the demo coupons of the README, seeded once', async () => {
    await couponsSeeder.run(t.db);
    await couponsSeeder.run(t.db);
    const v = cartVisitor(t.app);

    const found = [];
    for (const code of ['family10', 'story5', 'grace100', 'spring2025', 'thankyou'])
      found.push((await v.lookupCoupon(code)).json());

    expect(found).toMatchObject([
      { code: 'FAMILY10', discount_type: 'percent', percent_off: 10, expires_at: null, max_redemptions: null },
      { code: 'STORY5', discount_type: 'amount', amount_off: 5 },
      { code: 'GRACE100', discount_type: 'percent', percent_off: 100 },
      { code: 'SPRING2025', expires_at: '2025-06-01T00:00:00.000Z' },
      { code: 'THANKYOU', max_redemptions: 50, redemptions: 50 },
    ]);
    const seeded = await t.db.selectFrom('coupons').select('code').where('code', 'in', ['FAMILY10', 'GRACE100']).execute();
    expect(seeded).toHaveLength(2);
  });
});

describe('applying a coupon', () => {
  it('takes 10% off the discountable lines only, rounded half up to the cent', async () => {
    const v = await withCart(t.app, ids.album, ids.cd, ids.monthly);
    await putLine(v, ids.giftCard);

    const res = await v.useCoupon(codes.tenPercent);

    expect(res.statusCode).toBe(200);
    // album 6.99 + CD 5.46 = 12.45 discountable; 10% = 1.245 → 1.25. Subscription 5.00 and gift card 25.00 are not.
    expect(res.json()).toMatchObject({
      subtotal: 42.45,
      total: 41.2,
      coupon: { coupon: { id: coupons.tenPercent, code: 'Test10' }, discount: 1.25 },
      coupons: [{ id: coupons.tenPercent }],
      discountType: 'percent',
    });
    expect((await v.total()).json()).toEqual(res.json());
  });

  it('takes a fixed amount off, never below zero: $5 off a $3.99 cart', async () => {
    const v = await withCart(t.app, ids.track);

    const res = await v.useCoupon(codes.fiveOff);

    expect(res.json()).toMatchObject({ subtotal: 3.99, total: 0, coupon: { discount: 3.99 }, discountType: 'amount' });
  });

  it('100% off makes an order of discountable lines free', async () => {
    const v = await withCart(t.app, ids.album, ids.cd);

    const res = await v.useCoupon(codes.free);

    expect(res.json()).toMatchObject({ subtotal: 12.45, total: 0, coupon: { discount: 12.45 } });
  });

  it('refuses an expired coupon (409 coupon_expired) and a used-up one (409 coupon_redeemed)', async () => {
    const v = await withCart(t.app, ids.album);

    expect(error(await v.useCoupon(codes.expired))).toEqual([409, 'coupon_expired']);
    expect(error(await v.useCoupon(codes.usedUp))).toEqual([409, 'coupon_redeemed']);
    expect((await v.total()).json()).toMatchObject({ coupon: null, coupons: [], discountType: null, total: 6.99 });
  });

  it('does not know an unknown or withdrawn coupon (404 coupon_not_found)', async () => {
    const v = await withCart(t.app, ids.album);

    expect(error(await v.useCoupon(codes.withdrawn))).toEqual([404, 'coupon_not_found']);
    expect(error(await v.applyCoupon(coupons.withdrawn))).toEqual([404, 'coupon_not_found']);
    expect(error(await v.applyCoupon(2_000_000_000))).toEqual([404, 'coupon_not_found']);
  });

  it('refuses a coupon for a cart holding a donation (409 coupon_could_not_apply)', async () => {
    const v = await withCart(t.app, ids.album);
    await putLine(v, ids.donation);

    expect(error(await v.useCoupon(codes.tenPercent))).toEqual([409, 'coupon_could_not_apply']);
    expect((await v.total()).json()).toMatchObject({ coupon: null, total: 16.99 });
  });

  it('keeps one coupon per cart: a second one is refused (409 coupon_one_per_cart), the cart exactly as it was', async () => {
    const v = await withCart(t.app, ids.album, ids.cd);
    await v.useCoupon(codes.tenPercent);
    const before = (await v.total()).json();

    expect(error(await v.useCoupon(codes.fiveOff))).toEqual([409, 'coupon_one_per_cart']);
    expect((await v.total()).json()).toEqual(before);
  });

  it('applying the same coupon again changes nothing (200)', async () => {
    const v = await withCart(t.app, ids.album);
    const first = await v.useCoupon(codes.fiveOff);

    const again = await v.useCoupon(codes.fiveOff);

    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('refuses a visitor without a cart (409) and gives them no session or cart', async () => {
    const stranger = cartVisitor(t.app);
    const res = await stranger.applyCoupon(coupons.tenPercent);

    expect(error(res)).toEqual([409, 'coupon_could_not_apply']);
    expect(res.cookies).toEqual([]);

    const cookie = await signIn(t.db, null);
    expect(error(await cartVisitor(t.app, cookie).applyCoupon(coupons.tenPercent))).toEqual([409, 'coupon_could_not_apply']);
    expect(await t.db.selectFrom('carts').select('id').where('session_id', '=', sessionIdOf(cookie)).execute()).toEqual([]);
  });

  it('two different coupons sent at once: exactly one applies, the other is refused', { repeats: 2 }, async () => {
    const v = await withCart(t.app, ids.album, ids.cd);
    await v.lookupCoupon(codes.tenPercent);
    await v.lookupCoupon(codes.fiveOff);

    const results = await Promise.all([v.applyCoupon(coupons.tenPercent), v.applyCoupon(coupons.fiveOff)]);

    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json();
    const loser = results.find((r) => r.statusCode === 409)?.json();
    expect(loser.code).toBe('coupon_one_per_cart');
    expect((await v.total()).json().coupons).toEqual(winner.coupons);
    expect(winner.coupons).toHaveLength(1);
  });

  it('counts no redemption: checkout counts it when the order is paid', async () => {
    const v = await withCart(t.app, ids.album);

    await v.useCoupon(codes.other);

    const row = await t.db.selectFrom('coupons').select('redemptions').where('id', '=', coupons.other).executeTakeFirstOrThrow();
    expect(row.redemptions).toBe(3);
  });
});

describe('only a coupon this session looked up by its code (issue 26 item 3)', () => {
  const heldCoupon = async (v: CartVisitor) =>
    (
      await t.db
        .selectFrom('carts')
        .select('coupon_id')
        .where('session_id', '=', sessionIdOf(v.cookie ?? ''))
        .executeTakeFirstOrThrow()
    ).coupon_id;

  it('applies nothing for an id not looked up: 404 coupon_not_found as for an unknown code, in the site language', async () => {
    const v = await withCart(t.app, ids.album, ids.cd);
    const before = (await v.total()).json();

    for (const id of [coupons.free, coupons.tenPercent, coupons.fiveOff]) {
      const res = await v.applyCoupon(id);
      expect([id, res.statusCode, res.json()]).toEqual([
        id,
        404,
        { code: 'coupon_not_found', message: 'We don’t know that code. Check it and try again.' },
      ]);
    }
    const es = await v.send('POST', `${CART_PATHS.coupons}?test_spanish_site=1`, { coupon_id: coupons.free });
    expect([es.statusCode, es.json().message]).toEqual([404, 'No conocemos ese código. Revísalo e inténtalo de nuevo.']);

    expect((await v.total()).json()).toEqual(before);
    expect(await heldCoupon(v)).toBeNull();
  });

  it('applies the coupon once its code was looked up, by the id the look-up answered', async () => {
    const v = await withCart(t.app, ids.album, ids.cd);

    const found = await v.lookupCoupon('testfree');
    const res = await v.applyCoupon(found.json().id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subtotal: 12.45, total: 0, coupons: [{ id: coupons.free }] });
    expect(await heldCoupon(v)).toBe(coupons.free);
  });

  it("does not count another session's look-up", async () => {
    const theirs = await withCart(t.app, ids.album);
    expect((await theirs.lookupCoupon(codes.free)).statusCode).toBe(200);
    const mine = await withCart(t.app, ids.album);

    expect(error(await mine.applyCoupon(coupons.free))).toEqual([404, 'coupon_not_found']);
    expect(await heldCoupon(mine)).toBeNull();
  });

  it('keeps the look-up in the database: another server instance applies what this one looked up', async () => {
    const v = await withCart(t.app, ids.album);
    expect((await v.lookupCoupon(codes.fiveOff)).statusCode).toBe(200);

    const other = await createTestApp({ database: t.database });
    try {
      const res = await cartVisitor(other.app, v.cookie).applyCoupon(coupons.fiveOff);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ coupons: [{ id: coupons.fiveOff }], total: 1.99 });
    } finally {
      await other.close();
    }
  });

  it('records nothing, and opens no session, for a visitor without one', async () => {
    const stranger = cartVisitor(t.app);
    const before = await t.db.selectFrom('coupon_lookups').select('session_id').execute();

    const res = await stranger.lookupCoupon(codes.tenPercent);

    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual([]);
    expect(await t.db.selectFrom('coupon_lookups').select('session_id').execute()).toEqual(before);
  });

  it('is rate-limited per client like the look-up: guessing ids meets a 429, nothing applied; another client is not', async () => {
    const guesser = await withCart(t.app, ids.album);
    expect((await guesser.lookupCoupon(codes.tenPercent)).statusCode).toBe(200);
    for (let i = 0; i < COUPON_APPLY_RATE_LIMIT.limit; i++) {
      expect((await guesser.applyCoupon(1_000_000 + i)).statusCode).toBe(404);
    }

    const res = await guesser.applyCoupon(coupons.tenPercent);

    expect(error(res)).toEqual([429, 'rate_limited']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await heldCoupon(guesser)).toBeNull();
    expect((await (await withCart(t.app, ids.album)).useCoupon(codes.tenPercent)).statusCode).toBe(200);
  });
});

describe('removing a coupon', () => {
  it('takes the cart back to no coupon', async () => {
    const v = await withCart(t.app, ids.album);
    const without = (await v.total()).json();
    await v.useCoupon(codes.tenPercent);

    const res = await v.removeCoupon(coupons.tenPercent);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(without);
    expect(res.json()).toMatchObject({ coupon: null, coupons: [], discountType: null, total: 6.99 });
  });

  it('changes nothing for a coupon the cart does not hold, or for a visitor without a cart', async () => {
    const v = await withCart(t.app, ids.album);
    await v.useCoupon(codes.tenPercent);
    const before = (await v.total()).json();

    expect((await v.removeCoupon(coupons.fiveOff)).json()).toEqual(before);
    const stranger = await cartVisitor(t.app).removeCoupon(coupons.tenPercent);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({ cart: { id: null }, coupon: null });
    expect(stranger.cookies).toEqual([]);
  });

  it("another session's DELETE does not touch this cart", async () => {
    const mine = await withCart(t.app, ids.album);
    await mine.useCoupon(codes.tenPercent);
    const before = (await mine.total()).json();
    const theirs = await withCart(t.app, ids.cd);

    const res = await theirs.removeCoupon(coupons.tenPercent);

    expect(res.json()).toMatchObject({ coupon: null, total: 5.46 });
    expect((await mine.total()).json()).toEqual(before);
  });

  it('refuses a coupon id that is not a number (400)', async () => {
    const v = await withCart(t.app, ids.album);

    expect((await v.removeCoupon('abc')).statusCode).toBe(400);
  });
});

describe('a coupon in the cart total', () => {
  it('comes with every cart answer, and follows the lines', async () => {
    const v = await withCart(t.app, ids.album);
    await v.useCoupon(codes.tenPercent);

    const answers = {
      add: await v.add(ids.cd),
      quantity: await v.setQuantity(ids.cd, 3),
      remove: await v.remove(ids.album),
      addMany: await v.addMany([ids.track]),
      removeTracks: await v.removeTracks(ids.noah),
      total: await v.total(),
    };

    const discounts = Object.fromEntries(
      Object.entries(answers).map(([call, res]) => {
        const body = res.json();
        expect(body.coupons.map((c: { id: number }) => c.id)).toEqual([coupons.tenPercent]);
        expect(body.discountType).toBe('percent');
        return [call, body.coupon.discount];
      }),
    );
    // 6.99 + 5.46 → 1.245; 3 CDs: 23.37 → 2.337; − album: 16.38 → 1.638; + track: 20.37 → 2.037; − track: 16.38.
    expect(discounts).toEqual({ add: 1.25, quantity: 2.34, remove: 1.64, addMany: 2.04, removeTracks: 1.64, total: 1.64 });
  });

  it('leaves out a coupon that no longer applies, which another coupon may then replace', async () => {
    const lapsing = await coupon({ code: 'TESTLAPSE', percent_off: 25 });
    const v = await withCart(t.app, ids.album);
    await v.useCoupon('TESTLAPSE');
    await t.db
      .updateTable('coupons')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', lapsing)
      .execute();

    expect((await v.total()).json()).toMatchObject({ coupon: null, coupons: [], discountType: null, total: 6.99 });

    const res = await v.useCoupon(codes.fiveOff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ coupons: [{ id: coupons.fiveOff }], total: 1.99 });
  });

  it('leaves the coupon out once the cart holds a donation', async () => {
    const v = await withCart(t.app, ids.album);
    await v.useCoupon(codes.tenPercent);
    await putLine(v, ids.donation);

    expect((await v.total()).json()).toMatchObject({ coupon: null, coupons: [], subtotal: 16.99, total: 16.99 });
  });

  it('the guest cart brings its coupon to the account at login', async () => {
    const user = await createUser(t.db);
    const guest = await withCart(t.app, ids.album);
    await guest.useCoupon(codes.fiveOff);

    const tab = await logIn(t.app, user, guest.cookie);

    expect((await tab.total()).json()).toMatchObject({
      cart: { user_id: user.id },
      coupons: [{ id: coupons.fiveOff }],
      total: 1.99,
    });
  });
});
