import type { AdminProduct, AuditResponse, CartLine, Product, PurchaseResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser, illinoisAddress } from '../../../test/factories';
import { cardToken, chargesMade, payCart, submitCart, TEST_CARDS } from '../../../test/payments-client';
import { lowStockProducts } from './stock.service';

/**
 * Decision 061: stock of what is posted. A counted CD or book is taken off the
 * shelf by the transaction that marks its order paid, held meanwhile by its
 * pending order, put back by a refund before posting; at 0 the shop says sold
 * out, the cart refuses it and checkout refuses a cart holding it, charging
 * nothing. The back office sets the count (audited, a stale count refused)
 * and lists what is low; the ministry gets one e-mail a day about it.
 */
let t: TestApp;
let admin: CartVisitor;
let products = 0;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { email: 'shelf@example.test', password: 'counts-the-cds', is_admin: true, fname: 'Vera' });
  admin = await logIn(t.app, { email: 'shelf@example.test', password: 'counts-the-cds' });
});
afterAll(() => t.close());

/** A new product with a digital album and a CD; the CD counted at `stock` (null: not tracked). */
async function cdProduct(stock: number | null, threshold = 5) {
  products += 1;
  const slug = `ruth-${products}`;
  const p = await createProduct(t.db, { slug, title: `Ruth ${products}` }, { album: 899, cd: 1299 });
  await t.db.updateTable('skus').set({ stock, low_stock_threshold: threshold }).where('id', '=', p.cd).execute();
  return { ...p, slug };
}

let families = 0;
/** A new signed-in family whose cart ships to Illinois once it has something in it. */
async function family() {
  families += 1;
  const email = `shelf-family${families}@example.test`;
  await createUser(t.db, { email, password: 'listen-along', fname: 'Grace', lname: `Family${families}` });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { email });
}

async function shipToIllinois(v: CartVisitor) {
  const cartId = (await v.total()).json().cart.id;
  expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
}

/** A family that buys `quantity` of the CD (paid); its order's id. */
async function buy(skuId: number, quantity = 1) {
  const v = await family();
  expect((await v.add(skuId, quantity)).statusCode).toBe(200);
  await shipToIllinois(v);
  await payCart(v);
  const order = await t.db.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { v, orderId: order.id };
}

