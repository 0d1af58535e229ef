import type { CartLine } from '@storyhouse/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, responseCookie, type TestApp } from '../../../test/app';
import { CART_PATHS, type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createProduct, createSku, createUser, sessionIdOf, signIn } from '../../../test/factories';

let t: TestApp;

/** Fixture rows of this file: the catalogue helper's demo data is not relied on. */
const ids = {
  noah: 0,
  noahAlbum: 0,
  noahCd: 0,
  noahBook: 0,
  noahTracks: [] as number[],
  jonah: 0,
  jonahAlbum: 0,
  jonahTracks: [] as number[],
  withdrawnAlbum: 0,
  hiddenCd: 0,
  unavailableTrack: 0,
  giftCard: 0,
  monthly: 0,
  annual: 0,
};

async function product(slug: string, title: string, isAvailable = true) {
  const row = await createProduct(t.db, { slug, title, is_available: isAvailable, primary_image: `covers/${slug}.jpg` });
  return row.id;
}

const sku = (values: Parameters<typeof createSku>[1]) => createSku(t.db, values);

async function tracks(productId: number, slug: string, titles: string[], sale?: number) {
  const out: number[] = [];
  for (const [i, title] of titles.entries()) {
    out.push(
      await sku({
        product_id: productId,
        type: 'digital_track',
        title,
        full_price_cents: 99,
        sale_price_cents: sale ?? null,
        position: i + 1,
        length_seconds: 30,
        media_full: `audio/${slug}/${i + 1}.mp3`,
        lang_code: 'en',
      }),
    );
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  ids.noah = await product('noahs-boat', "Noah's Boat");
  ids.noahAlbum = await sku({
    product_id: ids.noah,
    type: 'digital_album',
    title: "Noah's Boat (MP3 album)",
    full_price_cents: 899,
    sale_price_cents: 699,
  });
  ids.noahCd = await sku({
    product_id: ids.noah,
    type: 'physical',
    title: "Noah's Boat (CD)",
    full_price_cents: 1299,
    is_shipped_free: true,
  });
  ids.noahBook = await sku({
    product_id: ids.noah,
    type: 'book',
    title: "Noah's Boat (book)",
    full_price_cents: 1499,
    sale_price_cents: 1199,
  });
  ids.noahTracks = await tracks(ids.noah, 'noahs-boat', ['The Rain', 'The Rainbow', 'Dry Land'], 79);
  ids.jonah = await product('jonah', 'Jonah');
  ids.jonahAlbum = await sku({ product_id: ids.jonah, type: 'digital_album', title: 'Jonah (MP3 album)', full_price_cents: 799 });
  ids.jonahTracks = await tracks(ids.jonah, 'jonah', ['The Storm', 'The Big Fish']);
  const withdrawn = await product('withdrawn', 'Withdrawn Stories', false);
  ids.withdrawnAlbum = await sku({
    product_id: withdrawn,
    type: 'digital_album',
    title: 'Withdrawn (MP3 album)',
    full_price_cents: 500,
  });
  const other = await product('other-stories', 'Other Stories');
  ids.hiddenCd = await sku({ product_id: other, type: 'physical', title: 'Other (CD)', full_price_cents: 1000, is_hidden: true });
  ids.unavailableTrack = (await tracks(other, 'other-stories', ['Gone']))[0]!;
  await t.db.updateTable('skus').set({ is_available: false }).where('id', '=', ids.unavailableTrack).execute();
  ids.giftCard = await sku({ type: 'gift_card', title: 'Gift card', full_price_cents: 2500 });
  ids.monthly = await createPlan(t.db, 'monthly');
  ids.annual = await createPlan(t.db, 'annual');
});
afterAll(() => t.close());

const contentsOf = (res: { json(): { skus: CartLine[] } }) => res.json().skus.map((l) => [l.sku_id, l.quantity]);

