import type { AdminOrder, CouponsReport, KindsReport, RefundsReport, SalesReport, SitesReport } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createProduct, createSku, createUser, illinoisAddress } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/**
 * Issue 29 item 5: the back office's reports. Four families' orders and a
 * plan's renewal are dated into March–May 2020 (no other test's money is
 * there), then every report is read as the admin's page and CSV read them.
 */
let t: TestApp;
let admin: CartVisitor;
const ids = { album: 0, cd: 0, monthly: 0 };
const orders = { a: 0, b: 0, c: 0, d: 0 };
let amounts: AdminOrder['amounts'];
let numberA = '';

const setPaid = (id: number, at: string) =>
  t.db
    .updateTable('orders')
    .set({ paid_at: new Date(at), created_at: new Date(at) })
    .where('id', '=', id)
    .execute();
const lastOrderId = async () => (await t.db.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;

async function family(email: string, fname = 'Grace', lname = 'Miller') {
  await createUser(t.db, { email, password: 'listen-along', fname, lname });
  return logIn(t.app, { email, password: 'listen-along' });
}

/** A CD and an album posted to Illinois (shipping and tax), paid at `paidAt`: the order's id. */
async function cdAndAlbumPosted(v: CartVisitor, paidAt: string) {
  await v.add(ids.cd);
  await v.add(ids.album);
  const cart = (await v.total()).json().cart.id;
  expect((await v.send('POST', `/crud/cart/${cart}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
  await payCart(v);
  const id = await lastOrderId();
  await setPaid(id, paidAt);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const ruth = await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 899, cd: 1299 });
  ids.album = ruth.album;
  ids.cd = ruth.cd;
  ids.monthly = await createPlan(t.db, 'monthly');
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  await t.db.insertInto('coupons').values({ code: 'BUY10', title: '10% off', percent_off: 10 }).execute();
  await createUser(t.db, { email: 'reports-admin@example.test', password: 'counts-the-money', is_admin: true });
  admin = await logIn(t.app, { email: 'reports-admin@example.test', password: 'counts-the-money' });

  // A: a CD and an album, posted to Illinois, on 10 March (a Tuesday). Its name is one a spreadsheet would run.
  orders.a = await cdAndAlbumPosted(
    await family('family-a@example.test', '=HYPERLINK("x")', 'Smith, Jr'),
    '2020-03-10T15:00:00Z',
  );

  // B: an album and a $7 gift on the Spanish site, late on 31 March (UTC).
  const b = await family('family-b@example.test', 'Lucía', 'Peña');
  await b.add(ids.album);
  expect(
    (await b.donate([{ title: 'Missions', description: '', code: 'missions', amount: 7, type: 'donation' }])).statusCode,
  ).toBe(200);
  await payCart(b, undefined, { lang_code: 'es' });
  orders.b = await lastOrderId();
  await setPaid(orders.b, '2020-03-31T23:30:00Z');

  // C: the monthly plan on 2 April, renewed on 2 May.
  const c = await family('family-c@example.test');
  await c.add(ids.monthly);
  await payCart(c);
  orders.c = await lastOrderId();
  await setPaid(orders.c, '2020-04-02T10:00:00Z');
  expect((await admin.send('POST', '/crud/test-payments/clock', { advance_days: 31 })).statusCode).toBe(200);
  const renewal = await t.db.selectFrom('renewal_payments').select('id').executeTakeFirstOrThrow();
  await t.db
    .updateTable('renewal_payments')
    .set({ paid_at: new Date('2020-05-02T10:00:00Z') })
    .where('id', '=', renewal.id)
    .execute();

  // D: an album with the BUY10 coupon on 20 April.
  const d = await family('family-d@example.test');
  await d.add(ids.album);
  expect((await d.useCoupon('BUY10')).statusCode).toBe(200);
  await payCart(d);
  orders.d = await lastOrderId();
  await setPaid(orders.d, '2020-04-20T12:00:00Z');

  // A's album is refunded from the back office on 15 April.
  const refund = await admin.send('POST', `/crud/admin/orders/${orders.a}/refund`, { sku_ids: [ids.album] });
  expect(refund.statusCode).toBe(200);
  await t.db
    .updateTable('order_refunds')
    .set({ created_at: new Date('2020-04-15T09:00:00Z') })
    .execute();
  const detail = (await admin.send('GET', `/crud/admin/orders/${orders.a}`)).json() as AdminOrder;
  amounts = detail.amounts;
  numberA = detail.number;
});
afterAll(() => t.close());

const get = async <R>(path: string) => {
  const res = await admin.send('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as R;
};
const cents = (usd: number) => Math.round(usd * 100);

describe('the sales and gifts report', () => {
  it('adds up each month: sales, gifts, shipping, tax, refunds and what is left, renewals included', async () => {
    const r = await get<SalesReport>('/crud/admin/reports/sales?from=2020-03-01&to=2020-05-31&interval=month');
    const taxB = (await get<AdminOrder>(`/crud/admin/orders/${orders.b}`)).amounts.tax_usd;
    const taxD = (await get<AdminOrder>(`/crud/admin/orders/${orders.d}`)).amounts.tax_usd;
    expect(r.periods.map((p) => [p.start, p.orders, p.sales_usd, p.gifts_usd, p.refunds_usd])).toEqual([
      ['2020-03-01', 2, 30.97, 7, 0],
      ['2020-04-01', 2, 13.09, 0, 8.99],
      ['2020-05-01', 0, 5, 0, 0],
    ]);
    const march = r.periods[0];
    expect(march?.shipping_usd).toBe(amounts.shipping_usd);
    expect(cents(march?.tax_usd ?? 0)).toBe(cents(amounts.tax_usd) + cents(taxB));
    expect(cents(march?.net_usd ?? 0)).toBe(3097 + 700 + cents(amounts.shipping_usd) + cents(march?.tax_usd ?? 0));
    expect(r.periods[1]?.tax_usd).toBe(taxD);
    expect(r.totals).toMatchObject({ orders: 4, sales_usd: 49.06, gifts_usd: 7, refunds_usd: 8.99 });
  });

  it('groups by week (from Monday) and by day, empty periods included', async () => {
    const weeks = await get<SalesReport>('/crud/admin/reports/sales?from=2020-03-09&to=2020-03-31&interval=week');
    expect(weeks.periods.map((p) => [p.start, p.orders])).toEqual([
      ['2020-03-09', 1],
      ['2020-03-16', 0],
      ['2020-03-23', 0],
      ['2020-03-30', 1],
    ]);
    const days = await get<SalesReport>('/crud/admin/reports/sales?from=2020-03-31&to=2020-04-02&interval=day');
    expect(days.periods.map((p) => [p.start, p.orders, p.sales_usd, p.gifts_usd])).toEqual([
      ['2020-03-31', 1, 8.99, 7],
      ['2020-04-01', 0, 0, 0],
      ['2020-04-02', 1, 5, 0],
    ]);
  });
});

describe('kept, never stale', () => {
  it('counts a payment made just after the same report was read', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const path = `/crud/admin/reports/sales?from=${today}&to=${today}&interval=day`;
    const before = (await get<SalesReport>(path)).totals;
    const v = await family('family-late@example.test');
    await v.add(ids.album);
    await payCart(v);
    const after = (await get<SalesReport>(path)).totals;
    expect([after.orders - before.orders, cents(after.sales_usd) - cents(before.sales_usd)]).toEqual([1, 899]);
  });
});

describe('the other reports', () => {
  it('counts each kind sold, renewals of plans as plans', async () => {
    const r = await get<KindsReport>('/crud/admin/reports/kinds?from=2020-03-01&to=2020-05-31');
    expect(r.rows.map((k) => [k.kind, k.quantity, k.orders, k.amount_usd])).toEqual([
      ['digital_album', 3, 3, 26.07],
      ['physical', 1, 1, 12.99],
      ['subscription', 2, 2, 10],
      ['donation', 1, 1, 7],
    ]);
  });

  it('puts each order on its language site, and the refunds of its orders', async () => {
    const r = await get<SitesReport>('/crud/admin/reports/sites?from=2020-03-01&to=2020-05-31');
    expect(r.rows).toEqual([
      { lang_code: 'en', orders: 3, sales_usd: 40.07, gifts_usd: 0, refunds_usd: 8.99 },
      { lang_code: 'es', orders: 1, sales_usd: 8.99, gifts_usd: 7, refunds_usd: 0 },
    ]);
  });

  it('shows how often a coupon was used and what it took off, the coupon titled in the admin’s language', async () => {
    const r = await get<CouponsReport>('/crud/admin/reports/coupons?from=2020-03-01&to=2020-05-31');
    const d = await get<AdminOrder>(`/crud/admin/orders/${orders.d}`);
    expect(r.rows).toEqual([{ code: 'BUY10', title: '10% off', orders: 1, discount_usd: 0.9, total_usd: d.amounts.total_usd }]);
    // Issue 40 item 9: the Spanish back office reads the Spanish title; the Russian one, with none, the English.
    const coupon = await t.db.selectFrom('coupons').select('id').where('code', '=', 'BUY10').executeTakeFirstOrThrow();
    await t.db.insertInto('coupon_titles').values({ coupon_id: coupon.id, lang_code: 'es', title: '10 % menos' }).execute();
    const es = await get<CouponsReport>('/crud/admin/reports/coupons?from=2020-03-01&to=2020-05-31&test_spanish_site=1');
    expect(es.rows.map((row) => row.title)).toEqual(['10 % menos']);
    const ru = await admin.send('GET', '/crud/admin/reports/coupons?from=2020-03-01&to=2020-05-31&format=csv', undefined, {
      host: 'ru.localhost',
    });
    expect(ru.body).toContain(',10% off,');
  });

  it('lists the refunds made, with the order and the family', async () => {
    const r = await get<RefundsReport>('/crud/admin/reports/refunds?from=2020-04-01&to=2020-04-30');
    expect(r.rows).toEqual([
      {
        at: '2020-04-15T09:00:00.000Z',
        order_id: orders.a,
        order_number: numberA,
        customer: '=HYPERLINK("x") Smith, Jr',
        email: 'family-a@example.test',
        card_usd: 8.99,
        gift_card_usd: 0,
        refused_usd: 0,
        source: 'admin',
        status: 'done',
      },
    ]);
    expect([r.total_usd, r.refused_usd]).toEqual([8.99, 0]);
    expect((await get<RefundsReport>('/crud/admin/reports/refunds?from=2020-03-01&to=2020-03-31')).rows).toEqual([]);
  });
});

describe('CSV', () => {
  it('answers a spreadsheet Excel opens right: BOM, CRLF, headed in the site’s language', async () => {
    const res = await admin.send('GET', '/crud/admin/reports/sales?from=2020-03-01&to=2020-05-31&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="storyhouse-sales-2020-03-01-2020-05-31.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Period starting,Orders,Sales,Gifts,Shipping,Tax,Paid with gift cards,Refunds to cards,Net');
    expect(lines[1]).toMatch(/^2020-03-01,2,30\.97,7\.00,\d+\.\d\d,\d+\.\d\d,0\.00,0\.00,\d+\.\d\d$/);
    expect(lines[3]).toMatch(/^2020-05-01,0,5\.00,0\.00,0\.00,0\.00,0\.00,0\.00,5\.00$/);
    expect(lines.at(-1)).toBe('');

    const es = await admin.send('GET', '/crud/admin/reports/kinds?from=2020-03-01&to=2020-05-31&format=csv&test_spanish_site=1');
    expect(es.body.split('\r\n').slice(0, 2)).toEqual(['\uFEFFTipo,Unidades,Pedidos,Importe', 'Álbumes,3,3,26.07']);
    const sites = await admin.send('GET', '/crud/admin/reports/sites?from=2020-03-01&to=2020-05-31&format=csv');
    expect(sites.body).toContain('\r\nEspañol,1,8.99,7.00,0.00\r\n');
  });

  it('neutralises a name a spreadsheet would run as a formula, and quotes commas', async () => {
    const res = await admin.send('GET', '/crud/admin/reports/refunds?from=2020-04-01&to=2020-04-30&format=csv');
    const [header, row] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Date,Order,Customer,E-mail,To the card,To gift cards,Refused (not given back),Made from,Status');
    expect(row).toBe(
      `2020-04-15T09:00:00.000Z,${numberA},"'=HYPERLINK(""x"") Smith, Jr",family-a@example.test,8.99,0.00,0.00,Back office,Done`,
    );
  });
});

/**
 * Issue 40 item 4: the figures add up. In June 2020 a family buys a CD and an
 * album posted to Illinois (shipping and tax); the processor's dashboard gives
 * $5 back, and a refund of $12.99 is refused by the processor. Another family
 * pays $6 of an album with a gift card they were given (its money came in
 * when it was sold, not now), and the back office refunds that order: $2.99
 * to the card, $6 back to the gift card.
 */
describe('numbers that add up', () => {
  const csvRows = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));

  beforeAll(async () => {
    const order = await cdAndAlbumPosted(await family('family-e@example.test', 'Ruth', 'Baker'), '2020-06-05T12:00:00Z');
    await t.db
      .insertInto('order_refunds')
      .values([
        {
          order_id: order,
          amount_cents: 500,
          idempotency_key: 'reports-processor-refund',
          status: 'done',
          source: 'processor',
          created_at: new Date('2020-06-10T08:00:00Z'),
        },
        {
          order_id: order,
          amount_cents: 1299,
          idempotency_key: 'reports-refused-refund',
          status: 'failed',
          source: 'admin',
          created_at: new Date('2020-06-11T08:00:00Z'),
        },
      ])
      .execute();

    const g = await family('family-g@example.test', 'Anna', 'Ivanova');
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'family-g@example.test')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('gift_cards')
      .values({
        code: 'GCREPORTSJUNE',
        recipient_user_id: user.id,
        original_amount_cents: 600,
        balance_cents: 600,
        claimed_at: new Date(),
      })
      .execute();
    await g.add(ids.album);
    await payCart(g);
    const paidWithCard = await lastOrderId();
    await setPaid(paidWithCard, '2020-06-20T12:00:00Z');
    expect((await admin.send('POST', `/crud/admin/orders/${paidWithCard}/refund`, {})).statusCode).toBe(200);
    await t.db
      .updateTable('order_refunds')
      .set({ created_at: new Date('2020-06-21T08:00:00Z') })
      .where('order_id', '=', paidWithCard)
      .execute();
  });

  it('shows net as sales + gifts + shipping + tax − gift cards − refunds, each period and in all: what came in less what went back', async () => {
    const r = await get<SalesReport>('/crud/admin/reports/sales?from=2020-03-01&to=2020-06-30&interval=month');
    for (const p of [...r.periods, r.totals]) {
      const lines =
        cents(p.sales_usd) +
        cents(p.gifts_usd) +
        cents(p.shipping_usd) +
        cents(p.tax_usd) -
        cents(p.gift_cards_usd) -
        cents(p.refunds_usd);
      expect(cents(p.net_usd)).toBe(lines);
    }
    const june = r.periods.at(-1);
    expect(june?.shipping_usd).toBeGreaterThan(0);
    expect(june?.tax_usd).toBeGreaterThan(0);
    // $6 paid with a gift card (no new money) and $6 given back to it (none gone out).
    expect(june?.gift_cards_usd).toBe(6);
    expect(june?.refunds_usd).toBe(5 + 2.99);

    // What came in: what the paid orders charged to cards, and the renewals; less what went back to cards.
    const paid = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<string>('total_cents').as('cents'))
      .where('paid_at', '>=', new Date('2020-03-01'))
      .where('paid_at', '<', new Date('2020-07-01'))
      .executeTakeFirstOrThrow();
    const renewals = await t.db
      .selectFrom('renewal_payments')
      .select((eb) => eb.fn.sum<string>('amount_cents').as('cents'))
      .where('paid_at', '>=', new Date('2020-03-01'))
      .where('paid_at', '<', new Date('2020-07-01'))
      .executeTakeFirstOrThrow();
    expect(cents(r.totals.net_usd)).toBe(Number(paid.cents) + Number(renewals.cents) - 899 - 500 - 299);
    // The day it was paid: $8.99 sold, of which $2.99 came in.
    const paidDay = await get<SalesReport>('/crud/admin/reports/sales?from=2020-06-20&to=2020-06-20&interval=day');
    expect(paidDay.totals.gift_cards_usd).toBe(6);
    expect(cents(paidDay.totals.net_usd)).toBe(899 - 600);
  });

  it('says the same in the CSV, which ends with the summary’s totals', async () => {
    const r = await get<SalesReport>('/crud/admin/reports/sales?from=2020-03-01&to=2020-06-30&interval=month');
    const res = await admin.send('GET', '/crud/admin/reports/sales?from=2020-03-01&to=2020-06-30&interval=month&format=csv');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'Period starting',
      'Orders',
      'Sales',
      'Gifts',
      'Shipping',
      'Tax',
      'Paid with gift cards',
      'Refunds to cards',
      'Net',
    ]);
    for (const [, , sales, gifts, shipping, tax, giftCards, refunds, net] of rows) {
      const lines =
        [sales, gifts, shipping, tax].reduce((sum, v) => sum + cents(Number(v)), 0) -
        cents(Number(giftCards)) -
        cents(Number(refunds));
      expect(cents(Number(net))).toBe(lines);
    }
    const { totals } = r;
    const money = [
      totals.sales_usd,
      totals.gifts_usd,
      totals.shipping_usd,
      totals.tax_usd,
      totals.gift_cards_usd,
      totals.refunds_usd,
      totals.net_usd,
    ];
    expect(rows.at(-1)).toEqual(['Total', String(totals.orders), ...money.map((usd) => usd.toFixed(2))]);
    const es = await admin.send('GET', '/crud/admin/reports/sales?from=2020-06-01&to=2020-06-30&format=csv&test_spanish_site=1');
    expect(csvRows(es.body).at(-1)?.[0]).toBe('Total');
  });

  it('shows a refund the processor refused as refused, apart, and never sums it with refunds', async () => {
    const r = await get<RefundsReport>('/crud/admin/reports/refunds?from=2020-06-01&to=2020-06-30');
    expect(r.rows.map((f) => [f.source, f.status, f.card_usd, f.gift_card_usd, f.refused_usd])).toEqual([
      ['admin', 'done', 2.99, 6, 0],
      ['admin', 'failed', 0, 0, 12.99],
      ['processor', 'done', 5, 0, 0],
    ]);
    expect([r.total_usd, r.refused_usd]).toEqual([13.99, 12.99]);
    const sites = await get<SitesReport>('/crud/admin/reports/sites?from=2020-06-01&to=2020-06-30');
    expect(sites.rows.map((s) => s.refunds_usd)).toEqual([13.99]);

    const res = await admin.send('GET', '/crud/admin/reports/refunds?from=2020-06-01&to=2020-06-30&format=csv');
    const rows = csvRows(res.body).slice(1);
    expect(rows.map((row) => row.slice(4))).toEqual([
      ['2.99', '6.00', '0.00', 'Back office', 'Done'],
      ['0.00', '0.00', '12.99', 'Back office', 'Refused by the processor'],
      ['5.00', '0.00', '0.00', 'Processor’s dashboard', 'Done'],
      ['7.99', '6.00', '12.99', '', ''],
    ]);
    expect(rows.at(-1)?.slice(0, 4)).toEqual(['Total', '', '', '']);
    const es = await admin.send(
      'GET',
      '/crud/admin/reports/refunds?from=2020-06-01&to=2020-06-30&format=csv&test_spanish_site=1',
    );
    expect(csvRows(es.body)[2]?.at(-1)).toBe('Rechazado por el procesador de pagos');
  });
});

describe('bad input', () => {
  const fieldsOf = async (query: string) => {
    const res = await admin.send('GET', `/crud/admin/reports/sales${query}`);
    expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
    return res.json().fields;
  };

  it('refuses an inverted range, a century, a year and more day by day, and days that do not exist', async () => {
    expect(await fieldsOf('?from=2020-05-01&to=2020-03-01')).toEqual({ 'querystring.to': 'Must be on or after the start date' });
    expect(await fieldsOf('?from=1950-01-01&to=2050-01-01')).toEqual({ 'querystring.from': 'At most five years at a time' });
    expect(await fieldsOf('?from=2019-01-01&to=2020-12-31&interval=day')).toEqual({
      'querystring.interval': 'Day by day, at most a year: choose weeks or months',
    });
    expect(await fieldsOf('?from=2020-02-30&to=2020-03-01')).toHaveProperty(['querystring.from']);
    expect(await fieldsOf('?to=2020-03-01')).toHaveProperty(['querystring.from']);
    expect(await fieldsOf('?from=2020-01-01&to=2020-03-01&format=xlsx')).toHaveProperty(['querystring.format']);
    const es = await admin.send('GET', '/crud/admin/reports/sales?from=2020-05-01&to=2020-03-01&test_spanish_site=1');
    expect(es.json().fields).toEqual({ 'querystring.to': 'Debe ser igual o posterior a la fecha de inicio' });
    expect((await admin.send('GET', '/crud/admin/reports/profits?from=2020-01-01&to=2020-03-01')).statusCode).toBe(400);
  });

  it('answers the longest ranges allowed', async () => {
    const five = await get<SalesReport>('/crud/admin/reports/sales?from=2016-01-01&to=2020-12-31&interval=month');
    expect(five.periods).toHaveLength(60);
    const year = await get<SalesReport>('/crud/admin/reports/sales?from=2020-01-01&to=2020-12-31&interval=day');
    expect(year.periods).toHaveLength(366);
  });

  it('is for admins acting as themselves only', async () => {
    const v = await family('nosy-reports@example.test');
    for (const report of ['sales', 'kinds', 'sites', 'coupons', 'refunds']) {
      expect((await v.send('GET', `/crud/admin/reports/${report}?from=2020-01-01&to=2020-12-31`)).statusCode).toBe(403);
      expect((await v.send('GET', `/crud/admin/reports/${report}?from=2020-01-01&to=2020-12-31&format=csv`)).statusCode).toBe(
        403,
      );
    }
    const impersonating = await logIn(t.app, { email: 'reports-admin@example.test', password: 'counts-the-money' });
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'nosy-reports@example.test')
      .executeTakeFirstOrThrow();
    expect((await impersonating.send('POST', `/crud/admin/masquerade/${user.id}`)).statusCode).toBe(200);
    expect((await impersonating.send('GET', '/crud/admin/reports/sales?from=2020-01-01&to=2020-12-31')).statusCode).toBe(403);
  });
});
