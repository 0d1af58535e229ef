import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminOrder, AuditResponse, BulkShipResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser, illinoisAddress } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/**
 * The orders list's bulk actions and the team's note (issue 44, decision
 * 062): packing slips as one PDF, a page per order, read back with
 * poppler's pdftotext as a person would read the paper; Mark shipped for
 * several orders, each as its own; the note, audited before and after.
 */
let t: TestApp;
const ids = { cd: 0, album: 0 };
let admin: CartVisitor;
const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-slips-'));
beforeAll(async () => {
  t = await createTestApp();
  const jonah = await createProduct(t.db, { slug: 'jonah-slips', title: 'Jonah and the Big Fish' }, { album: 899, cd: 1299 });
  ids.cd = jonah.cd;
  ids.album = jonah.album;
  await createUser(t.db, { email: 'packer@example.test', password: 'packs-the-parcels', is_admin: true, fname: 'Paula' });
  admin = await logIn(t.app, { email: 'packer@example.test', password: 'packs-the-parcels' });
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t.close();
});

let families = 0;
async function family() {
  families += 1;
  const email = `slips-family${families}@example.test`;
  await createUser(t.db, { email, password: 'listen-along', fname: 'Ruth', lname: 'Fischer' });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { email });
}

/** A family's paid order posted to `to` (two CDs and an album; a gift when `gift` is given), in `lang`; its id and number. */
async function postedOrder(
  to: Partial<typeof illinoisAddress>,
  { lang = 'en', gift }: { lang?: 'en' | 'es' | 'ru'; gift?: { name: string; email: string; message: string } } = {},
) {
  const v = await family();
  expect((await v.add(ids.cd, 2)).statusCode).toBe(200);
  await v.add(ids.album);
  if (gift) expect((await v.markGift(gift)).statusCode).toBe(200);
  const cartId = (await v.total()).json().cart.id;
  const address = { ...illinoisAddress, ...to };
  expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, address)).statusCode).toBe(200);
  await payCart(v);
  const order = await t.db.selectFrom('orders').select(['id', 'number']).orderBy('id', 'desc').executeTakeFirstOrThrow();
  await t.db.updateTable('orders').set({ lang_code: lang }).where('id', '=', order.id).execute();
  return { ...order, email: v.email, family: v };
}

const slips = (query: string, as = admin) => as.send('GET', `/crud/admin/orders/packing-slips${query}`);