describe('a visitor without a session', () => {
  it('sees an empty cart and a counter of 0, and is not given a session', async () => {
    const v = cartVisitor(t.app);

    const lines = await v.send('GET', CART_PATHS.skus);
    const total = await v.total();
    const count = await v.send('GET', CART_PATHS.quantity);

    expect(lines.json()).toEqual([]);
    expect(total.json()).toEqual({
      cart: { id: null, user_id: null, shipping_type: 'economy', shipping_address_id: null, billing_address_id: null },
      skus: [],
      subtotal: 0,
      fullPriceTotal: 0,
      monthlySubtotal: 0,
      shippingCost: 0,
      taxTotal: 0,
      freeShipping: null,
      addresses: { shipping: null, billing: null },
      total: 0,
      fullTotal: 0,
      coupon: null,
      coupons: [],
      discountType: null,
      gift: null,
      gift_card_amount: 0,
      itemCount: 0,
    });
    expect(count.json()).toEqual({ quantity: 0 });
    expect([...lines.cookies, ...total.cookies, ...count.cookies]).toEqual([]);
  });

  it('removing or changing lines changes nothing and opens no session', async () => {
    const v = cartVisitor(t.app);

    const removed = await v.remove(ids.noahCd);
    const tracksRemoved = await v.removeTracks(ids.noah);
    const quantity = await v.setQuantity(ids.noahCd, 2);

    expect(removed.statusCode).toBe(200);
    expect(removed.json().skus).toEqual([]);
    expect(tracksRemoved.statusCode).toBe(200);
    expect(quantity.statusCode).toBe(404);
    expect(quantity.json().code).toBe('item_not_found');
    expect(v.cookie).toBeUndefined();
  });
});

