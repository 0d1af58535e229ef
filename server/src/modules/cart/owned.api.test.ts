import type { CartTotal, OrdersResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createUser } from '../../../test/factories';
import { audioAlbum, grant, type TestAlbum } from '../../../test/library';
import { payCart } from '../../../test/payments-client';

/**
 * Issue 26 item 5: what a family already owns is not sold to it again
 * (decision 016: an owned digital album owns every track of its product, an
 * owned track itself; a CD or a book grants no audio and can always be
 * bought again). Adding it is refused, a sign-in merge takes it out, a cart
 * that holds it (ownership that came after the add) marks it and leaves it
 * out of the total, and checkout takes it out before charging. A gift order
 * is for someone else: it may hold what the buyer owns.
 */
let t: TestApp;

const grandma = { name: 'Grandma Rose', email: 'rose@example.test', message: 'For the long drive.' };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let families = 0;

/** A new signed-in family, and an album of three tracks with its CD. */
async function family(): Promise<{ v: CartVisitor; user: { id: number; email: string; password: string }; album: TestAlbum }> {
  families += 1;
  const user = await createUser(t.db, { email: `owner${families}@example.test`, password: 'listen-along' });
  const v = await logIn(t.app, user);
  return { v, user, album: await audioAlbum(t.db, { title: `Owned ${families}` }) };
}

const total = async (v: CartVisitor) => (await v.total()).json() as CartTotal;
const refusal = (res: { statusCode: number; json(): { code: string } }) => [res.statusCode, res.json().code];

describe('adding what the family already owns', () => {
  it('refuses the digital album it owns (409 item_already_owned, said in the site language), the cart unchanged', async () => {
    const { v, user, album } = await family();
    await grant(t.db, user.id, album, 'album');

    const res = await v.add(album.album);

    expect(refusal(res)).toEqual([409, 'item_already_owned']);
    expect(res.json().message).toMatch(/already in your library/i);
    expect(await v.contents()).toEqual([]);
    const spanish = await v.send('POST', '/crud/cart-session/skus?test_spanish_site=1', { sku_id: album.album });
    expect(refusal(spanish)).toEqual([409, 'item_already_owned']);
    expect(spanish.json().message).toMatch(/ya está en tu biblioteca/i);
  });

  it('refuses a track of an owned album, and a track it bought on its own', async () => {
    const { v, user, album } = await family();
    await grant(t.db, user.id, album, 'album');
    const other = await audioAlbum(t.db);
    await grant(t.db, user.id, other, { track: other.tracks[1] as number });

    expect(refusal(await v.add(album.tracks[0] as number))).toEqual([409, 'item_already_owned']);
    expect(refusal(await v.add(other.tracks[1] as number))).toEqual([409, 'item_already_owned']);
    expect(refusal(await v.addMany([other.tracks[0] as number, other.tracks[1] as number]))).toEqual([409, 'item_already_owned']);
    expect(await v.contents()).toEqual([]);

    // The other tracks of that album, and the album itself, are still theirs to buy.
    expect((await v.add(other.tracks[0] as number)).statusCode).toBe(200);
    expect((await v.add(other.album)).statusCode).toBe(200);
    expect(await v.contents()).toEqual([[other.album, 1]]);
  });

  it('takes the CD of an owned album (a physical thing, bought again as often as wanted)', async () => {
    const { v, user, album } = await family();
    await grant(t.db, user.id, album, 'album');
    await grant(t.db, user.id, album, 'cd');

    const res = await v.add(album.cd, 2);

    expect(res.statusCode).toBe(200);
    expect(await v.contents()).toEqual([[album.cd, 2]]);
  });

  it('takes the album when only its CD is owned (a CD grants no download)', async () => {
    const { v, user, album } = await family();
    await grant(t.db, user.id, album, 'cd');

    expect((await v.add(album.album)).statusCode).toBe(200);
  });

  it('takes an owned album into a gift order, which counts it: it is for someone else', async () => {
    const { v, user, album } = await family();
    await grant(t.db, user.id, album, 'album');
    expect((await v.add(album.cd)).statusCode).toBe(200);
    expect((await v.markGift(grandma)).statusCode).toBe(200);

    const res = await v.add(album.album);
    const track = await v.add(album.tracks[0] as number);

    expect(res.statusCode).toBe(200);
    expect(refusal(track)).toEqual([409, 'album_in_cart']);
    const cart = await total(v);
    expect(cart.skus.map((l) => [l.sku_id, l.owned])).toEqual([
      [album.cd, false],
      [album.album, false],
    ]);
    expect(cart.subtotal).toBe(12.99 + 8.99);
  });

  it('changes nothing for a visitor, who has no library', async () => {
    const { album } = await family();
    const visitor = cartVisitor(t.app);

    expect((await visitor.add(album.album)).statusCode).toBe(200);
    expect((await total(visitor)).skus.map((l) => l.owned)).toEqual([false]);
  });
});

