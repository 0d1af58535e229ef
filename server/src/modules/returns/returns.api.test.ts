import type {
  AdminOrder,
  AdminOrderReturns,
  AuditResponse,
  Order,
  ReturnReason,
  ReturnReasonsResponse,
} from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser, illinoisAddress } from '../../../test/factories';
import { payCart, processorRefundsOf } from '../../../test/payments-client';

/**
 * Decision 061: returns of what is posted. The ministry's reasons (add,
 * rename, retire); on a shipped order a return of some CDs and books, back
 * on the shelf or not; a refund from it, once, of the returned lines' part;
 * the family's My orders says what came back. Every step for admins only,
 * audited, and bad input changes nothing.
 */
let t: TestApp;
let admin: CartVisitor;
const ids = { cd: 0, book: 0, album: 0 };
const reasons = { damaged: 0, mistake: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const esther = await createProduct(t.db, { slug: 'esther', title: 'Esther' }, { album: 899, cd: 1200 });
  ids.cd = esther.cd;
  ids.album = esther.album;
  ids.book = (await createProduct(t.db, { slug: 'esther-book', title: 'Esther, the book', is_book: true }, { book: 1500 })).book;
  await t.db.updateTable('skus').set({ stock: 100 }).where('id', 'in', [ids.cd, ids.book]).execute();
  await createUser(t.db, { email: 'returns@example.test', password: 'opens-the-parcels', is_admin: true });
  admin = await logIn(t.app, { email: 'returns@example.test', password: 'opens-the-parcels' });
  reasons.damaged = (
    await addReason({ title: 'Damaged in the post', title_es: 'Dañado en el envío', title_ru: 'Повреждено при доставке' })
  ).id;
  reasons.mistake = (await addReason({ title: 'Ordered by mistake' })).id;
});
afterAll(() => t.close());

async function addReason(body: object) {
  const res = await admin.send('POST', '/crud/admin/return-reasons', body);
  expect(res.statusCode).toBe(200);
  return res.json() as ReturnReason;
}

let families = 0;
async function family() {
  families += 1;
  const email = `returns-family${families}@example.test`;
  await createUser(t.db, { email, password: 'listen-along', fname: 'Ana', lname: 'Lopez' });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { email });
}

/** A family's paid order of 2 CDs, a book and the album; shipped unless told otherwise. */
async function parcel({ ship = true } = {}) {
  const v = await family();
  await v.add(ids.cd, 2);
  await v.add(ids.book);
  await v.add(ids.album);
  const cartId = (await v.total()).json().cart.id;
  expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
  await payCart(v);
  const order = await t.db.selectFrom('orders').select(['id', 'number']).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const lines = await t.db.selectFrom('order_lines').select(['id', 'type']).where('order_id', '=', order.id).execute();
  const line = (type: string) => lines.find((l) => l.type === type)!.id;
  if (ship) expect((await admin.send('POST', `/crud/admin/orders/${order.id}/ship`, { carrier: 'USPS' })).statusCode).toBe(200);
  return { v, ...order, cdLine: line('physical'), bookLine: line('book'), albumLine: line('digital_album') };
}