describe('adding', () => {
  let v: CartVisitor;
  beforeEach(() => {
    v = cartVisitor(t.app);
  });

  it('opens a session on the first add and answers the cart with the new line', async () => {
    const res = await v.add(ids.noahAlbum);

    expect(res.statusCode).toBe(200);
    expect(responseCookie(res, 'sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.cart.id).toEqual(expect.any(Number));
    expect(body.skus).toEqual([
      {
        sku_id: ids.noahAlbum,
        type: 'digital_album',
        title: "Noah's Boat (MP3 album)",
        code: null,
        product_id: ids.noah,
        product_title: "Noah's Boat",
        product_slug: 'noahs-boat',
        quantity: 1,
        price_usd: 6.99,
        full_price_usd: 8.99,
        subtotal_usd: 6.99,
        full_price_subtotal_usd: 8.99,
        is_shipped_free: false,
        is_available: true,
        sold_out: false,
        image_url: '/media/covers/noahs-boat.jpg',
        line_id: null,
        description: '',
        fee_covered_usd: 0,
        recipient: null,
        tribute: null,
        anonymous: false,
        owned: false,
      },
    ]);
    const cart = await t.db.selectFrom('carts').selectAll().where('id', '=', body.cart.id).executeTakeFirstOrThrow();
    expect(cart.session_id).toBe(sessionIdOf(v.cookie!));
    expect(await v.contents()).toEqual([[ids.noahAlbum, 1]]);
  });

  it('adds with quantity 1 by default, and a CD with the quantity asked for', async () => {
    await v.send('POST', CART_PATHS.skus, { sku_id: ids.noahBook });
    const res = await v.add(ids.noahCd, 3);

    expect(contentsOf(res)).toEqual([
      [ids.noahBook, 1],
      [ids.noahCd, 3],
    ]);
  });

  it('leaves an sku that is already in the cart as it is, unless auto_update sets its quantity', async () => {
    await v.add(ids.noahCd, 2);

    const again = await v.add(ids.noahCd, 5);
    expect(again.statusCode).toBe(200);
    expect(contentsOf(again)).toEqual([[ids.noahCd, 2]]);

    const updated = await v.add(ids.noahCd, 5, { auto_update: true });
    expect(contentsOf(updated)).toEqual([[ids.noahCd, 5]]);

    const albumTwice = await v.add(ids.noahAlbum);
    await v.add(ids.noahAlbum, 1, { auto_update: true });
    expect(albumTwice.statusCode).toBe(200);
    expect(await v.contents()).toEqual([
      [ids.noahCd, 5],
      [ids.noahAlbum, 1],
    ]);
  });

  it('adds several skus at once, each once', async () => {
    const res = await v.addMany([ids.noahTracks[2]!, ids.noahTracks[0]!, ids.jonahTracks[0]!, ids.noahTracks[0]!, ids.noahCd]);

    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .skus.map((l: CartLine) => l.sku_id)
        .sort(),
    ).toEqual([ids.noahTracks[0], ids.noahTracks[2], ids.jonahTracks[0], ids.noahCd].sort());
    expect(res.json().itemCount).toBe(4);
  });

  it("replaces a product's single tracks when its digital album is added, and keeps other albums' tracks", async () => {
    await v.add(ids.noahTracks[0]!);
    await v.add(ids.jonahTracks[1]!);
    await v.add(ids.noahTracks[1]!);

    const res = await v.add(ids.noahAlbum);

    expect(contentsOf(res)).toEqual([
      [ids.jonahTracks[1], 1],
      [ids.noahAlbum, 1],
    ]);
  });

  it('refuses a single track whose album is already in the cart (409 album_in_cart), cart unchanged', async () => {
    await v.add(ids.noahAlbum);

    const res = await v.add(ids.noahTracks[0]!);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'album_in_cart',
      message: 'The whole album is already in your cart, and this story comes with it.',
    });
    expect(await v.contents()).toEqual([[ids.noahAlbum, 1]]);
  });

  it('in one add-many, an album covers its tracks whatever the order they come in', async () => {
    const res = await v.addMany([ids.jonahTracks[0]!, ids.jonahAlbum, ids.jonahTracks[1]!]);

    expect(contentsOf(res)).toEqual([[ids.jonahAlbum, 1]]);

    const later = await v.addMany([ids.jonahTracks[1]!, ids.noahCd]);
    expect(contentsOf(later)).toEqual([
      [ids.jonahAlbum, 1],
      [ids.noahCd, 1],
    ]);
  });

  it('keeps one subscription plan: adding one replaces the other (spec §4 Cart subscription)', async () => {
    await v.add(ids.noahCd);
    const monthly = await v.add(ids.monthly);
    // The monthly plan charges again every month; the CD does not.
    expect(monthly.json()).toMatchObject({ subtotal: 17.99, monthlySubtotal: 5 });

    const res = await v.add(ids.annual);
    // The annual plan charges once a year: nothing monthly.
    expect(res.json()).toMatchObject({ subtotal: 62.99, monthlySubtotal: 0 });

    expect(contentsOf(res)).toEqual([
      [ids.noahCd, 1],
      [ids.annual, 1],
    ]);
    expect(res.json().skus[1]).toMatchObject({ type: 'subscription', code: 'annual', product_id: null, image_url: null });
  });

  it('records the signed-in user on the cart', async () => {
    const user = await createUser(t.db);
    const signedIn = cartVisitor(t.app, await signIn(t.db, user.id));

    const res = await signedIn.add(ids.noahCd);

    expect(res.json().cart).toEqual({
      id: expect.any(Number),
      user_id: user.id,
      shipping_type: 'economy',
      shipping_address_id: null,
      billing_address_id: null,
    });
    const total = await signedIn.total();
    expect(total.json().cart.user_id).toBe(user.id);
  });
});