const stockOf = async (skuId: number) =>
  (await t.db.selectFrom('skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
const productBySlug = async (slug: string, visitor = cartVisitor(t.app)) =>
  (await visitor.send('GET', `/crud/product-by-slug/${slug}/skus`)).json() as Product;
const charges = () => chargesMade(t.db);
const ordersOf = async (v: { email: string }) =>
  t.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.status'])
    .where('users.email', '=', v.email)
    .execute();

describe('a counted CD in the shop', () => {
  it('takes the copies of a paid order off the shelf; what is not counted stays so', async () => {
    const counted = await cdProduct(5);
    const free = await cdProduct(null);
    await buy(counted.cd, 2);
    await buy(free.cd, 3);
    expect(await stockOf(counted.cd)).toBe(3);
    expect(await stockOf(free.cd)).toBeNull();
    expect((await productBySlug(free.slug)).physicalAlbum?.sold_out).toBe(false);
  });

  it('sells the last copy once: then the shop says sold out, the cart refuses it (409, localized) and takes no more than is left', async () => {
    const p = await cdProduct(1);
    expect((await productBySlug(p.slug)).physicalAlbum).toMatchObject({ sold_out: false, is_available: true });
    await buy(p.cd);
    expect(await stockOf(p.cd)).toBe(0);

    const product = await productBySlug(p.slug);
    expect(product.physicalAlbum?.sold_out).toBe(true);
    // The digital album is never sold out.
    expect(product.digitalAlbum?.sold_out).toBe(false);
    const listed = (
      await cartVisitor(t.app).send('GET', `/crud/product/skus?search=${encodeURIComponent(`Ruth ${products}`)}`)
    ).json();
    expect(listed.items.find((i: Product) => i.slug === p.slug)?.physicalAlbum?.sold_out).toBe(true);

    const second = await family();
    const refused = await second.add(p.cd);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'sold_out', message: `“${product.title}” is sold out.` });
    const spanish = await second.send('POST', '/crud/cart-session/skus', { sku_id: p.cd }, { host: 'es.localhost' });
    expect(spanish.json()).toMatchObject({ code: 'sold_out', message: `«${product.title}» está agotado.` });
    expect(await second.contents()).toEqual([]);
    // The album still sells.
    expect((await second.add(p.album)).statusCode).toBe(200);

    const q = await cdProduct(2);
    const third = await family();
    const tooMany = await third.add(q.cd, 3);
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([409, 'stock_short']);
    expect(tooMany.json().message).toBe(`Only 2 copies of “Ruth ${products}” left.`);
    expect((await third.add(q.cd, 2)).statusCode).toBe(200);
    const raised = await third.setQuantity(q.cd, 3);
    expect([raised.statusCode, raised.json().code]).toEqual([409, 'stock_short']);
    expect(await third.contents()).toEqual([[q.cd, 2]]);
    // Lowering is never refused for it.
    expect((await third.setQuantity(q.cd, 1)).statusCode).toBe(200);
  });

  it('refuses a checkout whose CD sold out meanwhile: the cart stays as it was, no order, no charge', async () => {
    const p = await cdProduct(1);
    const late = await family();
    expect((await late.add(p.cd)).statusCode).toBe(200);
    await shipToIllinois(late);
    await buy(p.cd);

    const lines = (await late.lines()) as CartLine[];
    expect(lines.map((l) => [l.sku_id, l.sold_out])).toEqual([[p.cd, true]]);
    const before = await charges();
    const res = await submitCart(late);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'sold_out' });
    expect(await late.contents()).toEqual([[p.cd, 1]]);
    expect(await ordersOf(late)).toEqual([]);
    expect(await charges()).toBe(before);
    expect(await stockOf(p.cd)).toBe(0);
  });

  it('sells the last copy to one of several families paying at once: one order and one charge; the others refused, charged nothing', async () => {
    // On PostgreSQL (DATABASE_URL) the purchases overlap and meet at the CD's row lock; on PGlite they take turns.
    const p = await cdProduct(1);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => family()));
    for (const v of buyers) {
      expect((await v.add(p.cd)).statusCode).toBe(200);
      await shipToIllinois(v);
    }
    const tokens = await Promise.all(buyers.map((v) => cardToken(v)));
    const before = await charges();
    const answers = await Promise.all(buyers.map((v, i) => submitCart(v, tokens[i])));

    const paid = answers.filter((r) => r.statusCode === 200);
    expect(paid.map((r) => r.json().status)).toEqual(['paid']);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual(Array(5).fill([409, 'sold_out']));
    expect(await charges()).toBe(before + 1);
    const orders = (await Promise.all(buyers.map(ordersOf))).flat();
    expect(orders.map((o) => o.status)).toEqual(['paid']);
    expect(await stockOf(p.cd)).toBe(0);
    // The refused families' carts are as they were.
    const kept = await Promise.all(buyers.map((v) => v.contents()));
    expect(kept.filter((c) => c.length === 1)).toHaveLength(5);
  });

  it('holds the copies of an order waiting for the bank: nobody else buys them until it is paid or given up', async () => {
    const p = await cdProduct(1);
    const waiting = await family();
    await waiting.add(p.cd);
    await shipToIllinois(waiting);
    const pending = (await submitCart(waiting, await cardToken(waiting, TEST_CARDS.authenticate))).json() as PurchaseResponse;
    expect(pending.status).toBe('pending');
    // On the shelf still, but held.
    expect(await stockOf(p.cd)).toBe(1);
    expect((await productBySlug(p.slug)).physicalAlbum?.sold_out).toBe(true);
    const other = await family();
    expect((await other.add(p.cd)).json().code).toBe('sold_out');

    // Given up on (the check never finished): the copy is for sale again.
    await t.app.reconcileOrders(new Date(Date.now() + 31 * 60_000));
    expect((await ordersOf(waiting)).map((o) => o.status)).toEqual(['failed']);
    expect((await productBySlug(p.slug)).physicalAlbum?.sold_out).toBe(false);
    expect((await other.add(p.cd)).statusCode).toBe(200);
  });

  it('puts the copies of a CD refunded before posting back on the shelf, once; after posting, a refund does not', async () => {
    const p = await cdProduct(3);
    const { orderId } = await buy(p.cd, 2);
    expect(await stockOf(p.cd)).toBe(1);
    const order = await t.db.selectFrom('order_lines').select(['id', 'type']).where('order_id', '=', orderId).execute();
    const cdLine = order.find((l) => l.type === 'physical')!;
    const refund = await admin.send('POST', `/crud/admin/orders/${orderId}/refund`, { line_ids: [cdLine.id] });
    expect(refund.statusCode).toBe(200);
    expect(await stockOf(p.cd)).toBe(3);
    // The rest of the order (its shipping) refunded whole: the CD is not counted twice.
    expect((await admin.send('POST', `/crud/admin/orders/${orderId}/refund`)).statusCode).toBe(200);
    expect(await stockOf(p.cd)).toBe(3);

    const { orderId: posted } = await buy(p.cd, 1);
    expect((await admin.send('POST', `/crud/admin/orders/${posted}/ship`, { carrier: 'USPS' })).statusCode).toBe(200);
    expect((await admin.send('POST', `/crud/admin/orders/${posted}/refund`)).statusCode).toBe(200);
    expect(await stockOf(p.cd)).toBe(2);
  });

  it('keeps the stock column to CDs and books, never below 0', async () => {
    const p = await cdProduct(null);
    await expect(t.db.updateTable('skus').set({ stock: 3 }).where('id', '=', p.album).execute()).rejects.toThrow();
    await expect(t.db.updateTable('skus').set({ stock: -1 }).where('id', '=', p.cd).execute()).rejects.toThrow();
  });
});

