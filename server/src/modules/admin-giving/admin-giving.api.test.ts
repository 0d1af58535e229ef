import type { AdminDonorsResponse, AdminRenewalsResponse, AuditResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createSku, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/** Issue 29 item 4: plans and monthly gifts, cancelled on a family's behalf, and the year's donors, in the back office. */
let t: TestApp;
let monthly = 0;
let admin: CartVisitor;
beforeAll(async () => {
  t = await createTestApp();
  monthly = await createPlan(t.db, 'monthly');
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  await createSku(t.db, { type: 'recurring_donation', code: 'missions_monthly', title: 'Missions', full_price_cents: 0 });
  await createUser(t.db, { email: 'giving-admin@example.test', password: 'counts-the-gifts', is_admin: true });
  admin = await logIn(t.app, { email: 'giving-admin@example.test', password: 'counts-the-gifts' });
});
afterAll(() => t.close());

async function family(email: string) {
  await createUser(t.db, { email, password: 'listen-along', fname: 'Ruth', lname: 'Lee' });
  return logIn(t.app, { email, password: 'listen-along' });
}

describe('plans and monthly gifts in the back office', () => {
  it('lists them with the next payment, and cancels one on the family’s behalf by the family’s rules', async () => {
    const v = await family('plan-owner@example.test');
    await v.add(monthly);
    await payCart(v);
    const list = (await admin.send('GET', '/crud/admin/renewals?type=subscription')).json() as AdminRenewalsResponse;
    const plan = list.items.find((r) => r.customer.email === 'plan-owner@example.test');
    expect(plan).toMatchObject({ type: 'subscription', status: 'active', amount_usd: 5, interval: 'month', cancel_at: null });
    expect(plan?.current_period_end).toBeTruthy();

    const now = await admin.send('POST', `/crud/admin/renewals/${plan?.subscription_id}/cancel`, { when: 'now' });
    expect([now.statusCode, now.json().code]).toEqual([409, 'subscription_cancel_at_end_only']);
    const atEnd = await admin.send('POST', `/crud/admin/renewals/${plan?.subscription_id}/cancel`, { when: 'period_end' });
    expect(atEnd.json()).toMatchObject({ status: 'active', cancel_at: plan?.current_period_end });
    const audit = (await admin.send('GET', '/crud/admin/audit?action=subscription.cancel')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      target: 'user plan-owner@example.test',
      target_kind: 'user',
      target_name: 'plan-owner@example.test',
      details: { when: 'period_end' },
    });
    expect((await admin.send('POST', '/crud/admin/renewals/sub_nothing/cancel', { when: 'now' })).statusCode).toBe(404);
  });
});

describe('donors', () => {
  it('sums the year’s gifts per fund and per donor, and e-mails a donor’s statement', async () => {
    const v = await family('donor-ruth@example.test');
    expect(
      (
        await v.donate([
          { title: 'Missions', description: '', code: 'missions', amount: 7, type: 'donation' },
          { title: 'Missions', description: '', code: 'missions_monthly', amount: 12, type: 'recurring_donation' },
        ])
      ).statusCode,
    ).toBe(200);
    await payCart(v);
    const order = await t.db.selectFrom('orders').select(['paid_at', 'user_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const year = new Date(order.paid_at as Date).getUTCFullYear();
    const donors = (await admin.send('GET', `/crud/admin/donors?year=${year}`)).json() as AdminDonorsResponse;
    expect(donors.donors.find((d) => d.email === 'donor-ruth@example.test')).toMatchObject({
      name: 'Ruth Lee',
      one_time_usd: 7,
      monthly_usd: 12,
      gifts: 2,
    });
    expect(donors.funds.find((f) => f.title === 'Missions')).toMatchObject({ one_time_usd: 7, monthly_usd: 12 });

    const sent = await admin.send('POST', `/crud/admin/donors/${order.user_id}/statement`, { year });
    expect(sent.json()).toMatchObject({ year, gifts: 2, total_usd: 19, sent_to: 'donor-ruth@example.test' });
    const page = await admin.send('GET', `/crud/admin/donors/${order.user_id}/statement?year=${year}`);
    expect(page.json()).toMatchObject({ year, donor: { email: 'donor-ruth@example.test', name: 'Ruth Lee' }, total_usd: 19 });
    expect(
      page.json().gifts.map((g: { fund: string; amount_usd: number; monthly: boolean }) => [g.fund, g.amount_usd, g.monthly]),
    ).toEqual([
      ['Missions', 7, false],
      ['Missions', 12, true],
    ]);
    expect((await admin.send('GET', `/crud/admin/donors/99999999/statement?year=${year}`)).statusCode).toBe(404);
    const none = await admin.send('POST', `/crud/admin/donors/${order.user_id}/statement`, { year: 2001 });
    expect([none.statusCode, none.json().code]).toEqual([409, 'giving_statement_empty']);
    expect((await admin.send('GET', '/crud/admin/donors?year=1999')).statusCode).toBe(400);
    const audit = (await admin.send('GET', '/crud/admin/audit?action=donor.statement')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({ target: 'user donor-ruth@example.test', details: { year } });
  });

  it('leaves out a gift given back by a refund, on the donors page and in the statement', async () => {
    const v = await family('donor-refunded@example.test');
    await v.donate([
      { title: 'Missions', description: '', code: 'missions', amount: 9, type: 'donation' },
      { title: 'Missions', description: '', code: 'missions_monthly', amount: 4, type: 'recurring_donation' },
    ]);
    await payCart(v);
    const order = await t.db
      .selectFrom('orders')
      .select(['id', 'paid_at', 'user_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const oneTime = await t.db.selectFrom('skus').select('id').where('code', '=', 'missions').executeTakeFirstOrThrow();
    const refund = await admin.send('POST', `/crud/admin/orders/${order.id}/refund`, { sku_ids: [oneTime.id] });
    expect(refund.statusCode, refund.body).toBe(200);
    const year = new Date(order.paid_at as Date).getUTCFullYear();
    const donors = (await admin.send('GET', `/crud/admin/donors?year=${year}`)).json() as AdminDonorsResponse;
    expect(donors.donors.find((d) => d.email === 'donor-refunded@example.test')).toMatchObject({
      one_time_usd: 0,
      monthly_usd: 4,
      gifts: 1,
    });
    const page = await admin.send('GET', `/crud/admin/donors/${order.user_id}/statement?year=${year}`);
    expect(page.json()).toMatchObject({ total_usd: 4 });
  });

  it('is for admins acting as themselves only', async () => {
    const v = await family('nosy@example.test');
    expect((await v.send('GET', '/crud/admin/renewals')).statusCode).toBe(403);
    expect((await v.send('GET', '/crud/admin/donors?year=2026')).statusCode).toBe(403);
    expect((await v.send('POST', '/crud/admin/renewals/sub_x/cancel', { when: 'now' })).statusCode).toBe(403);
    expect((await v.send('POST', '/crud/admin/donors/1/statement', { year: 2026 })).statusCode).toBe(403);
  });
});