describe('refused adds leave the cart unchanged', () => {
  let v: CartVisitor;
  beforeAll(async () => {
    v = cartVisitor(t.app);
    await v.add(ids.noahCd, 2);
  });

  it('an unknown sku: 404 item_not_found', async () => {
    const res = await v.add(987654);

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'item_not_found', fields: { sku_id: 'We could not find that item.' } });
  });

  it('an unknown sku among several: 404, and nothing of the others is added', async () => {
    const res = await v.addMany([ids.noahAlbum, 987654]);

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'item_not_found', fields: { 'sku_ids.1': 'We could not find that item.' } });
  });

  it.each([
    ['hidden', () => ids.hiddenCd],
    ['unavailable', () => ids.unavailableTrack],
    ['of an unavailable product', () => ids.withdrawnAlbum],
  ])('an sku that is %s: 409 sku_not_available', async (_what, skuId) => {
    const res = await v.add(skuId());

    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('sku_not_available');
  });

  it('a gift card (it has its own call): 400 sku_not_available', async () => {
    const res = await v.add(ids.giftCard);

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('sku_not_available');
  });

  it('a download with a quantity other than 1: 400 quantity_not_editable', async () => {
    const res = await v.add(ids.noahAlbum, 2);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'quantity_not_editable', fields: { quantity: expect.any(String) } });
  });

  it.each([0, -1, 100, 1e9, 1.5, '2', null])('quantity %j: 400 validation_failed on quantity', async (quantity) => {
    const res = await v.send('POST', CART_PATHS.skus, { sku_id: ids.noahCd, quantity, auto_update: true });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { quantity: expect.any(String) } });
  });

  it.each([
    [{ sku_id: '5' }, 'sku_id'],
    [{ sku_id: true }, 'sku_id'],
    [{ sku_id: ids.noahCd, price: 0 }, 'price'],
    [{}, 'sku_id'],
  ])('body %j: 400 validation_failed on %s', async (body, field) => {
    const res = await v.send('POST', CART_PATHS.skus, body);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { [field]: expect.any(String) } });
  });

  it('an empty or huge list for add-many: 400 validation_failed', async () => {
    expect((await v.addMany([])).statusCode).toBe(400);
    expect((await v.addMany(Array.from({ length: 101 }, (_, i) => i + 1))).statusCode).toBe(400);
  });

  it('a refused first add gives a new visitor no session', async () => {
    const stranger = cartVisitor(t.app);

    const res = await stranger.add(987654);

    expect(res.statusCode).toBe(404);
    expect(res.cookies).toEqual([]);
  });

  it('a POST from another site is refused (403 forbidden_origin)', async () => {
    const res = await v.send('POST', CART_PATHS.skus, { sku_id: ids.noahBook }, { origin: 'https://evil.example' });

    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden_origin');
  });

  it('after all of the above, the cart is exactly as it was', async () => {
    expect(await v.contents()).toEqual([[ids.noahCd, 2]]);
  });
});

describe('changing quantities', () => {
  let v: CartVisitor;
  beforeEach(async () => {
    v = cartVisitor(t.app);
    await v.add(ids.noahCd);
    await v.add(ids.noahAlbum);
  });

  it("sets a CD's quantity and answers the new cart", async () => {
    const res = await v.setQuantity(ids.noahCd, 4);

    expect(res.statusCode).toBe(200);
    expect(res.json().skus.find((l: CartLine) => l.sku_id === ids.noahCd)).toMatchObject({
      quantity: 4,
      subtotal_usd: 51.96,
      full_price_subtotal_usd: 51.96,
    });
    expect(await v.count()).toBe(5);
  });

  it('keeps the line where it was in the cart', async () => {
    await v.setQuantity(ids.noahCd, 2);

    expect(await v.contents()).toEqual([
      [ids.noahCd, 2],
      [ids.noahAlbum, 1],
    ]);
  });

  it('refuses a quantity for a download line: 400 quantity_not_editable', async () => {
    const res = await v.setQuantity(ids.noahAlbum, 2);

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('quantity_not_editable');
    expect(await v.contents()).toEqual([
      [ids.noahCd, 1],
      [ids.noahAlbum, 1],
    ]);
  });

  it.each([0, -3, 100, 2147483648, 2.5, 'three'])(
    'refuses quantity %j with a field message, cart unchanged',
    async (quantity) => {
      const res = await v.setQuantity(ids.noahCd, quantity);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { quantity: expect.any(String) } });
      expect(await v.contents()).toEqual([
        [ids.noahCd, 1],
        [ids.noahAlbum, 1],
      ]);
    },
  );

  it('answers 404 item_not_found for an unknown sku or one not in the cart', async () => {
    const unknown = await v.setQuantity(987654, 2);
    const notInCart = await v.setQuantity(ids.noahBook, 2);

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('item_not_found');
    expect(notInCart.statusCode).toBe(404);
    expect(notInCart.json().code).toBe('item_not_found');
  });
});

