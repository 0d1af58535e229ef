import type { CartTotal, MyLibraryResponse, OrdersResponse } from '@storyhouse/contracts';
import type { FirstData } from '@storyhouse/contracts/first-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';
import { embeddedOf, renderedFor, standInWebRoot } from '../../../test/stand-in-render';

// Issue 27: the pages of a signed-in family (My Library, My orders, the cart) arrive rendered with their first data,
// read as their API routes read it; never for anyone else, and never kept by a cache.
const web = standInWebRoot();
let t: TestApp;
/** The demo family (accounts.seed.ts): bought The First Christmas; David the Shepherd Boy's CD waits in the cart. */
let family: CartVisitor;
/** Another family: bought nothing, its cart holds Noah's album. */
let other: CartVisitor;

const FAMILY_PAGES = ['/library', '/account/orders', '/account/subscriptions', '/cart', '/checkout', '/payment'] as const;

async function skuOf(slug: string, kind: 'digitalAlbum' | 'physicalAlbum') {
  const res = await t.app.inject({ method: 'GET', url: `/crud/product-by-slug/${slug}/skus` });
  return (res.json() as Record<string, { id: number }>)[kind]?.id as number;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, webRoot: web.root, env: { FIRST_DATA_WAIT_MS: '5000' } });
  family = await logIn(t.app, { email: 'family@storyhouse.example', password: 'listen-along' });
  expect((await family.add(await skuOf('the-first-christmas', 'digitalAlbum'))).statusCode).toBe(200);
  await payCart(family);
  // A little way into the album's first story: Continue listening shows it.
  const owned = (await family.send('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
  const track = owned.items[0]?.tracks[0]?.sku_id;
  const heard = await t.app.inject({
    method: 'PUT',
    url: `/crud/my-library/progress/${track}`,
    payload: { position_seconds: 2 },
    headers: { cookie: family.cookie as string },
  });
  expect(heard.statusCode).toBe(200);
  expect((await family.add(await skuOf('david-the-shepherd-boy', 'physicalAlbum'))).statusCode).toBe(200);

  await createUser(t.db, { email: 'other-family@example.test', password: 'listen-along' });
  other = await logIn(t.app, { email: 'other-family@example.test', password: 'listen-along' });
  expect((await other.add(await skuOf('noahs-big-boat', 'digitalAlbum'))).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Every embedded answer is what the API answers for its path, to the same browser. */
async function expectSameAsApi(data: FirstData, cookie: string) {
  for (const [path, answer] of Object.entries(data)) {
    const res = await get(path, cookie);
    expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: res.statusCode, body: res.json() });
  }
}

describe('a signed-in family’s own pages', () => {
  it('arrive rendered with My Library’s first page: their album, Continue listening and the free story of the week', async () => {
    const res = await get('/library', family.cookie);
    expect(res.statusCode).toBe(200);
    const data = embeddedOf(res.body) ?? {};
    const library = data['/crud/my-library?page=1'];
    expect(library?.status).toBe(200);
    const page = library?.body as MyLibraryResponse;
    expect(page.items.map((a) => a.productTitle)).toContain('The First Christmas');
    expect(page.continue_listening.map((tr) => tr.product_title)).toEqual(['The First Christmas']);
    expect(data['/crud/free-story/en?swr=1']?.status).toBe(200);
    expect(data['/crud/my-library/product/free-story']).toMatchObject({ status: 200, body: { is_free_story: true } });
    // The page is rendered from exactly these answers.
    expect(renderedFor(res.body)).toMatchObject({ url: '/library', answers: data });
    await expectSameAsApi(data, family.cookie as string);
  });

  it('arrive rendered with My orders, the cart with its totals, and both checkout steps, as the API answers them', async () => {
    const orders = await get('/account/orders?page=1', family.cookie);
    const ordersData = embeddedOf(orders.body) ?? {};
    const list = ordersData['/crud/orders?filter_current_user=true&page=1']?.body as OrdersResponse;
    expect(JSON.stringify(list)).toContain('The First Christmas');
    expect(renderedFor(orders.body)?.url).toBe('/account/orders?page=1');

    // My subscription: the demo family's plan and monthly gift (issue 28 item 6).
    const subscriptions = await get('/account/subscriptions', family.cookie);
    const subscriptionsData = embeddedOf(subscriptions.body) ?? {};
    const plans = subscriptionsData['/crud/stripe/customer/my/subscriptions']?.body as { data: { title: string }[] };
    expect(plans.data.map((s) => s.title)).toEqual(['Monthly subscription', expect.stringMatching(/^New recordings/)]);
    expect(renderedFor(subscriptions.body)?.url).toBe('/account/subscriptions');

    const cart = await get('/cart', family.cookie);
    const cartData = embeddedOf(cart.body) ?? {};
    const total = cartData['/crud/cart-session/total']?.body as CartTotal;
    expect(total.skus.map((l) => l.product_title)).toEqual(['David the Shepherd Boy']);
    expect(total.fullTotal).toBeGreaterThan(0);
    expect(renderedFor(cart.body)?.answers).toEqual(cartData);

    // Checkout step 1: the cart, and the account whose address fills the form.
    const checkout = await get('/checkout', family.cookie);
    const checkoutData = embeddedOf(checkout.body) ?? {};
    expect(checkoutData['/crud/cart-session/total']?.body).toEqual(total);
    expect(checkoutData['/crud/user']).toMatchObject({ status: 200, body: { email: 'family@storyhouse.example' } });
    expect(renderedFor(checkout.body)?.url).toBe('/checkout');

    // Checkout step 2: the cart, the account, the card processor and the family's saved cards.
    const payment = await get('/payment', family.cookie);
    const paymentData = embeddedOf(payment.body) ?? {};
    const userId = (checkoutData['/crud/user']?.body as { id: number } | undefined)?.id;
    expect(Object.keys(paymentData)).toEqual(
      expect.arrayContaining([
        '/crud/cart-session/total',
        '/crud/user',
        '/crud/stripe/token',
        `/crud/stripe/customer/${userId}/card`,
      ]),
    );
    expect(renderedFor(payment.body)?.url).toBe('/payment');
    // A finished payment's confirmation is left to the browser's questions.
    expect(Object.keys(embeddedOf((await get('/payment?order=1', family.cookie)).body) ?? {})).not.toContain('/crud/user');
    await expectSameAsApi({ ...ordersData, ...cartData, ...checkoutData, ...paymentData }, family.cookie as string);
  });

  it('are never kept by a cache: private, no-store, for the family and for a visitor', async () => {
    for (const url of [...FAMILY_PAGES, '/checkout', '/payment', '/account/settings']) {
      for (const cookie of [family.cookie, undefined]) {
        const res = await get(url, cookie);
        expect(res.headers['cache-control'], url).toBe('private, no-store');
      }
    }
    // A visitor's page still may be kept, if revalidated.
    expect((await get('/shop')).headers['cache-control']).toBe('no-cache');
  });

  it('never show one family’s first data to another family, or to a visitor, who gets the page the browser renders', async () => {
    const mine = JSON.stringify((await Promise.all(FAMILY_PAGES.map((url) => get(url, family.cookie)))).map((r) => r.body));
    expect(mine).toContain('The First Christmas');
    expect(mine).toContain('family@storyhouse.example');
    for (const url of FAMILY_PAGES) {
      const theirs = await get(url, other.cookie);
      expect(theirs.body, url).not.toContain('The First Christmas');
      expect(theirs.body, url).not.toContain('David the Shepherd Boy');
      expect(theirs.body, url).not.toContain('family@storyhouse.example');

      const visitor = await get(url);
      expect(visitor.statusCode, url).toBe(200);
      expect(visitor.body, url).not.toContain('family@storyhouse.example');
      // As before: the shell's answers only, and no render (the route guard sends them to log in).
      expect(renderedFor(visitor.body), url).toBeNull();
      const data = embeddedOf(visitor.body) ?? {};
      expect(Object.keys(data).sort(), url).toEqual([
        '/crud/cart-session/skus/quantity',
        '/crud/content/entry/list/site-navigation',
        '/crud/session',
      ]);
      expect(data['/crud/session']?.body).toMatchObject({ logged_in: false });
    }
    // The other family's own cart is theirs.
    const theirCart = embeddedOf((await get('/cart', other.cookie)).body)?.['/crud/cart-session/total']?.body as CartTotal;
    expect(theirCart.skus.map((l) => l.product_title)).toEqual(['Noah’s Big Boat']);
  });
});
