import type { CartTotal, UserResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn, withCart } from '../../../test/cart-client';
import { createPlan, createProduct, createUser, illinoisAddress as illinois, signIn } from '../../../test/factories';

/**
 * Issue 12 item 7: a signed-in cart's addresses, shipping and tax (spec §5
 * Checkout, Free shipping, Expected total; §7 Cart). The rates are the
 * migration's: US economy 4.99 + 1.50 a further item, priority 9.99 + 3.00,
 * Canada 14.99 + 4.00, elsewhere 19.99 + 6.00; Illinois tax 6.25%.
 */
let t: TestApp;

const ids = {
  /** 12.99, ships (pays shipping) */
  cd: 0,
  /** 15.00, ships free with US economy */
  book: 0,
  /** 9.99, a download */
  album: 0,
  /** 5.00 a month */
  monthly: 0,
  /** 10% off */
  family10: 0,
};

const MEXICO = 142;

const ontario = { ...illinois, line1: '5 Oak Ave', country_id: 87, state: 'ON', city: 'Ottawa', postal_code: 'K1A 0B1' };
const mexico = {
  ...illinois,
  line1: 'Av. Juárez 10',
  country_id: MEXICO,
  state: 'CDMX',
  city: 'Ciudad de México',
  postal_code: '06000',
};