describe('removing', () => {
  let v: CartVisitor;
  beforeEach(async () => {
    v = cartVisitor(t.app);
    await v.addMany([ids.noahCd, ...ids.noahTracks, ids.jonahTracks[0]!]);
  });

  it('removes a line and answers the new cart; removing it again changes nothing', async () => {
    const res = await v.remove(ids.noahCd);

    expect(res.statusCode).toBe(200);
    expect(res.json().skus.map((l: CartLine) => l.sku_id)).not.toContain(ids.noahCd);
    expect(res.json().itemCount).toBe(4);

    const again = await v.remove(ids.noahCd);
    expect(again.statusCode).toBe(200);
    expect(again.json().itemCount).toBe(4);
  });

  it("removes a product's single tracks and nothing else", async () => {
    const res = await v.removeTracks(ids.noah);

    expect(res.statusCode).toBe(200);
    expect(contentsOf(res)).toEqual([
      [ids.noahCd, 1],
      [ids.jonahTracks[0], 1],
    ]);
  });

  it.each([
    ['an unknown sku', () => v.remove(987654), 404, 'item_not_found'],
    ['an unknown product', () => v.removeTracks(987654), 404, 'item_not_found'],
    ['a sku id that is not a number', () => v.remove('abc'), 400, 'validation_failed'],
    ['a product id of 0', () => v.removeTracks(0), 400, 'validation_failed'],
    ['a missing sku id', () => v.send('DELETE', CART_PATHS.skus), 400, 'validation_failed'],
  ])('answers %s with a 4xx and leaves the cart', async (_what, call, status, code) => {
    const res = await call();

    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await v.count()).toBe(5);
  });
});

describe('totals', () => {
  it('sums sale prices into the subtotal and full prices into fullPriceTotal', async () => {
    const v = cartVisitor(t.app);
    await v.add(ids.noahAlbum); // 8.99, on sale 6.99
    await v.add(ids.noahCd, 2); // 12.99
    await v.add(ids.noahBook); // 14.99, on sale 11.99
    await v.add(ids.jonahTracks[0]!); // 0.99

    const res = await v.total();

    expect(res.json()).toMatchObject({
      subtotal: 45.95,
      fullPriceTotal: 50.95,
      shippingCost: 0,
      taxTotal: 0,
      total: 45.95,
      itemCount: 5,
    });
    expect(res.json().skus.find((l: CartLine) => l.sku_id === ids.noahBook)).toMatchObject({
      price_usd: 11.99,
      full_price_usd: 14.99,
      is_shipped_free: false,
    });
    expect(res.json().skus.find((l: CartLine) => l.sku_id === ids.noahCd)).toMatchObject({
      subtotal_usd: 25.98,
      is_shipped_free: true,
    });
  });

  it('counts items, not lines: the counter is the sum of quantities', async () => {
    const v = cartVisitor(t.app);
    await v.add(ids.noahCd, 3);
    await v.add(ids.jonahAlbum);

    expect(await v.count()).toBe(4);
    expect((await v.lines()).length).toBe(2);
  });

  it('keeps a line whose product was withdrawn after it was added, marked unavailable', async () => {
    const v = cartVisitor(t.app);
    const productId = await product('soon-gone', 'Soon Gone');
    const cd = await sku({ product_id: productId, type: 'physical', title: 'Soon Gone (CD)', full_price_cents: 1000 });
    await v.add(cd);
    await t.db.updateTable('products').set({ is_available: false }).where('id', '=', productId).execute();

    const res = await v.total();

    expect(res.json().skus).toEqual([expect.objectContaining({ sku_id: cd, is_available: false })]);
  });
});