describe('PUT /crud/admin/products/{id}/skus/{skuId}/stock', () => {
  const path = (p: { id: number }, skuId: number) => `/crud/admin/products/${p.id}/skus/${skuId}/stock`;

  it('sets the count and threshold, audited with before and after; "not tracked" is null', async () => {
    const p = await cdProduct(null);
    const res = await admin.send('PUT', path(p, p.cd), { stock: 12, low_stock_threshold: 3, stock_read: null });
    expect(res.statusCode).toBe(200);
    const sku = (res.json() as AdminProduct).skus.find((s) => s.id === p.cd);
    expect(sku).toMatchObject({ stock: 12, low_stock_threshold: 3 });
    const untrack = await admin.send('PUT', path(p, p.cd), { stock: null, low_stock_threshold: 3, stock_read: 12 });
    expect((untrack.json() as AdminProduct).skus.find((s) => s.id === p.cd)?.stock).toBeNull();

    const audit = (await admin.send('GET', '/crud/admin/audit?action=stock.update')).json() as AuditResponse;
    const [latest, first] = audit.items;
    expect(first).toMatchObject({
      target: `product ruth-${products}`,
      details: {
        sku_id: p.cd,
        tracked_before: false,
        stock_before: null,
        tracked_after: true,
        stock_after: 12,
        threshold_after: 3,
      },
    });
    expect(latest?.details).toMatchObject({ tracked_before: true, stock_before: 12, tracked_after: false, stock_after: null });
  });

  it('refuses a count that changed since it was read (a sale meanwhile), and bad input, changing nothing', async () => {
    const p = await cdProduct(4);
    await buy(p.cd);
    const stale = await admin.send('PUT', path(p, p.cd), { stock: 10, low_stock_threshold: 5, stock_read: 4 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'stock_changed']);
    for (const body of [
      { stock: -1, low_stock_threshold: 5, stock_read: 3 },
      { stock: 2.5, low_stock_threshold: 5, stock_read: 3 },
      { stock: '7', low_stock_threshold: 5, stock_read: 3 },
      { stock: 7, stock_read: 3 },
      { stock: 7, low_stock_threshold: 5, stock_read: 3, extra: true },
      { stock: 2_000_000, low_stock_threshold: 5, stock_read: 3 },
    ]) {
      const bad = await admin.send('PUT', path(p, p.cd), body);
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
    }
    const album = await admin.send('PUT', path(p, p.album), { stock: 3, low_stock_threshold: 5, stock_read: null });
    expect([album.statusCode, album.json().code]).toEqual([400, 'stock_not_posted']);
    const elsewhere = await admin.send('PUT', path({ id: p.id + 1000 }, p.cd), {
      stock: 3,
      low_stock_threshold: 5,
      stock_read: 3,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await stockOf(p.cd)).toBe(3);
    expect(await stockOf(p.album)).toBeNull();
  });

  it('is for admins acting as themselves: 401 for a visitor, 403 for a family, nothing changed', async () => {
    const p = await cdProduct(4);
    const body = { stock: 0, low_stock_threshold: 5, stock_read: 4 };
    expect((await cartVisitor(t.app).send('PUT', path(p, p.cd), body)).statusCode).toBe(401);
    const customer = await family();
    expect((await customer.send('PUT', path(p, p.cd), body)).statusCode).toBe(403);
    expect(await stockOf(p.cd)).toBe(4);
  });
});

describe('low stock', () => {
  it('lists the counted CDs and books on sale at or below their threshold, fewest first; e-mails the ministry once a day', async () => {
    await t.db.updateTable('skus').set({ stock: null }).where('stock', 'is not', null).execute();
    const low = await cdProduct(2, 2);
    const lower = await cdProduct(0, 5);
    await cdProduct(6, 5);
    await cdProduct(null);
    const withdrawn = await cdProduct(1, 5);
    await t.db.updateTable('products').set({ is_available: false }).where('id', '=', withdrawn.id).execute();

    expect((await lowStockProducts(t.db)).map((r) => [r.sku_id, r.stock, r.low_stock_threshold])).toEqual([
      [lower.cd, 0, 5],
      [low.cd, 2, 2],
    ]);

    const mails = () =>
      t.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', 'ministry@storyhouse.example')
        .where('subject', 'like', 'Low stock%')
        .execute();
    const day = new Date('2031-03-04T08:00:00Z');
    // Two servers' workers at once on one database: one e-mail.
    const other = await createTestApp({ database: t.database });
    try {
      const sent = await Promise.all([t.app.sendLowStockMail(day), other.app.sendLowStockMail(day)]);
      expect(sent.sort()).toEqual([0, 2]);
    } finally {
      await other.close();
    }
    expect(await t.app.sendLowStockMail(new Date('2031-03-04T20:00:00Z'))).toBe(0);
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Low stock: 2 CDs and books');
    expect(mail?.text_body).toContain(`Ruth ${products - 3} (CD): 0 left (alert at 5)`);
    expect(mail?.text_body).toContain('http://localhost/admin');
    // The next day, again; a day with nothing low sends nothing.
    expect(await t.app.sendLowStockMail(new Date('2031-03-05T08:00:00Z'))).toBe(2);
    await t.db.updateTable('skus').set({ stock: 50 }).where('stock', 'is not', null).execute();
    expect(await t.app.sendLowStockMail(new Date('2031-03-06T08:00:00Z'))).toBe(0);
    expect(await mails()).toHaveLength(2);
  });
});
