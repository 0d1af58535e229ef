import type { AdminOrder, AdminOrdersResponse, AuditResponse, Order } from '@storyhouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser, illinoisAddress } from '../../../test/factories';
import { payCart, processorRefundsOf } from '../../../test/payments-client';

/** Issue 29: the back office's orders (list, order, mark shipped, resend receipt), the ministry's alert and the audit log. */
let t: TestApp;
const ids = { cd: 0, album: 0 };
let admin: CartVisitor;
beforeAll(async () => {
  t = await createTestApp();
  const ruth = await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 899, cd: 1299 });
  ids.cd = ruth.cd;
  ids.album = ruth.album;
  await createUser(t.db, { email: 'volunteer@example.test', password: 'posts-the-cds', is_admin: true, fname: 'Vera' });
  admin = await logIn(t.app, { email: 'volunteer@example.test', password: 'posts-the-cds' });
});
afterAll(() => t.close());

let families = 0;
async function family(name = 'Grace') {
  families += 1;
  const email = `orders-family${families}@example.test`;
  await createUser(t.db, { email, password: 'listen-along', fname: name, lname: 'Miller' });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { email });
}

/** A family's paid order of a CD and an album, shipped to Illinois; its id. */
async function cdAndAlbum(v: CartVisitor, host?: string) {
  await v.add(ids.cd);
  await v.add(ids.album);
  const cartId = (await v.total()).json().cart.id;
  expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
  if (host) await v.send('GET', '/crud/cart-session/total', undefined, { host });
  await payCart(v);
  const order = await t.db.selectFrom('orders').select(['id', 'number']).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return order;
}

const mailsTo = (to: string) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'order_id'])
    .where('to_address', '=', to)
    .orderBy('id')
    .execute();