describe('sessions', () => {
  it('gives two sessions separate carts', async () => {
    const a = cartVisitor(t.app);
    const b = cartVisitor(t.app);

    await a.add(ids.noahCd);
    await b.add(ids.jonahAlbum);

    expect(await a.contents()).toEqual([[ids.noahCd, 1]]);
    expect(await b.contents()).toEqual([[ids.jonahAlbum, 1]]);
  });

  it("keeps a guest's cart across a server restart (a second app over the same database)", async () => {
    const before = cartVisitor(t.app);
    await before.add(ids.noahCd, 2);
    await before.add(ids.jonahAlbum);

    const restarted = await createTestApp({ database: t.database });
    try {
      const after = cartVisitor(restarted.app, before.cookie);
      expect(await after.contents()).toEqual([
        [ids.noahCd, 2],
        [ids.jonahAlbum, 1],
      ]);
      expect(await after.count()).toBe(3);
    } finally {
      await restarted.close();
    }
  });
});

describe('concurrent changes of one session', () => {
  it('adding an album and its tracks at once never leaves both in the cart', { repeats: 4 }, async () => {
    const v = cartVisitor(t.app, await signIn(t.db, null));
    await v.add(ids.jonahTracks[0]!);

    const results = await Promise.all([
      v.add(ids.noahTracks[0]!),
      v.add(ids.noahAlbum),
      v.add(ids.noahTracks[1]!),
      v.add(ids.noahTracks[2]!),
    ]);

    for (const res of results) {
      if (res.statusCode !== 200) expect(res.json().code).toBe('album_in_cart');
    }
    expect((await v.contents()).sort()).toEqual(
      [
        [ids.jonahTracks[0], 1],
        [ids.noahAlbum, 1],
      ].sort(),
    );
  });

  it('first adds at once in a session without a cart make one cart with every line', async () => {
    const cookie = await signIn(t.db, null);
    const v = cartVisitor(t.app, cookie);

    const results = await Promise.all([v.add(ids.noahCd), v.add(ids.jonahAlbum), v.add(ids.noahBook)]);

    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const carts = await t.db.selectFrom('carts').select('id').where('session_id', '=', sessionIdOf(cookie)).execute();
    expect(carts).toHaveLength(1);
    expect(await v.count()).toBe(3);
  });
});