const returnsOf = async (orderId: number, as = admin) => {
  const res = await as.send('GET', `/crud/admin/orders/${orderId}/returns`);
  expect(res.statusCode).toBe(200);
  return res.json() as AdminOrderReturns;
};
const record = (orderId: number, body: object) => admin.send('POST', `/crud/admin/orders/${orderId}/returns`, body);
const stockOf = async (skuId: number) =>
  (await t.db.selectFrom('skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
const returnRows = async (orderId: number) =>
  t.db.selectFrom('order_returns').select('id').where('order_id', '=', orderId).execute();

describe('the return reasons', () => {
  it('lists the offered reasons in their order, titled in the back office’s language; renames and retires them, audited', async () => {
    const list = (
      await admin.send('GET', '/crud/admin/return-reasons', undefined, { host: 'es.localhost' })
    ).json() as ReturnReasonsResponse;
    expect(list.items.map((r) => [r.title, r.retired])).toEqual([
      ['Dañado en el envío', false],
      // No Spanish title given: the English one.
      ['Ordered by mistake', false],
    ]);
    expect(list.items[0]?.titles).toEqual({ en: 'Damaged in the post', es: 'Dañado en el envío', ru: 'Повреждено при доставке' });

    const extra = await addReason({ title: 'Arrived late', title_es: 'Llegó tarde' });
    const renamed = await admin.send('PUT', `/crud/admin/return-reasons/${extra.id}`, {
      title: 'Arrived too late',
      title_ru: 'Пришло слишком поздно',
    });
    expect(renamed.json()).toMatchObject({ titles: { en: 'Arrived too late', es: null, ru: 'Пришло слишком поздно' } });
    const retired = await admin.send('POST', `/crud/admin/return-reasons/${extra.id}/retire`);
    expect(retired.json()).toMatchObject({ retired: true });
    // Again: nothing more happens.
    expect((await admin.send('POST', `/crud/admin/return-reasons/${extra.id}/retire`)).statusCode).toBe(200);
    const after = (await admin.send('GET', '/crud/admin/return-reasons')).json() as ReturnReasonsResponse;
    expect(after.items.map((r) => [r.title, r.retired])).toEqual([
      ['Damaged in the post', false],
      ['Ordered by mistake', false],
      ['Arrived too late', true],
    ]);

    const audit = (await admin.send('GET', '/crud/admin/audit')).json() as AuditResponse;
    const mine = audit.items.filter((a) => a.target_kind === 'return_reason').map((a) => [a.action, a.target_name]);
    expect(mine.slice(0, 3)).toEqual([
      ['return_reason.retire', 'Arrived too late'],
      ['return_reason.update', 'Arrived too late'],
      ['return_reason.create', 'Arrived late'],
    ]);
    expect(audit.items.find((a) => a.action === 'return_reason.update')?.details).toMatchObject({
      title: 'Arrived too late',
      was_title: 'Arrived late',
      was_title_es: 'Llegó tarde',
    });
  });

  it('refuses bad titles (400 with the field) and an unknown reason (404), changing nothing', async () => {
    const before = (await admin.send('GET', '/crud/admin/return-reasons')).json();
    for (const body of [
      { title: '' },
      { title: '   ' },
      { title: '<b>Broken</b>' },
      { title: 'x'.repeat(101) },
      { title: 'Ok', colour: 'red' },
      {},
    ]) {
      const res = await admin.send('POST', '/crud/admin/return-reasons', body);
      expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
      const put = await admin.send('PUT', `/crud/admin/return-reasons/${reasons.mistake}`, body);
      expect([put.statusCode, put.json().code]).toEqual([400, 'validation_failed']);
    }
    const unknown = await admin.send('PUT', '/crud/admin/return-reasons/999999', { title: 'Lost' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'return_reason_not_found']);
    expect((await admin.send('POST', '/crud/admin/return-reasons/999999/retire')).json().code).toBe('return_reason_not_found');
    expect((await admin.send('GET', '/crud/admin/return-reasons')).json()).toEqual(before);
  });

  it('is for admins acting as themselves: 401 for a visitor, 403 for a family, on every call', async () => {
    const visitor = cartVisitor(t.app);
    const customer = await family();
    const { id: orderId } = await parcel();
    const calls: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/crud/admin/return-reasons'],
      ['POST', '/crud/admin/return-reasons', { title: 'Sneaky' }],
      ['PUT', `/crud/admin/return-reasons/${reasons.mistake}`, { title: 'Sneaky' }],
      ['POST', `/crud/admin/return-reasons/${reasons.mistake}/retire`],
      ['GET', `/crud/admin/orders/${orderId}/returns`],
      [
        'POST',
        `/crud/admin/orders/${orderId}/returns`,
        { lines: [{ line_id: 1, quantity: 1 }], reason_id: reasons.mistake, restock: true },
      ],
      ['POST', `/crud/admin/orders/${orderId}/returns/1/refund`],
    ];
    for (const [method, url, body] of calls) {
      expect((await visitor.send(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await customer.send(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const list = (await admin.send('GET', '/crud/admin/return-reasons')).json() as ReturnReasonsResponse;
    expect(list.items.map((r) => r.title)).not.toContain('Sneaky');
    expect(list.items.find((r) => r.id === reasons.mistake)?.retired).toBe(false);
    expect(await returnRows(orderId)).toEqual([]);
  });
});

describe('a return on an order', () => {
  it('records what came back without restock: the shelf is as it was, audited, and My orders says Returned', async () => {
    const order = await parcel();
    const stock = await stockOf(ids.cd);
    const res = await record(order.id, {
      lines: [{ line_id: order.cdLine, quantity: 1 }],
      reason_id: reasons.damaged,
      restock: false,
    });
    expect(res.statusCode).toBe(200);
    const view = res.json() as AdminOrderReturns;
    expect(view.lines.map((l) => [l.type, l.quantity, l.returned_quantity])).toEqual([
      ['physical', 2, 1],
      ['book', 1, 0],
    ]);
    expect(view.returns).toEqual([
      expect.objectContaining({
        reason: 'Damaged in the post',
        restock: false,
        by: 'returns@example.test',
        lines: [{ line_id: order.cdLine, title: 'Esther', quantity: 1 }],
        refund: null,
        // One of two CDs: half the line, with its share of the tax (Illinois, 6.25%).
        refundable_usd: 12.75,
      }),
    ]);
    expect(await stockOf(ids.cd)).toBe(stock);

    const mine = (await order.v.send('GET', `/crud/orders/${order.id}`)).json() as Order;
    expect(mine.items.map((i) => [i.type, i.returned_quantity])).toEqual([
      ['physical', 1],
      ['book', 0],
      ['digital_album', 0],
    ]);
    expect(mine.shipment?.status).toBe('shipped');

    const audit = (await admin.send('GET', '/crud/admin/audit?action=order.return')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      target: `order ${order.number}`,
      details: { reason: 'Damaged in the post', restock: false, returned_items: 'Esther ×1' },
    });
    // On the order's timeline too.
    const detail = (await admin.send('GET', `/crud/admin/orders/${order.id}`)).json() as AdminOrder;
    expect(detail.timeline.some((e) => e.kind === 'admin' && e.detail.startsWith('order.return'))).toBe(true);
  });

  it('puts what came back on the shelf when restocked; once everything is back, the parcel reads Returned', async () => {
    const order = await parcel();
    const [cd, book] = [await stockOf(ids.cd), await stockOf(ids.book)];
    const res = await record(order.id, {
      lines: [
        { line_id: order.cdLine, quantity: 2 },
        { line_id: order.bookLine, quantity: 1 },
      ],
      reason_id: reasons.mistake,
      restock: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(ids.cd)).toBe((cd ?? 0) + 2);
    expect(await stockOf(ids.book)).toBe((book ?? 0) + 1);
    expect((res.json() as AdminOrderReturns).can_return).toBe(false);
    const mine = (await order.v.send('GET', '/crud/orders?filter_current_user=true&page=1')).json();
    const listed = mine.items.find((o: Order) => o.order_id === order.id) as Order;
    expect(listed.shipment?.status).toBe('returned');
    expect(listed.items.map((i) => i.returned_quantity)).toEqual([2, 1, 0]);
  });

  it('refunds a return once, the returned lines’ part, through the order’s ledger; a second refund is refused', async () => {
    const order = await parcel();
    const recorded = (
      await record(order.id, { lines: [{ line_id: order.bookLine, quantity: 1 }], reason_id: reasons.damaged, restock: false })
    ).json() as AdminOrderReturns;
    const returned = recorded.returns[0]!;
    expect(returned.refundable_usd).toBe(15.94);

    const refund = await admin.send('POST', `/crud/admin/orders/${order.id}/returns/${returned.id}/refund`);
    expect(refund.statusCode).toBe(200);
    expect((refund.json() as AdminOrderReturns).returns[0]).toMatchObject({
      refund: { status: 'done', amount_usd: 15.94 },
      refundable_usd: 0,
    });
    expect(await processorRefundsOf(t.db, order.id)).toEqual([1594]);
    const detail = (await admin.send('GET', `/crud/admin/orders/${order.id}`)).json() as AdminOrder;
    expect(detail.status).toBe('partially_refunded');
    expect(detail.lines.find((l) => l.id === order.bookLine)?.refunded).toBe(true);
    // Shipped: a refund puts nothing back on the shelf (the return chose not to).
    const again = await admin.send('POST', `/crud/admin/orders/${order.id}/returns/${returned.id}/refund`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'return_already_refunded']);
    expect(await processorRefundsOf(t.db, order.id)).toEqual([1594]);

    // Part of a line: an amount, its share.
    const partial = (
      await record(order.id, { lines: [{ line_id: order.cdLine, quantity: 1 }], reason_id: reasons.damaged, restock: true })
    ).json() as AdminOrderReturns;
    const second = partial.returns[1]!;
    expect(second.refundable_usd).toBe(12.75);
    expect((await admin.send('POST', `/crud/admin/orders/${order.id}/returns/${second.id}/refund`)).statusCode).toBe(200);
    expect(await processorRefundsOf(t.db, order.id)).toEqual([1594, 1275]);
    const unknown = await admin.send('POST', `/crud/admin/orders/${order.id}/returns/999999/refund`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'return_not_found']);
  });

  it('refuses a return on an order not shipped, lines not its CDs or books or more than went out, and a retired reason, changing nothing', async () => {
    const unshipped = await parcel({ ship: false });
    const early = await record(unshipped.id, {
      lines: [{ line_id: unshipped.cdLine, quantity: 1 }],
      reason_id: reasons.damaged,
      restock: true,
    });
    expect([early.statusCode, early.json().code]).toEqual([409, 'return_not_shipped']);
    expect((await returnsOf(unshipped.id)).can_return).toBe(false);

    const order = await parcel();
    const other = await parcel();
    const stock = await stockOf(ids.cd);
    const retired = await addReason({ title: 'No longer offered' });
    await admin.send('POST', `/crud/admin/return-reasons/${retired.id}/retire`);
    const cases: [object, number, string][] = [
      [
        { lines: [{ line_id: order.cdLine, quantity: 3 }], reason_id: reasons.damaged, restock: true },
        409,
        'return_lines_invalid',
      ],
      [
        { lines: [{ line_id: order.albumLine, quantity: 1 }], reason_id: reasons.damaged, restock: true },
        409,
        'return_lines_invalid',
      ],
      [
        { lines: [{ line_id: other.cdLine, quantity: 1 }], reason_id: reasons.damaged, restock: true },
        409,
        'return_lines_invalid',
      ],
      [{ lines: [{ line_id: order.cdLine, quantity: 1 }], reason_id: retired.id, restock: true }, 400, 'return_reason_unknown'],
      [{ lines: [{ line_id: order.cdLine, quantity: 1 }], reason_id: 999999, restock: true }, 400, 'return_reason_unknown'],
      [{ lines: [], reason_id: reasons.damaged, restock: true }, 400, 'validation_failed'],
      [{ lines: [{ line_id: order.cdLine, quantity: 0 }], reason_id: reasons.damaged, restock: true }, 400, 'validation_failed'],
      [
        {
          lines: [
            { line_id: order.cdLine, quantity: 1 },
            { line_id: order.cdLine, quantity: 1 },
          ],
          reason_id: reasons.damaged,
          restock: true,
        },
        400,
        'validation_failed',
      ],
      [{ lines: [{ line_id: order.cdLine, quantity: 1 }], reason_id: reasons.damaged }, 400, 'validation_failed'],
      [{ lines: [{ line_id: order.cdLine, quantity: 1 }], reason_id: reasons.damaged, restock: 'yes' }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await record(order.id, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(
      (await record(999999, { lines: [{ line_id: order.cdLine, quantity: 1 }], reason_id: reasons.damaged, restock: true }))
        .statusCode,
    ).toBe(404);
    expect(await returnRows(order.id)).toEqual([]);
    expect(await stockOf(ids.cd)).toBe(stock);
    // Two copies went out; after one came back, one more may, not two.
    expect(
      (await record(order.id, { lines: [{ line_id: order.cdLine, quantity: 1 }], reason_id: reasons.mistake, restock: true }))
        .statusCode,
    ).toBe(200);
    const more = await record(order.id, {
      lines: [{ line_id: order.cdLine, quantity: 2 }],
      reason_id: reasons.mistake,
      restock: true,
    });
    expect(more.json().code).toBe('return_lines_invalid');
  });
});
