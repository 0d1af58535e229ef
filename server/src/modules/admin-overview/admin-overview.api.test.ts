import type { AdminOverview } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createProduct, createUser, illinoisAddress } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';
import { overviewDays } from './admin-overview.service';

/**
 * Issue 44 §1: the back office's home is a to-do list: what waits on a volunteer, oldest first, with links, and
 * the money of today and this month against last month.
 */
let t: TestApp;
let admin: CartVisitor;
const ids = { album: 0, cd: 0, monthly: 0 };
const DAY_MS = 86_400_000;

const lastOrderId = async () => (await t.db.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
const setPaid = (id: number, at: Date) =>
  t.db.updateTable('orders').set({ paid_at: at, created_at: at }).where('id', '=', id).execute();

async function family(email: string, fname: string) {
  await createUser(t.db, { email, password: 'listen-along', fname, lname: 'Miller' });
  return logIn(t.app, { email, password: 'listen-along' });
}

/** A family buys a CD posted to Illinois: a parcel to post. */
async function cdOrder(v: CartVisitor) {
  await v.add(ids.cd);
  const cart = (await v.total()).json().cart.id;
  expect((await v.send('POST', `/crud/cart/${cart}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
  await payCart(v);
  return lastOrderId();
}

const overview = async () => {
  const res = await admin.send('GET', '/crud/admin/overview');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOverview;
};

beforeAll(async () => {
  t = await createTestApp();
  const ruth = await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 899, cd: 1299 });
  ids.album = ruth.album;
  ids.cd = ruth.cd;
  ids.monthly = await createPlan(t.db, 'monthly');
  await createUser(t.db, { email: 'overview-admin@example.test', password: 'reads-the-to-do', is_admin: true });
  admin = await logIn(t.app, { email: 'overview-admin@example.test', password: 'reads-the-to-do' });
});
afterAll(() => t.close());

describe('GET /crud/admin/overview', () => {
  it('is for admins only', async () => {
    const v = await family('overview-customer@example.test', 'Anna');
    expect((await v.send('GET', '/crud/admin/overview')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/crud/admin/overview' })).statusCode).toBe(401);
  });

  it('lists the parcels to post oldest first, with how long each has waited, and leaves out what is shipped', async () => {
    const before = await overview();
    const older = await cdOrder(await family('overview-older@example.test', 'Olga'));
    await setPaid(older, new Date(Date.now() - 3 * DAY_MS));
    const newer = await cdOrder(await family('overview-newer@example.test', 'Nina'));
    const shipped = await cdOrder(await family('overview-shipped@example.test', 'Sara'));
    const ship = await admin.send('POST', `/crud/admin/orders/${shipped}/ship`, { carrier: 'USPS', tracking_number: '9400' });
    expect(ship.statusCode, ship.body).toBe(200);

    const after = await overview();

    expect(after.to_ship.count).toBe(before.to_ship.count + 2);
    expect(after.to_ship.oldest.map((o) => o.id)).toEqual([older, newer]);
    expect(after.to_ship.oldest[0]).toMatchObject({ name: 'Olga Miller' });
    expect(Date.parse(after.to_ship.oldest[0]?.paid_at ?? '')).toBeLessThan(Date.now() - 2 * DAY_MS);
  });

  it('counts the guest book, the messages and the lesson requests that wait, and not those handled', async () => {
    const before = await overview();
    await t.db
      .insertInto('guest_book_entries')
      .values([
        { lang_code: 'es', author_name: 'Ana', author_email: 'ana@example.test', content: '¡Gracias!' },
        { lang_code: 'en', author_name: 'Bo', author_email: 'bo@example.test', content: 'Thanks', approved_at: new Date() },
      ])
      .execute();
    const message = { lang_code: 'en', first_name: 'Ruth', last_name: 'Moab', email: 'ruth@example.test', message: 'Hello' };
    await t.db
      .insertInto('contact_messages')
      .values([message, message, { ...message, handled_at: new Date() }])
      .execute();

    const after = await overview();

    expect(after.guest_book_waiting).toBe(before.guest_book_waiting + 1);
    expect(after.messages_waiting.contact).toBe(before.messages_waiting.contact + 2);
    expect(after.messages_waiting.lessons).toBe(before.messages_waiting.lessons);
  });

  it('counts the plans past due', async () => {
    const v = await family('overview-plan@example.test', 'Paul');
    await v.add(ids.monthly);
    await payCart(v);
    expect((await overview()).past_due).toBe(0);
    await t.db.updateTable('recurring_items').set({ status: 'past_due' }).execute();
    expect((await overview()).past_due).toBe(1);
  });

  it('names a refund the processor refused until a later refund of the order goes through', async () => {
    const v = await family('overview-refund@example.test', 'Rita');
    await v.add(ids.album);
    await payCart(v);
    const order = await lastOrderId();
    const refund = (key: string, status: 'failed' | 'done', at: Date) => ({
      order_id: order,
      amount_cents: 899,
      idempotency_key: key,
      status,
      created_at: at,
    });
    await t.db
      .insertInto('order_refunds')
      .values(refund('overview-refused', 'failed', new Date(Date.now() - DAY_MS)))
      .execute();

    const refused = await overview();
    expect(refused.refunds_refused.count).toBe(1);
    expect(refused.refunds_refused.oldest[0]).toMatchObject({ order_id: order, amount_usd: 8.99 });

    await t.db
      .insertInto('order_refunds')
      .values(refund('overview-made-good', 'done', new Date()))
      .execute();
    expect((await overview()).refunds_refused.count).toBe(0);
  });

  it('names the CDs and books at or below their low-stock threshold, fewest first, and not those untracked', async () => {
    expect((await overview()).low_stock).toEqual([]);
    await t.db.updateTable('skus').set({ stock: 2, low_stock_threshold: 5 }).where('id', '=', ids.cd).execute();
    const low = (await overview()).low_stock;
    expect(low).toMatchObject([{ sku_id: ids.cd, title: 'Ruth', type: 'physical', stock: 2 }]);
    await t.db.updateTable('skus').set({ stock: 6 }).where('id', '=', ids.cd).execute();
    expect((await overview()).low_stock).toEqual([]);
    await t.db.updateTable('skus').set({ stock: null }).where('id', '=', ids.cd).execute();
    expect((await overview()).low_stock).toEqual([]);
  });

  it("adds today's and this month's sales and gifts, against last month to the same day", async () => {
    const before = await overview();
    const v = await family('overview-money@example.test', 'Mara');
    await v.add(ids.album);
    await payCart(v);
    const days = overviewDays(new Date());
    const w = await family('overview-last-month@example.test', 'Lena');
    await w.add(ids.album);
    await payCart(w);
    await setPaid(await lastOrderId(), new Date(`${days.lastMonthToDate}T12:00:00Z`));

    const after = await overview();

    expect(after.today).toBe(days.today);
    expect(Math.round((after.money.today.sales_usd - before.money.today.sales_usd) * 100)).toBe(899);
    expect(after.money.today.orders - before.money.today.orders).toBe(1);
    expect(Math.round((after.money.month.sales_usd - before.money.month.sales_usd) * 100)).toBe(899);
    expect(Math.round((after.money.last_month_to_date.sales_usd - before.money.last_month_to_date.sales_usd) * 100)).toBe(899);
    expect(Math.round((after.money.last_month.sales_usd - before.money.last_month.sales_usd) * 100)).toBe(899);
  });
});

describe('overviewDays', () => {
  it('compares the 31st of March with the last day of February, and January with December', () => {
    expect(overviewDays(new Date('2026-03-31T10:00:00Z'))).toEqual({
      today: '2026-03-31',
      monthStart: '2026-03-01',
      lastMonthStart: '2026-02-01',
      lastMonthToDate: '2026-02-28',
      lastMonthEnd: '2026-02-28',
    });
    expect(overviewDays(new Date('2027-01-15T23:59:00Z'))).toMatchObject({
      lastMonthStart: '2026-12-01',
      lastMonthToDate: '2026-12-15',
      lastMonthEnd: '2026-12-31',
    });
  });
});