/** The PDF's text as pdftotext reads it, a string per page. */
function pagesOf(pdf: Buffer) {
  const file = path.join(tmp, `slips-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  // Each page ends with a form feed.
  return text.split('\f').slice(0, -1);
}

const auditOf = async (action: string) =>
  ((await admin.send('GET', `/crud/admin/audit?action=${action}`)).json() as AuditResponse).items;

describe('packing slips', () => {
  it('prints one PDF, a page per order in its family’s language: the ministry, the recipient, the gift message, the items and how many; no prices on a gift', async () => {
    const plain = await postedOrder({ fname: 'Señora', lname: 'Piñón' }, { lang: 'es' });
    const gift = await postedOrder(
      { fname: 'Анна', lname: 'Ёлкина' },
      { lang: 'ru', gift: { name: 'Анна', email: 'anna-slip@example.test', message: 'С днём рождения, Аня!' } },
    );
    const english = await postedOrder({ fname: 'Grace', lname: 'Miller' });

    const res = await slips(`?ids=${plain.id},${gift.id},${english.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="packing-slips-\d{4}-\d\d-\d\d\.pdf"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pages = pagesOf(res.rawPayload);
    expect(pages).toHaveLength(3);
    const [es, ru, en] = pages as [string, string, string];

    // In Spanish: the ministry's name and address (the site's footer), the order, the recipient, two CDs, prices.
    expect(es).toContain('Ministerio Storyhouse');
    expect(es).toContain('Apartado postal 1450');
    expect(es).toContain('Albarán');
    expect(es).toContain(plain.number);
    expect(es).toContain('Señora Piñón');
    expect(es).toContain('12 Elm Street');
    expect(es).toContain('Chicago, IL 60601');
    // The item, how many, the price of one and of them all, on its row.
    expect(es).toMatch(/Jonah and the Big Fish +2 +12,99\sUS\$ +25,98\sUS\$\n\s*CD\n/);
    // Only what goes in the box: the download is not on the slip.
    expect(es).not.toContain('Álbum digital');

    // The gift, in Russian: its recipient and message, the giver, the CDs, and no price at all.
    expect(ru).toContain('Служение Storyhouse');
    expect(ru).toContain('Упаковочный лист');
    expect(ru).toContain('Анна Ёлкина');
    expect(ru).toContain('Подарок для: Анна');
    expect(ru).toContain('От: Ruth Fischer');
    expect(ru).toContain('С днём рождения, Аня!');
    expect(ru).toMatch(/Jonah and the Big Fish +2\n/);
    expect(ru).not.toMatch(/12,99|25,98|\$|Цена|Сумма/);

    expect(en).toContain('Packing slip');
    expect(en).toContain('Storyhouse Ministries');
    expect(en).toContain('Grace Miller');
    expect(en).toContain('$12.99');

    // Each slip printed is in its order's timeline and the audit log.
    const printed = await auditOf('order.packing_slip');
    expect(printed.map((a) => a.target)).toEqual(
      expect.arrayContaining([`order ${plain.number}`, `order ${gift.number}`, `order ${english.number}`]),
    );
    expect(printed[0]).toMatchObject({ admin: { email: 'packer@example.test' }, details: { orders: 3 } });
    const order = (await admin.send('GET', `/crud/admin/orders/${gift.id}`)).json() as AdminOrder;
    expect(order.timeline.filter((e) => e.kind === 'admin').map((e) => e.detail)).toContain(
      'order.packing_slip · packer@example.test',
    );
  });

  it('refuses ids it cannot read, too many, an unknown order, and one with nothing to post or not paid, printing nothing', async () => {
    const posted = await postedOrder({});
    const before = (await auditOf('order.packing_slip')).length;
    for (const query of [
      '',
      '?ids=',
      '?ids=abc',
      '?ids=1,,2',
      '?ids=0',
      '?ids=-1',
      `?ids=${posted.id},${posted.id}`,
      '?ids=99999999999',
    ]) {
      const res = await slips(query);
      expect([res.statusCode, res.json().code], query).toEqual([400, 'validation_failed']);
    }
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    expect((await slips(`?ids=${tooMany}`)).statusCode).toBe(400);

    const unknown = await slips(`?ids=${posted.id},2147483000`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'order_not_found']);

    const v = await family();
    await v.add(ids.album);
    await payCart(v);
    const digital = await t.db.selectFrom('orders').select(['id', 'number']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const refused = await slips(`?ids=${posted.id},${digital.id}`);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'packing_slip_not_printable']);
    expect(refused.json().message).toContain(digital.number);

    const unpaid = await postedOrder({});
    await t.db.updateTable('orders').set({ status: 'pending' }).where('id', '=', unpaid.id).execute();
    expect((await slips(`?ids=${unpaid.id}`)).json().code).toBe('packing_slip_not_printable');
    expect(await auditOf('order.packing_slip')).toHaveLength(before);
  });

  it('is for admins acting as themselves only: 401, 403', async () => {
    const posted = await postedOrder({});
    const v = await family();
    expect((await slips(`?ids=${posted.id}`, v)).statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'GET', url: `/crud/admin/orders/packing-slips?ids=${posted.id}` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('Mark shipped in bulk', () => {
  const shipMany = (body: object, as = admin) => as.send('POST', '/crud/admin/orders/ship', body);
  const shippedMails = async (email: string) =>
    (await t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).execute()).filter(
      (m) => /on its way|va en camino|в пути/.test(m.subject),
    );

  it('ships each valid order with its own tracking and tells the rest why not, each order whole or untouched', async () => {
    const one = await postedOrder({});
    const two = await postedOrder({}, { lang: 'es' });
    const shipped = await postedOrder({});
    expect((await admin.send('POST', `/crud/admin/orders/${shipped.id}/ship`, { tracking_number: 'FIRST 1' })).statusCode).toBe(
      200,
    );
    const unpaid = await postedOrder({});
    await t.db.updateTable('orders').set({ status: 'pending' }).where('id', '=', unpaid.id).execute();

    const res = await shipMany({
      carrier: 'USPS',
      orders: [
        { id: one.id, tracking_number: '9400 0001' },
        { id: 2147483000, tracking_number: '' },
        { id: two.id, tracking_number: '9400-0002' },
        { id: shipped.id, tracking_number: 'SECOND 2' },
        { id: unpaid.id, tracking_number: '9400 0003' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BulkShipResponse).results).toEqual([
      { id: one.id, number: one.number, shipped: true, code: null, message: null },
      { id: 2147483000, number: null, shipped: false, code: 'order_not_found', message: expect.stringMatching(/\S/) },
      { id: two.id, number: two.number, shipped: true, code: null, message: null },
      {
        id: shipped.id,
        number: shipped.number,
        shipped: false,
        code: 'order_already_shipped',
        message: expect.stringContaining('already marked shipped'),
      },
      {
        id: unpaid.id,
        number: unpaid.number,
        shipped: false,
        code: 'order_not_paid',
        message: expect.stringContaining('not paid'),
      },
    ]);

    // Each shipped order has its own tracking; its family is e-mailed once, in its language.
    const orderOf = async (id: number) => (await admin.send('GET', `/crud/admin/orders/${id}`)).json() as AdminOrder;
    expect((await orderOf(one.id)).shipment).toMatchObject({ carrier: 'USPS', tracking_number: '9400 0001' });
    expect((await orderOf(two.id)).shipment).toMatchObject({ carrier: 'USPS', tracking_number: '9400-0002' });
    expect(await shippedMails(one.email)).toMatchObject([{ subject: `Your order ${one.number} is on its way` }]);
    expect(await shippedMails(two.email)).toMatchObject([{ subject: `Tu pedido ${two.number} ya va en camino` }]);
    // The orders refused are as they were.
    expect((await orderOf(shipped.id)).shipment).toMatchObject({ tracking_number: 'FIRST 1' });
    expect((await orderOf(unpaid.id)).shipment).toBeNull();
    expect(await shippedMails(unpaid.email)).toEqual([]);

    const audit = await auditOf('order.ship');
    expect(audit.filter((a) => a.target === `order ${one.number}`)).toMatchObject([
      { details: { carrier: 'USPS', tracking_number: '9400 0001', first: true } },
    ]);
    expect(audit.filter((a) => a.target === `order ${shipped.number}`)).toHaveLength(1);
  });

  it('refuses a body it cannot read, changing nothing', async () => {
    const one = await postedOrder({});
    const bodies = [
      {},
      { orders: [] },
      { orders: [{ id: one.id, tracking_number: '<b>1</b>' }] },
      { orders: [{ id: one.id }, { id: one.id }] },
      { orders: [{ id: one.id, tracking_number: 'x'.repeat(61) }] },
      { carrier: 'c'.repeat(61), orders: [{ id: one.id }] },
      { orders: [{ id: one.id, extra: true }] },
      { orders: Array.from({ length: 201 }, (_, i) => ({ id: i + 1 })) },
    ];
    for (const body of bodies) {
      const res = await shipMany(body);
      expect([res.statusCode, res.json().code], JSON.stringify(body).slice(0, 80)).toEqual([400, 'validation_failed']);
    }
    const row = await t.db.selectFrom('orders').select('shipped_at').where('id', '=', one.id).executeTakeFirstOrThrow();
    expect(row.shipped_at).toBeNull();
  });

  it('is for admins acting as themselves only: 401, 403, nothing shipped', async () => {
    const one = await postedOrder({});
    const v = await family();
    const body = { orders: [{ id: one.id }] };
    expect((await shipMany(body, v)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/crud/admin/orders/ship', payload: body })).statusCode).toBe(401);
    const row = await t.db.selectFrom('orders').select('shipped_at').where('id', '=', one.id).executeTakeFirstOrThrow();
    expect(row.shipped_at).toBeNull();
  });
});

describe('the team’s note on an order', () => {
  /** PUT /crud/admin/orders/{id}/note as the admin's (or `as`'s) browser sends it. */
  const saveNote = (id: number, body: object, as = admin) =>
    t.app.inject({ method: 'PUT', url: `/crud/admin/orders/${id}/note`, payload: body, headers: { cookie: as.cookie ?? '' } });

  it('is kept, shown with the order, changed and cleared, each change audited with what it said before', async () => {
    const order = await postedOrder({});
    expect(((await admin.send('GET', `/crud/admin/orders/${order.id}`)).json() as AdminOrder).note).toBe('');
    const first = await saveNote(order.id, { note: '  The family called: leave it with the neighbour.  ' });
    expect(first.statusCode).toBe(200);
    expect((first.json() as AdminOrder).note).toBe('The family called: leave it with the neighbour.');
    const second = await saveNote(order.id, { note: 'Posted with the spare CD.' });
    expect((second.json() as AdminOrder).note).toBe('Posted with the spare CD.');
    // The family never sees it.
    const mine = await order.family.send('GET', `/crud/orders/${order.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain('spare CD');
    // The same note again changes nothing and records nothing.
    await saveNote(order.id, { note: 'Posted with the spare CD.' });
    expect(((await saveNote(order.id, { note: '' })).json() as AdminOrder).note).toBe('');

    const audit = (await auditOf('order.note')).filter((a) => a.target === `order ${order.number}`);
    expect(audit.map((a) => a.details)).toEqual([
      { was_note: 'Posted with the spare CD.', note: '' },
      { was_note: 'The family called: leave it with the neighbour.', note: 'Posted with the spare CD.' },
      { was_note: '', note: 'The family called: leave it with the neighbour.' },
    ]);
    expect(audit[0]?.admin.email).toBe('packer@example.test');
  });

  it('refuses a note too long or not text, and an order that does not exist', async () => {
    const order = await postedOrder({});
    await saveNote(order.id, { note: 'Kept.' });
    for (const body of [{ note: 'x'.repeat(2001) }, { note: 5 }, {}, { note: 'ok', extra: 1 }, { note: 'a\u0000b' }]) {
      const res = await saveNote(order.id, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body).slice(0, 40)).toEqual([400, 'validation_failed']);
    }
    expect(((await saveNote(order.id, { note: 'x'.repeat(2000) })).json() as AdminOrder).note).toHaveLength(2000);
    expect((await saveNote(2147483000, { note: 'Hello' })).statusCode).toBe(404);
  });

  it('is for admins acting as themselves only: 401, 403, nothing changed', async () => {
    const order = await postedOrder({});
    const v = await family();
    expect((await saveNote(order.id, { note: 'Mine' }, v)).statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'PUT', url: `/crud/admin/orders/${order.id}/note`, payload: { note: 'Mine' } });
    expect(visitor.statusCode).toBe(401);
    const row = await t.db.selectFrom('orders').select('team_note').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.team_note).toBe('');
  });
});
