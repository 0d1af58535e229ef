import type { Order, PurchaseResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser } from '../../../test/factories';
import { cardToken, TEST_CARDS } from '../../../test/payments-client';

/**
 * GET /crud/orders/{orderId}: the order confirmation reads the order from
 * the server, so the number in the page's address is never trusted. Only
 * its owner reads it; anyone else's, or an unknown one, is not found.
 */
let t: TestApp;
let album = 0;

beforeAll(async () => {
  t = await createTestApp();
  album = (await createProduct(t.db, { slug: 'esther', title: 'Esther' }, { album: 1299 })).album;
});
afterAll(() => t.close());

let families = 0;

async function family(): Promise<CartVisitor> {
  families += 1;
  const email = `reader${families}@example.test`;
  await createUser(t.db, { email, fname: 'Ruth', lname: `Reader${families}`, password: 'listen-along' });
  return logIn(t.app, { email, password: 'listen-along' });
}

/** The family buys the album with a new card; the purchase's answer. */
async function buyAlbum(v: CartVisitor, card: string = TEST_CARDS.visa) {
  await v.add(album);
  const total = (await v.total()).json();
  const res = await v.send('POST', '/crud/purchases', {
    stripe_token: await cardToken(v, card),
    expected_total: total.fullTotal,
    cart_id: total.cart.id,
    lang_code: 'en',
  });
  return res;
}

const getOrder = (v: CartVisitor, id: number | string, query = '') => v.send('GET', `/crud/orders/${id}${query}`);

describe('GET /crud/orders/{orderId}', () => {
  it('answers the owner’s paid order with its number, status, lines and total', async () => {
    const v = await family();
    const { order_id } = (await buyAlbum(v)).json() as PurchaseResponse;
    const res = await getOrder(v, order_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json() as Order).toMatchObject({
      order_id,
      status: 'paid',
      order_total_usd: 12.99,
      card_last4: '4242',
      items: [{ type: 'digital_album', title: 'Esther: Esther (MP3 album)', quantity: 1, subtotal_usd: 12.99 }],
    });
  });

  it('answers a declined order as failed', async () => {
    const v = await family();
    const declined = await buyAlbum(v, TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    const { id } = await t.db.selectFrom('orders').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect((await getOrder(v, id)).json()).toMatchObject({ order_id: id, status: 'failed' });
  });

  it('answers another family’s order and an unknown one alike: 404 order_not_found, in the site’s language', async () => {
    const owner = await family();
    const { order_id } = (await buyAlbum(owner)).json() as PurchaseResponse;
    const other = await family();
    for (const id of [order_id, 2_147_483_647]) {
      const res = await getOrder(other, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'order_not_found', message: 'Order not found.' });
    }
    const es = await getOrder(other, order_id, '?test_spanish_site=1');
    expect(es.json()).toMatchObject({ code: 'order_not_found', message: 'Pedido no encontrado.' });
  });

  it.each(['0', '-1', 'abc', '9223372036854775808', '1.5', '2147483648'])('refuses the order id %s (400)', async (id) => {
    const v = await family();
    const res = await getOrder(v, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('refuses a visitor (401)', async () => {
    expect((await getOrder(cartVisitor(t.app), 1)).statusCode).toBe(401);
  });
});

describe('GET /crud/orders (My orders)', () => {
  it('lists no declined attempt: a family reads only what it was charged for (issue 26 item 13)', async () => {
    const v = await family();
    expect((await buyAlbum(v, TEST_CARDS.declined)).statusCode).toBe(402);
    const { order_id } = (await buyAlbum(v)).json() as PurchaseResponse;

    const res = await v.send('GET', '/crud/orders?filter_current_user=true&page=1');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, items: [{ order_id, status: 'paid', card_last4: '4242' }] });
    expect(res.json().items).toHaveLength(1);
  });
});