beforeAll(async () => {
  t = await createTestApp();
  const ruth = await createProduct(
    t.db,
    { slug: 'ruth', title: 'Ruth' },
    { cd: 1299, book: { full_price_cents: 1500, is_shipped_free: true }, album: 999 },
  );
  ids.cd = ruth.cd;
  ids.book = ruth.book;
  ids.album = ruth.album;
  ids.monthly = await createPlan(t.db, 'monthly');
  const coupon = await t.db
    .insertInto('coupons')
    .values({ code: 'ADDR10', title: '10% off for families', percent_off: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.family10 = coupon.id;
});
afterAll(() => t.close());

interface Family {
  v: CartVisitor;
  userId: number;
  cartId: number;
  cookie: string;
}

/** A signed-in family whose cart holds these skus (one of each). */
async function family(...skuIds: number[]): Promise<Family> {
  const user = await createUser(t.db);
  const cookie = await signIn(t.db, user.id);
  const v = cartVisitor(t.app, cookie);
  for (const id of skuIds) expect((await v.add(id)).statusCode).toBe(200);
  const cartId = ((await v.total()).json() as CartTotal).cart.id;
  if (cartId === null) throw new Error('no cart');
  return { v, userId: user.id, cartId, cookie };
}

const setAddress = (f: Pick<Family, 'v'>, cartId: number | string, type: string, address: object) =>
  f.v.send('POST', `/crud/cart/${cartId}/address/${type}`, address);
const setShipping = (f: Pick<Family, 'v'>, cartId: number | string, body: object) =>
  f.v.send('POST', `/crud/cart/${cartId}/shipping`, body);
const tiers = (f: Pick<Family, 'v'>, cartId: number | string) => f.v.send('GET', `/crud/shipping-tiers/${cartId}`);

const body = (res: { json(): unknown }) => res.json() as CartTotal;
const error = (res: { statusCode: number; json(): { code: string } }) => [res.statusCode, res.json().code];

describe('POST /crud/cart/{cartId}/address/{type}', () => {
  it("saves the address in the user's address book and sets it on the cart; the total shows it", async () => {
    const f = await family(ids.cd);

    const res = await setAddress(f, f.cartId, 'shipping', { ...illinois, fname: '  Grace ' });

    expect(res.statusCode).toBe(200);
    const total = body(res);
    const saved = await t.db
      .selectFrom('addresses')
      .select(['id', 'user_id', 'fname', 'lname', 'email', 'phone', 'line1', 'country_id', 'state', 'city', 'postal_code'])
      .where('user_id', '=', f.userId)
      .execute();
    expect(saved).toEqual([{ id: expect.any(Number), user_id: f.userId, ...illinois }]);
    expect(total.cart).toEqual({
      id: f.cartId,
      user_id: f.userId,
      shipping_type: 'economy',
      shipping_address_id: saved[0]?.id,
      billing_address_id: null,
    });
    expect(total.addresses).toEqual({ shipping: saved[0], billing: null });
    expect(total.cart).not.toHaveProperty('session_id');
    expect((await f.v.total()).json()).toEqual(total);

    const own = await f.v.send('GET', `/crud/address/me/${saved[0]?.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(saved[0]);
  });

  it('sets the billing address apart from the shipping one; billing moves neither shipping nor tax', async () => {
    const f = await family(ids.cd);
    await setAddress(f, f.cartId, 'shipping', illinois);

    const res = await setAddress(f, f.cartId, 'billing', ontario);

    expect(res.statusCode).toBe(200);
    const total = body(res);
    expect(total.addresses.shipping).toMatchObject({ state: 'IL', country_id: 33 });
    expect(total.addresses.billing).toMatchObject({ state: 'ON', country_id: 87 });
    expect(total.cart.billing_address_id).toBe(total.addresses.billing?.id);
    expect([total.shippingCost, total.taxTotal]).toEqual([4.99, 0.81]);
  });

  it('keeps one copy of an address saved twice, and a new row for a changed one', async () => {
    const f = await family(ids.cd);
    const first = body(await setAddress(f, f.cartId, 'shipping', illinois));
    const again = body(await setAddress(f, f.cartId, 'billing', illinois));
    const moved = body(await setAddress(f, f.cartId, 'shipping', { ...illinois, line1: '14 Elm Street' }));

    expect(again.cart.billing_address_id).toBe(first.cart.shipping_address_id);
    expect(moved.cart.shipping_address_id).not.toBe(first.cart.shipping_address_id);
    const count = await t.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', f.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('refuses what spec §5 Checkout refuses (400 with field messages), the cart and address book unchanged', async () => {
    const f = await family(ids.cd);
    const before = (await f.v.total()).json();
    const long = 'x'.repeat(10_000);

    const missing = await setAddress(f, f.cartId, 'shipping', {});
    const blank = await setAddress(f, f.cartId, 'shipping', { ...illinois, city: '   ' });
    const email = await setAddress(f, f.cartId, 'shipping', { ...illinois, email: 'grace at example' });
    const unknownCountry = await setAddress(f, f.cartId, 'shipping', { ...illinois, country_id: 9999 });
    const countryZero = await setAddress(f, f.cartId, 'shipping', { ...illinois, country_id: 0 });
    const countryText = await setAddress(f, f.cartId, 'shipping', { ...illinois, country_id: 'United States' });
    const provinceForUs = await setAddress(f, f.cartId, 'shipping', { ...illinois, state: 'ON' });
    const stateForCanada = await setAddress(f, f.cartId, 'shipping', { ...ontario, state: 'IL' });
    const stateName = await setAddress(f, f.cartId, 'shipping', { ...illinois, state: 'Illinois' });
    const huge = await setAddress(f, f.cartId, 'shipping', {
      fname: long,
      lname: long,
      email: `${long}@example.test`,
      phone: long,
      line1: long,
      country_id: 33,
      state: long,
      city: long,
      postal_code: long,
    });
    const extra = await setAddress(f, f.cartId, 'shipping', { ...illinois, session_id: 'x' });
    const badType = await setAddress(f, f.cartId, 'home', illinois);

    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      fname: 'Required',
      lname: 'Required',
      email: 'Required',
      phone: 'Required',
      line1: 'Required',
      country_id: 'Required',
      state: 'Required',
      city: 'Required',
      postal_code: 'Required',
    });
    expect(blank.json().fields).toEqual({ city: 'Required' });
    expect(email.json().fields).toEqual({ email: 'Invalid' });
    expect(error(unknownCountry)).toEqual([400, 'validation_failed']);
    expect(unknownCountry.json().fields).toEqual({ country_id: 'Invalid' });
    expect(countryZero.statusCode).toBe(400);
    expect(countryText.json().fields).toEqual({ country_id: 'Invalid' });
    expect(provinceForUs.json().fields).toEqual({ state: 'Choose a state of the United States' });
    expect(stateName.json().fields).toEqual({ state: 'Choose a state of the United States' });
    expect(stateForCanada.json().fields).toEqual({ state: 'Choose a Canadian province or territory' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields).toMatchObject({
      fname: 'Must be at most 100 characters',
      postal_code: 'Must be at most 20 characters',
    });
    expect(extra.statusCode).toBe(400);
    expect(badType.statusCode).toBe(400);
    for (const res of [blank, email, countryZero, provinceForUs, stateForCanada, stateName]) expect(res.statusCode).toBe(400);

    expect((await f.v.total()).json()).toEqual(before);
    const saved = await t.db.selectFrom('addresses').select('id').where('user_id', '=', f.userId).execute();
    expect(saved).toEqual([]);
  });

  it('answers in the site language', async () => {
    const f = await family(ids.cd);
    const res = await f.v.send('POST', `/crud/cart/${f.cartId}/address/shipping?test_spanish_site=1`, {
      ...illinois,
      state: 'ON',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.state).toBe('Elige un estado de los Estados Unidos');
  });

  it('takes free-text states elsewhere, the US territories included', async () => {
    const f = await family(ids.cd);
    const pr = await setAddress(f, f.cartId, 'shipping', { ...illinois, country_id: 88, state: 'San Juan', city: 'San Juan' });
    expect(pr.statusCode).toBe(200);
    expect(body(pr).addresses.shipping).toMatchObject({ country_id: 88, state: 'San Juan' });
  });
});

describe("the account keeps the checkout's address (issue 27 item 12)", () => {
  const account = async (f: Family) => {
    const res = await f.v.send('GET', '/crud/user');
    expect(res.statusCode).toBe(200);
    const { fname, lname, email, address, city, state, zip, country, phone } = res.json() as UserResponse;
    return { fname, lname, email, address, city, state, zip, country, phone };
  };

  it('the shipping address becomes the account’s (GET /crud/user), the names and e-mail stay; a different billing address does not move it', async () => {
    const f = await family(ids.cd);
    const before = await account(f);
    expect(before.address).toBeNull();

    await setAddress(f, f.cartId, 'shipping', { ...illinois, fname: 'Ship', lname: 'To' });
    await setAddress(f, f.cartId, 'billing', ontario);

    expect(await account(f)).toEqual({
      fname: before.fname,
      lname: before.lname,
      email: before.email,
      address: '12 Elm Street',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
      country: 33,
      phone: '+1 312 555 0100',
    });

    await setAddress(f, f.cartId, 'shipping', mexico);
    expect(await account(f)).toMatchObject({
      address: 'Av. Juárez 10',
      city: 'Ciudad de México',
      state: 'CDMX',
      country: MEXICO,
    });
  });

  it('a gift shipped to its recipient leaves the account’s address to the family’s card', async () => {
    const f = await family(ids.cd);
    expect((await f.v.markGift({ name: 'Grandma Rose', email: 'rose@example.test' })).statusCode).toBe(200);
    await setAddress(f, f.cartId, 'shipping', mexico);
    expect((await account(f)).address).toBeNull();
    await setAddress(f, f.cartId, 'billing', ontario);
    expect(await account(f)).toMatchObject({ address: '5 Oak Ave', city: 'Ottawa', country: 87 });
  });

  it('with nothing to ship, the billing address becomes the account’s', async () => {
    const f = await family(ids.album);
    await setAddress(f, f.cartId, 'billing', ontario);
    expect(await account(f)).toMatchObject({ address: '5 Oak Ave', city: 'Ottawa', state: 'ON', zip: 'K1A 0B1', country: 87 });
  });

  it('a returning family’s next download-only order: its billing address, sent again from the account, is checked as any other (issue 46)', async () => {
    const f = await family(ids.album);
    await setAddress(f, f.cartId, 'billing', illinois);
    const kept = await account(f);
    // The payment page shows that address on one line and posts it whole with Pay: every field of spec §5 again.
    const again = {
      fname: kept.fname,
      lname: kept.lname,
      email: kept.email,
      phone: kept.phone,
      line1: kept.address,
      country_id: kept.country,
      state: kept.state,
      city: kept.city,
      postal_code: kept.zip,
    };
    expect((await setAddress(f, f.cartId, 'billing', again)).statusCode).toBe(200);
    // One field missing, an unknown country: refused as before, and neither the cart nor the account moves.
    const before = body(await f.v.total()).addresses.billing;
    const missing = await setAddress(f, f.cartId, 'billing', { ...again, postal_code: '' });
    expect(error(missing)).toEqual([400, 'validation_failed']);
    const nowhere = await setAddress(f, f.cartId, 'billing', { ...again, country_id: 999_999 });
    expect(error(nowhere)).toEqual([400, 'validation_failed']);
    expect(body(await f.v.total()).addresses.billing).toEqual(before);
    expect(await account(f)).toEqual(kept);
  });

  it('an address changed in settings is where the next checkout starts: the cart lets go of its addresses', async () => {
    const f = await family(ids.cd);
    await setAddress(f, f.cartId, 'shipping', illinois);
    await setAddress(f, f.cartId, 'billing', ontario);
    const me = await account(f);
    const save = (changes: object) =>
      f.v.send('POST', `/crud/user-account/${f.userId}`, {
        user: {
          firstName: me.fname,
          lastName: me.lname,
          email: me.email,
          emailConfirm: me.email,
          country: me.country,
          state: me.state,
          address: me.address,
          city: me.city,
          zip: me.zip,
          phone: me.phone,
          ...changes,
        },
      });

    // The names only: the cart keeps its addresses.
    expect((await save({ firstName: 'Gracie' })).statusCode).toBe(200);
    expect(body(await f.v.total()).addresses).toMatchObject({
      shipping: { line1: '12 Elm Street' },
      billing: { line1: '5 Oak Ave' },
    });

    expect((await save({ address: '14 Elm Street' })).statusCode).toBe(200);
    expect(body(await f.v.total()).addresses).toEqual({ shipping: null, billing: null });
    expect(await account(f)).toMatchObject({ address: '14 Elm Street', city: 'Chicago', state: 'IL' });
    // The address book keeps what was given.
    const book = await t.db.selectFrom('addresses').select('line1').where('user_id', '=', f.userId).execute();
    expect(book.map((a) => a.line1).sort()).toEqual(['12 Elm Street', '5 Oak Ave']);
  });

  it('a refused address leaves the account as it was', async () => {
    const f = await family(ids.cd);
    expect((await setAddress(f, f.cartId, 'shipping', { ...illinois, postal_code: '' })).statusCode).toBe(400);
    expect((await account(f)).address).toBeNull();
  });
});

describe("another owner's cart, a visitor, bad ids", () => {
  it("answers 404 for another family's cart id, and leaves that cart exactly as it was", async () => {
    const mine = await family(ids.cd);
    const theirs = await family(ids.cd, ids.book);
    await setAddress(theirs, theirs.cartId, 'shipping', illinois);
    const before = (await theirs.v.total()).json();

    const address = await setAddress(mine, theirs.cartId, 'shipping', ontario);
    const billing = await setAddress(mine, theirs.cartId, 'billing', ontario);
    const shipping = await setShipping(mine, theirs.cartId, { user_id: mine.userId, shipping_type: 'priority' });
    const shippingAsThem = await setShipping(mine, theirs.cartId, { user_id: theirs.userId, shipping_type: 'priority' });
    const options = await tiers(mine, theirs.cartId);
    const theirAddress = await mine.v.send('GET', `/crud/address/me/${before.cart.shipping_address_id}`);

    for (const res of [address, billing, shipping, options, theirAddress]) expect(error(res)).toEqual([404, expect.any(String)]);
    expect(error(address)).toEqual([404, 'item_not_found']);
    expect(error(shippingAsThem)[0]).toBeGreaterThanOrEqual(403);
    expect((await theirs.v.total()).json()).toEqual(before);
    const mineSaved = await t.db.selectFrom('addresses').select('id').where('user_id', '=', mine.userId).execute();
    expect(mineSaved).toEqual([]);
  });

  it("answers 404 for a guest's cart id, even to a signed-in user", async () => {
    const guest = await withCart(t.app, ids.cd);
    const guestCartId = ((await guest.total()).json() as CartTotal).cart.id ?? 0;
    const f = await family(ids.cd);

    expect(error(await setAddress(f, guestCartId, 'shipping', illinois))).toEqual([404, 'item_not_found']);
    expect(error(await tiers(f, guestCartId))).toEqual([404, 'item_not_found']);
  });

  it('answers 401 to a visitor, guest cart or not, and changes nothing', async () => {
    const guest = await withCart(t.app, ids.cd);
    const cartId = ((await guest.total()).json() as CartTotal).cart.id ?? 0;
    const before = (await guest.total()).json();
    const visitor = { v: guest };

    expect(error(await setAddress(visitor, cartId, 'shipping', illinois))).toEqual([401, 'not_authenticated']);
    expect(error(await setShipping(visitor, cartId, { user_id: 1, shipping_type: 'economy' }))).toEqual([
      401,
      'not_authenticated',
    ]);
    expect(error(await tiers(visitor, cartId))).toEqual([401, 'not_authenticated']);
    expect(error(await cartVisitor(t.app).send('GET', '/crud/address/me/1'))).toEqual([401, 'not_authenticated']);
    expect((await guest.total()).json()).toEqual(before);
  });

  it('answers 4xx, never 500, to ids that are no ids', async () => {
    const f = await family(ids.cd);
    for (const id of ['0', '-1', 'abc', '9223372036854775808', '1.5', '2147483648']) {
      for (const res of [
        await setAddress(f, id, 'shipping', illinois),
        await setShipping(f, id, { user_id: f.userId, shipping_type: 'economy' }),
        await tiers(f, id),
        await f.v.send('GET', `/crud/address/me/${id}`),
      ]) {
        expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    expect(error(await f.v.send('GET', '/crud/address/me/2147483647'))).toEqual([404, 'not_found']);
  });
});

describe('POST /crud/cart/{cartId}/shipping', () => {
  it('sets priority for a US address and back to economy; the total follows', async () => {
    const f = await family(ids.cd, ids.book);
    await setAddress(f, f.cartId, 'shipping', illinois);

    const priority = await setShipping(f, f.cartId, { user_id: f.userId, shipping_type: 'priority' });
    expect(priority.statusCode).toBe(200);
    expect(body(priority)).toMatchObject({
      cart: { shipping_type: 'priority' },
      shippingCost: 12.99,
      freeShipping: 'disqualified',
    });
    expect((await f.v.total()).json()).toEqual(priority.json());

    const economy = await setShipping(f, f.cartId, { user_id: f.userId, shipping_type: 'economy' });
    expect(body(economy)).toMatchObject({
      cart: { shipping_type: 'economy' },
      shippingCost: 4.99,
      freeShipping: 'qualified_some',
    });
  });

  it('refuses priority without a shipping address or for one outside the US (409), the cart unchanged', async () => {
    const f = await family(ids.cd);
    const none = await setShipping(f, f.cartId, { user_id: f.userId, shipping_type: 'priority' });
    expect(error(none)).toEqual([409, 'shipping_address_missing']);

    await setAddress(f, f.cartId, 'shipping', ontario);
    const before = (await f.v.total()).json();
    const canada = await setShipping(f, f.cartId, { user_id: f.userId, shipping_type: 'priority' });
    expect(error(canada)).toEqual([409, 'shipping_priority_us_only']);
    expect(canada.json().message).toBe('Priority shipping is available for US addresses only.');
    expect((await f.v.total()).json()).toEqual(before);

    // economy is always the cart's to choose
    expect((await setShipping(f, f.cartId, { user_id: f.userId, shipping_type: 'economy' })).statusCode).toBe(200);
  });

  it('refuses an unknown method, another user id (403) and malformed bodies', async () => {
    const f = await family(ids.cd);
    await setAddress(f, f.cartId, 'shipping', illinois);
    const other = await createUser(t.db);

    expect(error(await setShipping(f, f.cartId, { user_id: f.userId, shipping_type: 'express' }))).toEqual([
      400,
      'validation_failed',
    ]);
    expect(error(await setShipping(f, f.cartId, { user_id: f.userId, shipping_type: 'international' }))).toEqual([
      400,
      'validation_failed',
    ]);
    expect(error(await setShipping(f, f.cartId, { user_id: other.id, shipping_type: 'economy' }))).toEqual([403, 'forbidden']);
    expect(error(await setShipping(f, f.cartId, { user_id: String(f.userId), shipping_type: 'economy' }))).toEqual([
      400,
      'validation_failed',
    ]);
    expect(error(await setShipping(f, f.cartId, { shipping_type: 'economy' }))).toEqual([400, 'validation_failed']);
    expect(body(await f.v.total()).cart.shipping_type).toBe('economy');
  });

  it('goes back to economy when the shipping address moves outside the US', async () => {
    const f = await family(ids.cd);
    await setAddress(f, f.cartId, 'shipping', illinois);
    await setShipping(f, f.cartId, { user_id: f.userId, shipping_type: 'priority' });

    const res = await setAddress(f, f.cartId, 'shipping', ontario);

    expect(body(res)).toMatchObject({ cart: { shipping_type: 'economy' }, shippingCost: 14.99, freeShipping: 'disqualified' });
  });
});

describe('GET /crud/shipping-tiers/{cartId}', () => {
  it('offers economy and priority to a US address, with this cart’s prices', async () => {
    const f = await family(ids.cd, ids.book);
    expect((await tiers(f, f.cartId)).json()).toEqual({ zone: null, tiers: [], rate_usd: null });

    await setAddress(f, f.cartId, 'shipping', illinois);
    const res = await tiers(f, f.cartId);

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      zone: 'us',
      tiers: [
        { shipping_type: 'economy', price_usd: 4.99, freeShipping: 'qualified_some' },
        { shipping_type: 'priority', price_usd: 12.99, freeShipping: 'disqualified' },
      ],
      rate_usd: null,
    });
  });

  it('prices a country before its address is saved (issue 27 item 7), and saves nothing', async () => {
    const f = await family(ids.cd, ids.book);
    const forCountry = async (countryId: number) =>
      (await f.v.send('GET', `/crud/shipping-tiers/${f.cartId}?country_id=${countryId}`)).json();

    // The US: economy ships the book free, the CD pays; priority pays for both. Canada: its one rate, no free shipping.
    expect(await forCountry(illinois.country_id)).toEqual({
      zone: 'us',
      tiers: [
        { shipping_type: 'economy', price_usd: 4.99, freeShipping: 'qualified_some' },
        { shipping_type: 'priority', price_usd: 12.99, freeShipping: 'disqualified' },
      ],
      rate_usd: null,
    });
    expect(await forCountry(ontario.country_id)).toEqual({ zone: 'canada', tiers: [], rate_usd: 18.99 });
    expect(await forCountry(mexico.country_id)).toEqual({ zone: 'international', tiers: [], rate_usd: 25.99 });
    // Asked of a country, the cart keeps its own (none yet): its total has no shipping.
    expect(body(await f.v.total())).toMatchObject({ shippingCost: 0, addresses: { shipping: null } });
    // Another family's cart is not there for them, whatever the country.
    const other = await family(ids.cd);
    expect((await other.v.send('GET', `/crud/shipping-tiers/${f.cartId}?country_id=33`)).statusCode).toBe(404);
  });

  it('offers nothing to choose outside the US (the international rate applies)', async () => {
    const f = await family(ids.cd);
    await setAddress(f, f.cartId, 'shipping', ontario);
    expect((await tiers(f, f.cartId)).json()).toEqual({ zone: 'canada', tiers: [], rate_usd: 14.99 });

    await setAddress(f, f.cartId, 'shipping', mexico);
    expect((await tiers(f, f.cartId)).json()).toEqual({ zone: 'international', tiers: [], rate_usd: 19.99 });
    expect(body(await f.v.total()).shippingCost).toBe(19.99);
  });
});

describe('the figures (spec §5 Free shipping, Expected total)', () => {
  it('a CD, a book and an album with 10% off to Illinois: shipping for the CD only, tax on the CD and book after the discount', async () => {
    const f = await family(ids.cd, ids.book, ids.album);
    expect((await f.v.useCoupon('ADDR10')).statusCode).toBe(200);

    const total = body(await setAddress(f, f.cartId, 'shipping', illinois));

    // 12.99 + 15.00 + 9.99 = 37.98; 10% = 3.80 (CD 1.30, book 1.50, album 1.00)
    // tax: (11.69 + 13.50) × 6.25% = 1.574375 → 1.57; economy: the book ships free, the CD pays 4.99
    expect(total).toMatchObject({
      subtotal: 37.98,
      coupon: { discount: 3.8 },
      total: 34.18,
      shippingCost: 4.99,
      taxTotal: 1.57,
      freeShipping: 'qualified_some',
    });
    // Expected total = total + tax + shipping (spec §5)
    expect(Math.round((total.total + total.taxTotal + total.shippingCost) * 100) / 100).toBe(40.74);

    const priority = body(await setShipping(f, f.cartId, { user_id: f.userId, shipping_type: 'priority' }));
    expect(priority).toMatchObject({ shippingCost: 12.99, taxTotal: 1.57, freeShipping: 'disqualified' });
  });

  it('charges the first item, then each further one; quantities count', async () => {
    const f = await family(ids.cd);
    await f.v.setQuantity(ids.cd, 3);
    const total = body(await setAddress(f, f.cartId, 'shipping', illinois));
    // 4.99 + 2 × 1.50; tax 38.97 × 6.25% = 2.435625 → 2.44
    expect(total).toMatchObject({ shippingCost: 7.99, taxTotal: 2.44, freeShipping: 'disqualified' });
    const after = body(await f.v.setQuantity(ids.cd, 1));
    expect(after).toMatchObject({ shippingCost: 4.99, taxTotal: 0.81 });
  });

  it('ships free-shipping items free with US economy (qualified all)', async () => {
    const f = await family(ids.book, ids.album);
    const total = body(await setAddress(f, f.cartId, 'shipping', illinois));
    expect(total).toMatchObject({ shippingCost: 0, taxTotal: 0.94, freeShipping: 'qualified_all' });
  });

  it('charges no shipping and no tax when nothing ships, and no tax outside a taxed state', async () => {
    const downloads = await family(ids.album, ids.monthly);
    expect(body(await setAddress(downloads, downloads.cartId, 'shipping', illinois))).toMatchObject({
      shippingCost: 0,
      taxTotal: 0,
      freeShipping: null,
    });

    const wisconsin = await family(ids.cd);
    const total = body(await setAddress(wisconsin, wisconsin.cartId, 'shipping', { ...illinois, state: 'WI' }));
    expect(total).toMatchObject({ shippingCost: 4.99, taxTotal: 0 });

    const canada = await family(ids.cd, ids.book);
    expect(body(await setAddress(canada, canada.cartId, 'shipping', ontario))).toMatchObject({
      shippingCost: 18.99,
      taxTotal: 0,
      freeShipping: 'disqualified',
    });
  });

  it('shows nothing of shipping or tax before an address is set', async () => {
    const f = await family(ids.cd);
    expect(body(await f.v.total())).toMatchObject({
      cart: { shipping_type: 'economy', shipping_address_id: null, billing_address_id: null },
      addresses: { shipping: null, billing: null },
      shippingCost: 0,
      taxTotal: 0,
      freeShipping: null,
    });
  });
});

describe('signing in with a guest cart', () => {
  it("keeps the user's addresses and method; the merged lines pay shipping and tax", async () => {
    const user = await createUser(t.db);
    const f = { v: cartVisitor(t.app, await signIn(t.db, user.id)) };
    expect((await f.v.add(ids.book)).statusCode).toBe(200);
    const cartId = body(await f.v.total()).cart.id ?? 0;
    await setAddress(f, cartId, 'shipping', illinois);
    await setShipping(f, cartId, { user_id: user.id, shipping_type: 'priority' });
    const guest = await withCart(t.app, ids.cd);

    const signedIn = await logIn(t.app, user, guest.cookie);

    const total = body(await signedIn.total());
    expect(total.cart).toMatchObject({ id: cartId, shipping_type: 'priority' });
    expect(total.addresses.shipping).toMatchObject({ state: 'IL' });
    // CD + book, priority: 9.99 + 3.00; tax (12.99 + 15.00) × 6.25% = 1.749375 → 1.75
    expect(total).toMatchObject({ shippingCost: 12.99, taxTotal: 1.75 });
  });
});