describe('signing in with a guest cart', () => {
  it('drops the lines the account owns from the merged cart, and keeps the rest', async () => {
    const { user, album } = await family();
    await grant(t.db, user.id, album, 'album');
    const guest = cartVisitor(t.app);
    for (const sku of [album.album, album.cd]) expect((await guest.add(sku)).statusCode).toBe(200);

    const signedIn = await logIn(t.app, user, guest.cookie);

    expect(await signedIn.contents()).toEqual([[album.cd, 1]]);
  });

  it('drops an owned track into an account cart that already held lines', async () => {
    const { v, user, album } = await family();
    await grant(t.db, user.id, album, { track: album.tracks[2] as number });
    expect((await v.add(album.cd)).statusCode).toBe(200);
    const guest = cartVisitor(t.app);
    for (const sku of [album.tracks[1], album.tracks[2]]) expect((await guest.add(sku as number)).statusCode).toBe(200);

    const signedIn = await logIn(t.app, user, guest.cookie);

    expect(await signedIn.contents()).toEqual([
      [album.cd, 1],
      [album.tracks[1], 1],
    ]);
  });

  it('keeps an owned album a guest gift order holds: the gift comes along with it', async () => {
    const { user, album } = await family();
    await grant(t.db, user.id, album, 'album');
    const guest = cartVisitor(t.app);
    expect((await guest.add(album.album)).statusCode).toBe(200);
    expect((await guest.markGift(grandma)).statusCode).toBe(200);

    const signedIn = await logIn(t.app, user, guest.cookie);

    expect(await signedIn.contents()).toEqual([[album.album, 1]]);
    expect((await total(signedIn)).gift).toEqual(grandma);
  });
});

describe('a cart holding what the family came to own after adding it', () => {
  /** A family whose cart holds the album and its CD, then comes to own the album (a gift claimed in another tab). */
  async function ownedInCart() {
    const f = await family();
    for (const sku of [f.album.album, f.album.cd]) expect((await f.v.add(sku)).statusCode).toBe(200);
    await grant(t.db, f.user.id, f.album, 'album');
    return f;
  }

  it('marks the line owned and leaves it out of every figure', async () => {
    const { v, album } = await ownedInCart();

    const cart = await total(v);

    expect(cart.skus.map((l) => [l.sku_id, l.owned])).toEqual([
      [album.album, true],
      [album.cd, false],
    ]);
    expect(cart).toMatchObject({ subtotal: 12.99, fullPriceTotal: 12.99, total: 12.99, fullTotal: 12.99 });
  });

  it('counts it again once the cart is marked a gift, and not once unmarked', async () => {
    const { v, album } = await ownedInCart();

    const gift = (await v.markGift(grandma)).json() as CartTotal;
    const unmarked = (await v.unmarkGift()).json() as CartTotal;

    expect(gift.skus.find((l) => l.sku_id === album.album)?.owned).toBe(false);
    expect(gift.subtotal).toBe(12.99 + 8.99);
    expect(unmarked.skus.find((l) => l.sku_id === album.album)?.owned).toBe(true);
    expect(unmarked.subtotal).toBe(12.99);
  });

  it('is never charged: checkout takes the line out and charges the rest', async () => {
    const { v, user, album } = await ownedInCart();
    expect((await v.remove(album.cd)).statusCode).toBe(200);
    const other = await audioAlbum(t.db);
    expect((await v.add(other.album)).statusCode).toBe(200);
    await payCart(v);
    const orders = (await v.send('GET', '/crud/orders?filter_current_user=true&page=1')).json() as OrdersResponse;
    expect(orders.items).toHaveLength(1);
    expect(orders.items[0]?.order_total_usd).toBe(8.99);
    const charged = await t.db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.total_cents', 'order_lines.sku_id'])
      .where('orders.user_id', '=', user.id)
      .execute();
    expect(charged).toEqual([{ total_cents: 899, sku_id: other.album }]);
    expect(await v.contents()).toEqual([]);
  });

  it('refuses to check out a cart that holds nothing but what is owned (nothing is charged)', async () => {
    const { v, album } = await ownedInCart();
    expect((await v.remove(album.cd)).statusCode).toBe(200);
    const cart = await total(v);
    expect(cart.fullTotal).toBe(0);

    const res = await v.send('POST', '/crud/free-purchases', { cart_id: cart.cart.id, lang_code: 'en' });

    expect(refusal(res)).toEqual([409, 'order_cart_empty']);
    expect(await v.contents()).toEqual([[album.album, 1]]);
  });
});
