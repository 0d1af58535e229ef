import { mediaPaths, type Order, type OrdersResponse, type PurchaseResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createProduct, createSku, createUser, illinoisAddress } from '../../../test/factories';
import { cardToken, TEST_CARDS } from '../../../test/payments-client';

/**
 * GET /crud/orders/{orderId}: the order confirmation reads the order from
 * the server, so the number in the page's address is never trusted. Only
 * its owner reads it; anyone else's, or an unknown one, is not found.
 */
let t: TestApp;
let album = 0;
const ids = { ruthAlbum: 0, ruthCd: 0, monthly: 0, giftCard: 0 };

beforeAll(async () => {
  t = await createTestApp();
  album = (await createProduct(t.db, { slug: 'esther', title: 'Esther' }, { album: 1299 })).album;
  const ruth = await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 999, cd: 1299 });
  ids.ruthAlbum = ruth.album;
  ids.ruthCd = ruth.cd;
  ids.monthly = await createPlan(t.db, 'monthly');
  ids.giftCard = await createSku(t.db, { type: 'gift_card', code: 'gift_card', title: 'Gift card', full_price_cents: 0 });
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

/** Pays for what is in the cart with a new card; the order's id. */
async function payCart(v: CartVisitor) {
  const total = (await v.total()).json();
  const res = await v.send('POST', '/crud/purchases', {
    stripe_token: await cardToken(v, TEST_CARDS.visa),
    expected_total: total.fullTotal,
    cart_id: total.cart.id,
    lang_code: 'en',
    save_card: true,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as PurchaseResponse).order_id;
}

const listOrders = async (v: CartVisitor) =>
  (await v.send('GET', '/crud/orders?filter_current_user=true&page=1')).json() as OrdersResponse;

const NUMBER = /^SH-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/;
const DAY = 24 * 60 * 60_000;

describe('My orders answer a family’s questions (issue 27 item 8)', () => {
  it('tells each line’s kind, the parcel’s state, to whom a gift card went and when a plan or donation renews', async () => {
    const v = await family();
    // 1. The album and the CD of one story, three CDs, posted.
    await v.add(ids.ruthAlbum);
    await v.add(ids.ruthCd, 3);
    const cartId = (await v.total()).json().cart.id;
    expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
    const cds = await payCart(v);
    // 2. A gift card for Ana.
    expect((await v.addGiftCard({ amount: 25, name: 'Ana', email: 'ana@example.test', message: '' })).statusCode).toBe(200);
    const card = await payCart(v);
    // 3. A monthly donation; 4. the monthly plan.
    const donation = { title: 'Radio outreach', description: '', code: 'radio_monthly', amount: 20, type: 'recurring_donation' };
    await createSku(t.db, { type: 'recurring_donation', code: 'radio_monthly', title: 'Radio outreach', full_price_cents: 0 });
    expect((await v.donate([donation])).statusCode).toBe(200);
    const monthly = await payCart(v);
    await v.add(ids.monthly);
    const plan = await payCart(v);

    const before = Date.now();
    const list = await listOrders(v);
    expect(list.items.map((o) => o.order_id)).toEqual([plan, monthly, card, cds]);
    const [planOrder, donationOrder, cardOrder, cdOrder] = list.items as [Order, Order, Order, Order];

    expect(cdOrder.items).toMatchObject([
      { type: 'digital_album', quantity: 1, is_shipped: false, recipient_name: null, renewal: null },
      { type: 'physical', quantity: 3, is_shipped: true, renewal: null },
    ]);
    expect(cdOrder.shipment).toEqual({
      status: 'preparing',
      shipped_at: null,
      carrier: null,
      tracking_number: null,
      tracking_url: null,
      ship_to: ['Grace Miller', '12 Elm Street', 'Chicago, IL 60601', 'United States'],
      arrives: { from: expect.any(String), by: expect.any(String) },
    });
    expect(cdOrder.gifts).toEqual([]);

    expect(cardOrder.items).toMatchObject([{ type: 'gift_card', recipient_name: 'Ana', is_shipped: false }]);
    expect(cardOrder.shipment).toBeNull();
    expect(cardOrder.gifts).toEqual([
      { kind: 'gift_card', recipient_name: 'Ana', recipient_email: 'ana@example.test', is_claimed: false },
    ]);

    for (const order of [donationOrder, planOrder]) {
      const [line] = order.items;
      expect(line?.renewal).toMatchObject({ interval: 'month', is_cancelled: false });
      // One month after the order: between 28 and 31 days from now.
      const next = Date.parse(line?.renewal?.next_renewal_at ?? '');
      expect(next - before).toBeGreaterThan(27 * DAY);
      expect(next - before).toBeLessThan(32 * DAY);
      expect(order.shipment).toBeNull();
    }
    expect(donationOrder.items[0]).toMatchObject({ type: 'recurring_donation', recurring_donation_is_cancelled: false });
    expect(planOrder.items[0]).toMatchObject({ type: 'subscription', recurring_donation_id: null });

    // Cancelled: no next date.
    const id = donationOrder.items[0]?.recurring_donation_id;
    expect((await v.send('DELETE', `/crud/recurring-donations/${id}`)).statusCode).toBe(204);
    const after = (await v.send('GET', `/crud/orders/${monthly}`)).json() as Order;
    expect(after.items[0]?.renewal).toEqual({ interval: 'month', next_renewal_at: null, is_cancelled: true });
  });

  it('gives every order a readable number, unique and not sequential, next to its internal id', async () => {
    const v = await family();
    for (const slug of ['jonah', 'daniel', 'miriam', 'samuel', 'hannah']) {
      const story = await createProduct(t.db, { slug, title: slug }, { album: 499 });
      await v.add(story.album);
      await payCart(v);
    }
    const list = await listOrders(v);
    const numbers = list.items.map((o) => o.order_number);
    expect(numbers).toHaveLength(5);
    for (const o of list.items) {
      expect(o.order_number).toMatch(NUMBER);
      expect(o.order_number).not.toContain(String(o.order_id));
      expect((await v.send('GET', `/crud/orders/${o.order_id}`)).json()).toMatchObject({ order_number: o.order_number });
    }
    // Unique (the table refuses a repeat) and not counting up.
    expect(new Set(numbers).size).toBe(numbers.length);
    const value = (n: string) =>
      [...n.replace(/^SH-|-/g, '')].reduce((x, c) => x * 32 + '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'.indexOf(c), 0);
    const steps = numbers.slice(1).map((n, i) => value(numbers[i] as string) - value(n));
    expect(steps.every((d) => Math.abs(d) > 1)).toBe(true);
    const [first] = await t.db
      .selectFrom('orders')
      .select('number')
      .where('id', '=', list.items[0]?.order_id ?? 0)
      .execute();
    await expect(
      t.db
        .updateTable('orders')
        .set({ number: first?.number ?? '' })
        .where('id', '=', list.items[1]?.order_id ?? 0)
        .execute(),
    ).rejects.toThrow(/orders_number_key/);
  });

  it('shows the shipping date, carrier and tracking link once the back office sets them', async () => {
    const v = await family();
    await v.add(ids.ruthCd);
    const cartId = (await v.total()).json().cart.id;
    expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
    const orderId = await payCart(v);
    expect(((await v.send('GET', `/crud/orders/${orderId}`)).json() as Order).shipment?.status).toBe('preparing');

    const shippedAt = new Date('2026-11-20T15:00:00Z');
    await t.db
      .updateTable('orders')
      .set({
        shipped_at: shippedAt,
        carrier: 'USPS',
        tracking_number: '9400 1000 0000 0000 0000 00',
        tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
      })
      .where('id', '=', orderId)
      .execute();

    const order = (await v.send('GET', `/crud/orders/${orderId}`)).json() as Order;
    expect(order.shipment).toEqual({
      status: 'shipped',
      shipped_at: shippedAt.toISOString(),
      carrier: 'USPS',
      tracking_number: '9400 1000 0000 0000 0000 00',
      tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
      ship_to: ['Grace Miller', '12 Elm Street', 'Chicago, IL 60601', 'United States'],
      // Once it left, no estimate: its date and tracking say more.
      arrives: null,
    });
    expect((await listOrders(v)).items[0]?.shipment?.status).toBe('shipped');

    // The page links to it: only a web address is kept, and no tracking before the parcel has left.
    await expect(
      t.db.updateTable('orders').set({ tracking_url: 'javascript:alert(1)' }).where('id', '=', orderId).execute(),
    ).rejects.toThrow(/check/);
    await expect(
      t.db
        .updateTable('orders')
        .set({ shipped_at: null, tracking_url: 'https://example.test/t' })
        .where('id', '=', orderId)
        .execute(),
    ).rejects.toThrow(/orders_tracking_after_shipping/);
  });

  it('says to whom a gift order’s stories went, and when they were claimed', async () => {
    const v = await family();
    await v.add(album);
    await v.markGift({ name: 'Grandma Rose', email: 'rose-orders@example.test', message: 'For the car rides' });
    const orderId = await payCart(v);
    const gift = () => orderOf(v, orderId);
    expect((await gift()).gifts).toEqual([
      { kind: 'downloads', recipient_name: 'Grandma Rose', recipient_email: 'rose-orders@example.test', is_claimed: false },
    ]);
    const rose = await family();
    const claimedBy = (await t.db.selectFrom('users').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
    await t.db
      .updateTable('gifts')
      .set({ claimed_at: new Date(), claimed_by_user_id: claimedBy })
      .where('order_id', '=', orderId)
      .execute();
    expect((await gift()).gifts[0]?.is_claimed).toBe(true);
    // The recipient does not see the buyer's order.
    expect((await rose.send('GET', `/crud/orders/${orderId}`)).statusCode).toBe(404);
  });
});

/** One order as its owner reads it. */
const orderOf = async (v: CartVisitor, orderId: number) => (await v.send('GET', `/crud/orders/${orderId}`)).json() as Order;

describe('after paying: what the order gave and where the parcel goes (issue 46, decision 071)', () => {
  /** The album and the CD of Ruth, posted to Illinois; the order's id. */
  async function albumAndCd(v: CartVisitor) {
    await v.add(ids.ruthAlbum);
    await v.add(ids.ruthCd);
    const cartId = (await v.total()).json().cart.id;
    expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
    return payCart(v);
  }
  /** The order's receipt in the outbox (the family's e-mail about it; a CD's alert goes to the ministry's address). */
  const receiptOf = (orderId: number) =>
    t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('subject', 'like', 'Your Storyhouse order%')
      .executeTakeFirstOrThrow();
  const ruthId = async () =>
    (await t.db.selectFrom('products').select('id').where('slug', '=', 'ruth').executeTakeFirstOrThrow()).id;

  it('gives each line its cover and its album in the library, and the parcel its address and estimate', async () => {
    const v = await family();
    await t.db.updateTable('products').set({ primary_image: 'covers/ruth.jpg' }).where('slug', '=', 'ruth').execute();
    const orderId = await albumAndCd(v);
    // Paid on Wednesday 2 December 2026: economy's 5-8 business days are the 9th to the 14th (a weekend between).
    await t.db
      .updateTable('orders')
      .set({ paid_at: new Date('2026-12-02T10:00:00Z') })
      .where('id', '=', orderId)
      .execute();
    const order = (await getOrder(v, orderId)).json() as Order;
    const ruth = await ruthId();
    expect(order.items).toMatchObject([
      { type: 'digital_album', cover_url: mediaPaths.image('covers/ruth.jpg'), library_album_id: ruth, track_id: null },
      { type: 'physical', cover_url: mediaPaths.image('covers/ruth.jpg'), library_album_id: ruth, track_id: null },
    ]);
    expect(order.shipment).toMatchObject({
      ship_to: ['Grace Miller', '12 Elm Street', 'Chicago, IL 60601', 'United States'],
      arrives: { from: '2026-12-09', by: '2026-12-14' },
    });
    // Priority: 2-3 business days, the 4th to the 7th.
    await t.db.updateTable('orders').set({ shipping_type: 'priority' }).where('id', '=', orderId).execute();
    expect(((await getOrder(v, orderId)).json() as Order).shipment?.arrives).toEqual({ from: '2026-12-04', by: '2026-12-07' });
    // The country is named in the site's language.
    expect(((await getOrder(v, orderId, '?test_spanish_site=1')).json() as Order).shipment?.ship_to).toContain('Estados Unidos');
    // A method whose estimate the ministry cleared says none rather than a made-up one.
    await t.db.updateTable('shipping_rates').set({ min_days: null, max_days: null }).where('method', '=', 'priority').execute();
    expect(((await getOrder(v, orderId)).json() as Order).shipment?.arrives).toBeNull();
    await t.db.updateTable('shipping_rates').set({ min_days: 2, max_days: 3 }).where('method', '=', 'priority').execute();
  });

  it('sends the receipt with a Listen link built from the site’s address, the address and the estimate', async () => {
    const v = await family();
    const orderId = await albumAndCd(v);
    const order = (await getOrder(v, orderId)).json() as Order;
    const receipt = await receiptOf(orderId);
    const ruth = await ruthId();
    expect(receipt.text_body).toContain(
      `- Ruth (Digital album): $9.99\n  Listen: http://localhost/library/album/${ruth}?play=first`,
    );
    expect(receipt.html_body).toContain(`href="http://localhost/library/album/${ruth}?play=first"`);
    // The CD is posted: no Listen link on its line; where it goes and when it should arrive.
    expect(receipt.text_body).toContain('- Ruth (CD): $12.99\n');
    expect(receipt.text_body).toContain('Ships to:\nGrace Miller\n12 Elm Street\nChicago, IL 60601\nUnited States');
    const day = (d: string) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
    const arrives = order.shipment?.arrives;
    expect(arrives).not.toBeNull();
    expect(receipt.text_body).toContain(`Expected delivery: between ${day(arrives?.from ?? '')} and ${day(arrives?.by ?? '')}`);
  });

  it('links a gift order’s downloads to nobody’s library: they are the recipient’s to claim', async () => {
    const v = await family();
    await v.add(ids.ruthAlbum);
    await v.markGift({ name: 'Grandma Rose', email: 'rose@example.test', message: '' });
    const orderId = await payCart(v);
    const order = (await getOrder(v, orderId)).json() as Order;
    expect(order.items).toMatchObject([{ type: 'digital_album', library_album_id: null }]);
    expect(order.gifts).toMatchObject([{ kind: 'downloads', recipient_name: 'Grandma Rose' }]);
    const receipt = await receiptOf(orderId);
    expect(receipt.text_body).not.toContain('Listen:');
  });
});