describe('a signed-in family: one cart for every session of the user', () => {
  const userCarts = (userId: number) =>
    t.db.selectFrom('carts').select(['id', 'session_id']).where('user_id', '=', userId).execute();
  const inCartFlags = async (v: CartVisitor) => {
    const product = (await v.send('GET', `/crud/product/${ids.noah}/skus`)).json();
    return { album: product.digitalAlbum.isInCart, cd: product.physicalAlbum.isInCart, book: product.book.isInCart };
  };

  it('two logins at once with one guest cookie: both tabs show the guest cart, quantities as they were', {
    repeats: 2,
  }, async () => {
    const user = await createUser(t.db);
    const guest = cartVisitor(t.app);
    await guest.add(ids.noahCd, 2);
    await guest.add(ids.jonahAlbum);

    const [a, b] = await Promise.all([logIn(t.app, user, guest.cookie), logIn(t.app, user, guest.cookie)]);

    expect(a.cookie).not.toBe(b.cookie);
    const expected = [
      [ids.noahCd, 2],
      [ids.jonahAlbum, 1],
    ];
    expect(await a.contents()).toEqual(expected);
    expect(await b.contents()).toEqual(expected);
    expect(await b.count()).toBe(3);
    expect((await a.total()).json().cart.user_id).toBe(user.id);
    // One cart, the user's, held by no session; the guest cart was merged once and is gone.
    expect(await userCarts(user.id)).toEqual([{ id: expect.any(Number), session_id: null }]);
    expect(await guest.contents()).toEqual([]);
  });

  it('two logins at once merge a guest cart into the cart the user already has exactly once', { repeats: 2 }, async () => {
    const user = await createUser(t.db);
    const earlier = await logIn(t.app, user);
    await earlier.add(ids.noahCd);
    await earlier.add(ids.monthly);
    const guest = cartVisitor(t.app);
    await guest.add(ids.noahCd, 2);
    await guest.add(ids.noahAlbum);
    await guest.add(ids.annual);

    const [first, second] = await Promise.all([logIn(t.app, user, guest.cookie), logIn(t.app, user, guest.cookie)]);

    // The merge rules of login: CDs add up (1 + 2, not 1 + 2 + 2), the guest's plan wins.
    const expected = [
      [ids.noahAlbum, 1],
      [ids.noahCd, 3],
      [ids.annual, 1],
    ].sort();
    for (const v of [first, second, earlier]) expect((await v.contents()).sort()).toEqual(expected);
    expect(await userCarts(user.id)).toHaveLength(1);
  });

  it('a second device signing in later sees the same cart, and a change in one shows in the other', async () => {
    const user = await createUser(t.db);
    const phone = await logIn(t.app, user);
    await phone.add(ids.noahCd, 2);

    const laptop = await logIn(t.app, user);
    expect(await laptop.contents()).toEqual([[ids.noahCd, 2]]);

    await laptop.add(ids.noahAlbum);
    await phone.setQuantity(ids.noahCd, 4);
    await phone.add(ids.noahBook);
    await laptop.remove(ids.noahBook);

    const expected = [
      [ids.noahCd, 4],
      [ids.noahAlbum, 1],
    ];
    expect(await phone.contents()).toEqual(expected);
    expect(await laptop.contents()).toEqual(expected);
    expect(await phone.count()).toBe(5);
    // The catalogue's in-cart flags read the same cart.
    expect(await inCartFlags(phone)).toEqual({ album: true, cd: true, book: false });
    expect(await inCartFlags(laptop)).toEqual({ album: true, cd: true, book: false });
  });

  it('first adds at once from two sessions of one user make one cart with every line', async () => {
    const user = await createUser(t.db);
    const a = cartVisitor(t.app, await signIn(t.db, user.id));
    const b = cartVisitor(t.app, await signIn(t.db, user.id));

    const results = await Promise.all([a.add(ids.noahCd), b.add(ids.jonahAlbum), a.add(ids.noahBook), b.add(ids.monthly)]);

    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await userCarts(user.id)).toHaveLength(1);
    expect(await a.count()).toBe(4);
    expect(await b.count()).toBe(4);
  });

  it('the cart stays with the user at logout: the next guest session is empty, the next login finds it', async () => {
    const user = await createUser(t.db);
    const phone = await logIn(t.app, user);
    const laptop = await logIn(t.app, user);
    await phone.add(ids.noahCd, 2);

    await phone.send('GET', '/logout');
    const afterLogout = cartVisitor(t.app);
    expect(await phone.contents()).toEqual([]);
    expect(await afterLogout.contents()).toEqual([]);
    expect(await inCartFlags(phone)).toEqual({ album: false, cd: false, book: false });
    // The other device is still signed in and still sees it.
    expect(await laptop.contents()).toEqual([[ids.noahCd, 2]]);

    const again = await logIn(t.app, user);
    expect(await again.contents()).toEqual([[ids.noahCd, 2]]);
  });

  it("an admin impersonating a customer sees and edits the customer's cart; the admin's own cart stays apart", async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const customer = await createUser(t.db);
    const customerTab = await logIn(t.app, customer);
    await customerTab.add(ids.noahCd);
    const adminTab = await logIn(t.app, admin);
    await adminTab.add(ids.noahBook, 3);

    const start = await adminTab.send('POST', `/crud/admin/masquerade/${customer.id}`);
    expect(start.statusCode).toBe(200);
    expect(await adminTab.contents()).toEqual([[ids.noahCd, 1]]);
    await adminTab.add(ids.jonahAlbum);
    expect(await customerTab.contents()).toEqual([
      [ids.noahCd, 1],
      [ids.jonahAlbum, 1],
    ]);

    const finish = await adminTab.send('GET', '/crud/masquerade-finish');
    expect(finish.statusCode).toBe(200);
    expect(await adminTab.contents()).toEqual([[ids.noahBook, 3]]);
    expect(await customerTab.count()).toBe(2);
  });
});