const list = async (query: string) => {
  const res = await admin.send('GET', `/crud/admin/orders${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as AdminOrdersResponse;
};

describe('the back office’s orders', () => {
  it('tells the ministry of an order to post, lists it to ship, and shows it whole', async () => {
    const v = await family();
    const { id, number } = await cdAndAlbum(v);
    const alert = (await mailsTo('ministry@storyhouse.example')).find((m) => m.order_id === id);
    expect(alert?.subject).toBe(`To ship: order ${number} (1 item)`);
    expect(alert?.text_body).toContain(`/admin/orders/${id}`);
    expect(alert?.text_body).toContain('12 Elm Street');

    const toShip = await list(`?filter=to_ship&search=${encodeURIComponent(v.email)}`);
    expect(toShip.count).toBe(1);
    expect(toShip.items[0]).toMatchObject({ id, number, status: 'paid', fulfilment: 'preparing', customer: { email: v.email } });
    expect(toShip.items[0]?.items).toMatchObject([
      { title: 'Ruth', type: 'physical', quantity: 1 },
      { title: 'Ruth', type: 'digital_album', quantity: 1 },
    ]);
    expect((await list(`?search=${number}`)).items.map((o) => o.id)).toEqual([id]);
    expect((await list('?search=Grace%20Miller')).count).toBeGreaterThanOrEqual(1);
    expect((await list('?search=%25')).count).toBe(0);

    const order = (await admin.send('GET', `/crud/admin/orders/${id}`)).json() as AdminOrder;
    expect(order).toMatchObject({
      number,
      status: 'paid',
      fulfilment: 'preparing',
      customer: { email: v.email, name: 'Grace Miller' },
      shipping_address: { line1: '12 Elm Street', city: 'Chicago' },
      payment: { provider: 'test', card_brand: 'visa', card_last4: '4242' },
      shipment: null,
    });
    expect(order.lines.map((l) => [l.type, l.is_shipped])).toEqual([
      ['physical', true],
      ['digital_album', false],
    ]);
    expect(order.amounts.total_usd).toBeGreaterThan(21.98);
    expect(order.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'paid', 'email']));
  });

  it('marks an order shipped once, e-mails the family in its language, and My orders says so; tracking can be corrected', async () => {
    const v = await family('Rosa');
    const { id, number } = await cdAndAlbum(v);
    await t.db.updateTable('orders').set({ lang_code: 'es' }).where('id', '=', id).execute();
    const res = await admin.send('POST', `/crud/admin/orders/${id}/ship`, {
      carrier: 'USPS',
      tracking_number: '9400 1000 0000',
      tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fulfilment: 'shipped', shipment: { carrier: 'USPS', tracking_number: '9400 1000 0000' } });
    const shipped = (await mailsTo(v.email)).filter((m) => m.subject === `Tu pedido ${number} ya va en camino`);
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.text_body).toContain('9400 1000 0000');
    expect(((await v.send('GET', `/crud/orders/${id}`)).json() as Order).shipment).toMatchObject({
      status: 'shipped',
      carrier: 'USPS',
    });

    const again = await admin.send('POST', `/crud/admin/orders/${id}/ship`, { carrier: 'UPS', tracking_number: '1Z999' });
    expect(again.json().shipment).toMatchObject({ carrier: 'UPS', tracking_number: '1Z999', tracking_url: null });
    expect((await mailsTo(v.email)).filter((m) => m.subject.includes('ya va en camino'))).toHaveLength(1);
    expect((await list('?filter=shipped')).items.map((o) => o.id)).toContain(id);
    expect((await list('?filter=to_ship')).items.map((o) => o.id)).not.toContain(id);
  });

  it('refuses to ship a digital-only order or one not paid, and bad tracking, changing nothing', async () => {
    const v = await family();
    await v.add(ids.album);
    await payCart(v);
    const digital = await t.db.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const res = await admin.send('POST', `/crud/admin/orders/${digital.id}/ship`, {});
    expect([res.statusCode, res.json().code]).toEqual([409, 'order_not_shippable']);

    const w = await family();
    const { id } = await cdAndAlbum(w);
    await t.db.updateTable('orders').set({ status: 'pending' }).where('id', '=', id).execute();
    const unpaid = await admin.send('POST', `/crud/admin/orders/${id}/ship`, {});
    expect([unpaid.statusCode, unpaid.json().code]).toEqual([409, 'order_not_paid']);
    await t.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', id).execute();
    for (const body of [
      { tracking_number: 'x'.repeat(10_000) },
      { tracking_number: '<script>alert(1)</script>' },
      { tracking_url: 'javascript:alert(1)' },
      { carrier: 'USPS', extra: 1 },
    ]) {
      const bad = await admin.send('POST', `/crud/admin/orders/${id}/ship`, body);
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
    }
    const after = await t.db
      .selectFrom('orders')
      .select(['shipped_at', 'tracking_number'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ shipped_at: null, tracking_number: null });
    expect((await admin.send('GET', '/crud/admin/orders/99999999')).statusCode).toBe(404);
    expect((await admin.send('GET', '/crud/admin/orders?from=2026-12-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await admin.send('GET', '/crud/admin/orders?from=2026-02-31')).statusCode).toBe(400);
  });

  it('resends the receipt, and the timeline shows each e-mail and each admin action', async () => {
    const v = await family();
    const { id, number } = await cdAndAlbum(v);
    const res = await admin.send('POST', `/crud/admin/orders/${id}/receipt`);
    expect(res.statusCode).toBe(200);
    const receipts = (await mailsTo(v.email)).filter((m) => m.subject.includes(number));
    expect(receipts).toHaveLength(2);
    const order = res.json() as AdminOrder;
    expect(order.timeline.filter((e) => e.kind === 'email' && e.detail.includes(v.email))).toHaveLength(2);
    expect(order.timeline.find((e) => e.kind === 'admin')?.detail).toBe('order.receipt · volunteer@example.test');
  });

  it('keeps every admin action in the audit log, which no one can change', async () => {
    const v = await family();
    const { id, number } = await cdAndAlbum(v);
    await admin.send('POST', `/crud/admin/orders/${id}/ship`, { carrier: 'USPS' });
    const audit = (await admin.send('GET', '/crud/admin/audit?action=order.ship')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      action: 'order.ship',
      target: `order ${number}`,
      admin: { email: 'volunteer@example.test' },
      details: { carrier: 'USPS', first: true },
    });
    expect(audit.items[0]?.ip).toMatch(/^10\.12\./);
    await expect(sql`update admin_audit set target = 'nothing'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit`.execute(t.db)).rejects.toThrow(/append-only/);
    expect((await admin.send('GET', '/crud/admin/audit?action=nothing')).statusCode).toBe(400);
  });

  it('is for admins acting as themselves only: 401, 403, nothing changed', async () => {
    const v = await family();
    const { id } = await cdAndAlbum(v);
    const calls = [
      ['GET', '/crud/admin/orders'],
      ['GET', `/crud/admin/orders/${id}`],
      ['POST', `/crud/admin/orders/${id}/ship`],
      ['POST', `/crud/admin/orders/${id}/receipt`],
      ['GET', '/crud/admin/audit'],
    ] as const;
    for (const [method, url] of calls) {
      const body = method === 'POST' ? {} : undefined;
      expect((await v.send(method, url, body)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method, url, payload: body })).statusCode, url).toBe(401);
    }
    // An admin impersonating the family acts as the family.
    const impersonating = await logIn(t.app, { email: 'volunteer@example.test', password: 'posts-the-cds' });
    const user = await t.db.selectFrom('users').select('id').where('email', '=', v.email).executeTakeFirstOrThrow();
    expect((await impersonating.send('POST', `/crud/admin/masquerade/${user.id}`)).statusCode).toBe(200);
    expect((await impersonating.send('POST', `/crud/admin/orders/${id}/ship`, {})).statusCode).toBe(403);
    expect(
      (await t.db.selectFrom('orders').select('shipped_at').where('id', '=', id).executeTakeFirstOrThrow()).shipped_at,
    ).toBeNull();
    const started = (await admin.send('GET', '/crud/admin/audit?action=masquerade.start')).json() as AuditResponse;
    expect(started.items[0]).toMatchObject({ target: `user ${v.email}`, admin: { email: 'volunteer@example.test' } });
  });
});

describe('refunds from the back office', () => {
  const refund = (id: number, body?: object) => admin.send('POST', `/crud/admin/orders/${id}/refund`, body);
  const processorRefunds = (orderId: number) => processorRefundsOf(t.db, orderId);
  const owns = async (email: string) =>
    (
      await t.db
        .selectFrom('ownership as w')
        .innerJoin('users as u', 'u.id', 'w.user_id')
        .select('w.type')
        .where('u.email', '=', email)
        .execute()
    ).map((w) => w.type);

  it('refunds one line: the card gets its part, the album leaves the library, the family is told, My orders says partly refunded', async () => {
    const v = await family();
    const { id, number } = await cdAndAlbum(v);
    expect(await owns(v.email)).toContain('digital_album');
    const line = await t.db
      .selectFrom('order_lines')
      .select(['subtotal_cents', 'discount_cents', 'tax_cents'])
      .where('order_id', '=', id)
      .where('type', '=', 'digital_album')
      .executeTakeFirstOrThrow();
    const res = await refund(id, { sku_ids: [ids.album] });
    expect(res.statusCode).toBe(200);
    const order = res.json() as AdminOrder;
    expect(order.status).toBe('partially_refunded');
    expect(order.lines.map((l) => [l.type, l.refunded])).toEqual([
      ['physical', false],
      ['digital_album', true],
    ]);
    const cents = line.subtotal_cents - line.discount_cents + line.tax_cents;
    expect(await processorRefunds(id)).toEqual([cents]);
    expect(order.refunds).toMatchObject([
      { amount_usd: cents / 100, status: 'done', source: 'admin', by: 'volunteer@example.test' },
    ]);
    expect(await owns(v.email)).not.toContain('digital_album');
    expect((await mailsTo(v.email)).map((m) => m.subject)).toContain(`Refund for your order ${number}`);
    expect(((await v.send('GET', `/crud/orders/${id}`)).json() as Order).status).toBe('partially_refunded');
    const audit = (await admin.send('GET', '/crud/admin/audit?action=order.refund')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({ target: `order ${number}`, details: { lines: 1, whole: false } });

    // The same line again, a line not in the order, more than is left: refused, nothing refunded.
    expect((await refund(id, { sku_ids: [ids.album] })).json().code).toBe('refund_lines_invalid');
    expect((await refund(id, { sku_ids: [99999] })).json().code).toBe('refund_lines_invalid');
    const tooMuch = await refund(id, { amount: 10_000 });
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([409, 'refund_too_large']);
    expect(tooMuch.json().message).toMatch(/^That is more than is left to refund on this order \(\$\d+\.\d\d\)/);
    for (const body of [
      { amount: 0 },
      { amount: -1 },
      { amount: 1.001 },
      { amount: '5' },
      { sku_ids: [] },
      { sku_ids: [ids.cd], amount: 1 },
    ]) {
      expect((await refund(id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await processorRefunds(id)).toEqual([cents]);

    // The rest, with no body: the whole order (shipping included) is refunded; nothing more can be.
    const rest = await refund(id);
    expect(rest.json()).toMatchObject({ status: 'refunded', refundable: { card_usd: 0, gift_card_usd: 0 } });
    const total = (await t.db.selectFrom('orders').select('total_cents').where('id', '=', id).executeTakeFirstOrThrow())
      .total_cents;
    expect((await processorRefunds(id)).reduce((a, b) => a + b, 0)).toBe(total);
    expect((await refund(id)).json().code).toBe('order_not_paid');
  });

  it('refunds an amount; two refunds at once never give back more than was paid', async () => {
    const v = await family();
    const { id } = await cdAndAlbum(v);
    expect((await refund(id, { amount: 1.5 })).json()).toMatchObject({
      status: 'partially_refunded',
      refunds: [{ amount_usd: 1.5 }],
    });
    const answers = await Promise.all([refund(id), refund(id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const total = (await t.db.selectFrom('orders').select('total_cents').where('id', '=', id).executeTakeFirstOrThrow())
      .total_cents;
    expect((await processorRefunds(id)).reduce((a, b) => a + b, 0)).toBe(total);
    expect(await owns(v.email)).not.toContain('digital_album');
  });

  it('gives the gift card part back to the gift card, after the card’s', async () => {
    const v = await family();
    const user = await t.db.selectFrom('users').select('id').where('email', '=', v.email).executeTakeFirstOrThrow();
    await t.db
      .insertInto('gift_cards')
      .values({
        code: `GC${user.id}REFUND`,
        recipient_user_id: user.id,
        original_amount_cents: 500,
        balance_cents: 500,
        claimed_at: new Date(),
      })
      .execute();
    await v.add(ids.album);
    await payCart(v);
    const order = await t.db
      .selectFrom('orders')
      .select(['id', 'total_cents', 'gift_card_cents'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(order.gift_card_cents).toBe(500);
    const res = await refund(order.id);
    expect(res.json()).toMatchObject({
      status: 'refunded',
      refunds: [{ amount_usd: order.total_cents / 100, gift_card_usd: 5 }],
    });
    expect(await processorRefunds(order.id)).toEqual([order.total_cents]);
    const card = await t.db
      .selectFrom('gift_cards')
      .select('balance_cents')
      .where('recipient_user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(card.balance_cents).toBe(500);
  });

  it('finishes a refund left pending by a process that stopped, once', async () => {
    const v = await family();
    const { id } = await cdAndAlbum(v);
    await t.db
      .insertInto('order_refunds')
      .values({
        order_id: id,
        amount_cents: 300,
        line_ids: [],
        idempotency_key: `order-${id}-refund-1`,
        created_at: new Date(Date.now() - 10 * 60_000),
      })
      .execute();
    expect((await refund(id)).json().code).toBe('refund_in_progress');
    expect(await t.app.settlePendingRefunds()).toBe(1);
    expect(await t.app.settlePendingRefunds()).toBe(0);
    expect(await processorRefunds(id)).toEqual([300]);
    expect((await admin.send('GET', `/crud/admin/orders/${id}`)).json()).toMatchObject({ status: 'partially_refunded' });
  });
});

describe('the ministry’s daily digest (MINISTRY_ORDER_ALERTS=daily)', () => {
  /** A family's paid order of a CD, not posted yet. */
  async function orderToPost(app: TestApp['app'], email: string) {
    await createUser(t.db, { email, password: 'listen-along', fname: 'Dora' });
    const v = await logIn(app, { email, password: 'listen-along' });
    await v.add(ids.cd);
    const cartId = (await v.total()).json().cart.id;
    expect((await v.send('POST', `/crud/cart/${cartId}/address/shipping`, illinoisAddress)).statusCode).toBe(200);
    await payCart(v);
    return t.db.selectFrom('orders').select(['id', 'number']).orderBy('id', 'desc').executeTakeFirstOrThrow();
  }
  const digests = async () => (await mailsTo('ministry@storyhouse.example')).filter((m) => m.subject.startsWith('To post:'));

  it('lists every order still to post once a day, on one instance, and no per-order alert', async () => {
    const daily = await createTestApp({ env: { MINISTRY_ORDER_ALERTS: 'daily' }, database: t.database });
    try {
      const order = await orderToPost(daily.app, 'digest-family@example.test');
      expect((await mailsTo('ministry@storyhouse.example')).filter((m) => m.order_id === order.id)).toEqual([]);

      const day = new Date('2031-03-02T08:00:00Z');
      const [one, two] = await Promise.all([daily.app.sendMinistryDigest(day), daily.app.sendMinistryDigest(day)]);
      expect([one, two].filter((n) => n > 0)).toHaveLength(1);
      const sent = await digests();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.text_body).toContain(order.number);
      expect(sent[0]?.text_body).toContain('/admin/orders?filter=to_ship');
      expect(await daily.app.sendMinistryDigest(new Date('2031-03-02T23:00:00Z'))).toBe(0);
      expect(await daily.app.sendMinistryDigest(new Date('2031-03-03T08:00:00Z'))).toBeGreaterThan(0);
    } finally {
      await daily.close();
    }
  });

  it('keeps the day for the next run when its e-mail could not be queued (claimed and queued together or not at all)', async () => {
    const daily = await createTestApp({ env: { MINISTRY_ORDER_ALERTS: 'daily' }, database: t.database });
    // The outbox refuses the digest, as a server dying between the claim and the e-mail would leave it.
    await sql`create function refuse_digest() returns trigger language plpgsql as $$
      begin
        if new.subject like 'To post:%' then raise exception 'outbox unavailable'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger refuse_digest before insert on mail_outbox for each row execute function refuse_digest()`.execute(
      t.db,
    );
    try {
      const order = await orderToPost(daily.app, 'digest-later@example.test');
      const day = new Date('2032-06-01T08:00:00Z');
      const before = (await digests()).length;

      await expect(daily.app.sendMinistryDigest(day)).rejects.toThrow();
      await sql`drop trigger refuse_digest on mail_outbox`.execute(t.db);

      expect(await daily.app.sendMinistryDigest(day)).toBeGreaterThan(0);
      const sent = await digests();
      expect(sent).toHaveLength(before + 1);
      expect(sent.at(-1)?.text_body).toContain(order.number);
      expect(await daily.app.sendMinistryDigest(day)).toBe(0);
    } finally {
      await sql`drop trigger if exists refuse_digest on mail_outbox`.execute(t.db);
      await sql`drop function refuse_digest()`.execute(t.db);
      await daily.close();
    }
  });
});
