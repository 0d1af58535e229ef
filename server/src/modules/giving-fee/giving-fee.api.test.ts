import { type CartLine, coverFeeCents, DEFAULT_FEE_RULE } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { cartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createSku, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/** Issue 45 "cover the fee", decision 067: the ministry's fee rule and the gifts that cover it. */
let t: TestApp;
const ADMIN = { email: 'fee-admin@example.test', password: 'counts-the-cents' };
const DONOR = { email: 'fee-donor@example.test', password: 'give-it-all' };

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { ...ADMIN, is_admin: true });
  await createUser(t.db, DONOR);
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  await createSku(t.db, { type: 'recurring_donation', code: 'missions_monthly', title: 'Missions', full_price_cents: 0 });
});
afterAll(() => t.close());

const gift = (amount: unknown, extra: Record<string, unknown> = {}) => ({
  title: 'Missions',
  description: '',
  code: 'missions',
  amount,
  type: 'donation',
  ...extra,
});
const rule = async () => (await t.app.inject({ method: 'GET', url: '/crud/giving-fee' })).json();

describe('the fee rule in the back office', () => {
  it('is 2.9 % + 30¢ until changed; only an admin reads or changes it; a change is audited', async () => {
    expect(await rule()).toEqual(DEFAULT_FEE_RULE);
    const anonymous = cartVisitor(t.app);
    expect((await anonymous.send('GET', '/crud/admin/giving-fee')).statusCode).toBe(401);
    expect((await anonymous.send('PUT', '/crud/admin/giving-fee', { percent_bp: 0, fixed_cents: 0 })).statusCode).toBe(401);
    const donor = await logIn(t.app, DONOR);
    expect((await donor.send('GET', '/crud/admin/giving-fee')).statusCode).toBe(403);
    expect((await donor.send('PUT', '/crud/admin/giving-fee', { percent_bp: 0, fixed_cents: 0 })).statusCode).toBe(403);

    const admin = await logIn(t.app, ADMIN);
    const read = await admin.send('GET', '/crud/admin/giving-fee');
    expect(read.json()).toEqual(DEFAULT_FEE_RULE);
    // The back office's answers are never kept by a cache; the public rule is anyone's.
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect((await admin.send('GET', '/crud/admin/giving-fee/report')).headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url: '/crud/giving-fee' })).headers['cache-control']).not.toBe(
      'private, no-store',
    );
    const changed = await admin.send('PUT', '/crud/admin/giving-fee', { percent_bp: 220, fixed_cents: 25 });
    expect([changed.statusCode, changed.json()]).toEqual([200, { percent_bp: 220, fixed_cents: 25 }]);
    expect(await rule()).toEqual({ percent_bp: 220, fixed_cents: 25 });
    const audit = await t.db
      .selectFrom('admin_audit')
      .select(['action', 'target', 'admin_email', 'details'])
      .where('action', '=', 'giving_fee.update')
      .execute();
    expect(audit).toEqual([
      {
        action: 'giving_fee.update',
        target: 'giving_fee rule',
        admin_email: ADMIN.email,
        details: { percent: 2.2, fixed_usd: 0.25, was_percent: 2.9, was_fixed_usd: 0.3 },
      },
    ]);
    expect((await admin.send('PUT', '/crud/admin/giving-fee', DEFAULT_FEE_RULE)).statusCode).toBe(200);
  });

  it('refuses a rule out of range or not in whole units, and changes nothing', async () => {
    const admin = await logIn(t.app, ADMIN);
    for (const body of [
      { percent_bp: 2001, fixed_cents: 30 },
      { percent_bp: -1, fixed_cents: 30 },
      { percent_bp: 2.5, fixed_cents: 30 },
      { percent_bp: 290, fixed_cents: 501 },
      { percent_bp: 290, fixed_cents: '30' },
      { percent_bp: 290 },
      { percent_bp: 290, fixed_cents: 30, extra: 1 },
    ]) {
      expect((await admin.send('PUT', '/crud/admin/giving-fee', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await rule()).toEqual(DEFAULT_FEE_RULE);
  });
});

describe('a donation that covers the fee', () => {
  it('is charged the gift plus the fee the server computes, and says how much covers the fee', async () => {
    const v = cartVisitor(t.app);
    expect((await v.send('POST', '/crud/cart-session/donations', [gift(10, { cover_fee: true }), gift(25)])).statusCode).toBe(
      200,
    );
    const lines = (await v.lines()) as CartLine[];
    expect(lines.map((l) => [l.price_usd, l.fee_covered_usd])).toEqual([
      [10.61, 0.61],
      [25, 0],
    ]);
    expect((await v.total()).json().total).toBe(35.61);
  });

  it('never takes the added amount from the client: a line carrying one is refused and nothing is added', async () => {
    const v = cartVisitor(t.app);
    for (const tampered of [
      gift(10, { cover_fee: true, fee_covered_usd: 0.01 }),
      gift(10, { cover_fee: true, fee_cents: 1 }),
      gift(10, { cover_fee: 'yes' }),
    ]) {
      expect((await v.send('POST', '/crud/cart-session/donations', [tampered])).statusCode).toBe(400);
    }
    expect(await v.lines()).toEqual([]);
  });

  it('follows the rule the back office sets', async () => {
    const admin = await logIn(t.app, ADMIN);
    expect((await admin.send('PUT', '/crud/admin/giving-fee', { percent_bp: 0, fixed_cents: 50 })).statusCode).toBe(200);
    const v = cartVisitor(t.app);
    await v.send('POST', '/crud/cart-session/donations', [gift(10, { cover_fee: true })]);
    expect((await v.lines()).map((l) => [l.price_usd, l.fee_covered_usd])).toEqual([[10.5, 0.5]]);
    expect((await admin.send('PUT', '/crud/admin/giving-fee', DEFAULT_FEE_RULE)).statusCode).toBe(200);
  });

  it('is remembered on a monthly gift: the order line and every renewal charge the covered amount', async () => {
    const donor = await logIn(t.app, DONOR);
    const added = coverFeeCents(1200, DEFAULT_FEE_RULE);
    expect(added).toBe(67);
    const given = await donor.donate([
      gift(12, { code: 'missions_monthly', type: 'recurring_donation', cover_fee: true }),
    ] as never);
    expect(given.statusCode).toBe(200);
    await payCart(donor);
    const line = await t.db
      .selectFrom('order_lines')
      .select(['unit_price_cents', 'fee_cents'])
      .where('type', '=', 'recurring_donation')
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ unit_price_cents: 1200 + added, fee_cents: added });
    const monthly = await t.db
      .selectFrom('recurring_items')
      .select(['id', 'amount_cents', 'fee_cents'])
      .executeTakeFirstOrThrow();
    expect([monthly.amount_cents, monthly.fee_cents]).toEqual([1200 + added, added]);

    const admin = await logIn(t.app, ADMIN);
    expect((await admin.send('POST', '/crud/test-payments/clock', { advance_days: 31 })).statusCode).toBe(200);
    const renewals = await t.db
      .selectFrom('renewal_payments')
      .select('amount_cents')
      .where('recurring_item_id', '=', monthly.id)
      .execute();
    expect(renewals).toEqual([{ amount_cents: 1200 + added }]);
  });

  it('shows in the report: the share of the days’ gifts that covered the fee and the amount covered', async () => {
    const donor = await logIn(t.app, DONOR);
    expect((await donor.donate([gift(25)])).statusCode).toBe(200);
    await payCart(donor);
    const year = new Date().getUTCFullYear();
    const range = `from=${year}-01-01&to=${year + 1}-12-31`;
    const admin = await logIn(t.app, ADMIN);
    const report = await admin.send('GET', `/crud/admin/giving-fee/report?${range}`);
    // The monthly gift's first month and its renewal covered 67¢ each; the $25 gift did not.
    expect([report.statusCode, report.json()]).toEqual([
      200,
      { from: `${year}-01-01`, to: `${year + 1}-12-31`, gifts: 3, covered: 2, share: 2 / 3, covered_usd: 1.34 },
    ]);
    const before = await admin.send('GET', '/crud/admin/giving-fee/report?from=2001-01-01&to=2001-12-31');
    expect(before.json()).toMatchObject({ gifts: 0, covered: 0, share: 0, covered_usd: 0 });

    expect((await cartVisitor(t.app).send('GET', `/crud/admin/giving-fee/report?${range}`)).statusCode).toBe(401);
    expect((await donor.send('GET', `/crud/admin/giving-fee/report?${range}`)).statusCode).toBe(403);
    for (const bad of [
      'from=2026-02-01&to=2026-01-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-13-01&to=2026-12-31',
      'to=2026-01-01',
    ]) {
      expect((await admin.send('GET', `/crud/admin/giving-fee/report?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('can be turned off and on again on the monthly gift, from its next charge', async () => {
    const donor = await logIn(t.app, DONOR);
    const { id, subscription_id: sub } = await t.db
      .selectFrom('recurring_items')
      .select(['id', 'subscription_id'])
      .executeTakeFirstOrThrow();
    const toggle = (v: typeof donor, body: object) => v.send('POST', `/crud/stripe/subscription/${sub}/cover-fee`, body);

    const off = await toggle(donor, { cover_fee: false });
    expect(off.statusCode).toBe(200);
    expect([off.json().cover_fee, off.json().price_usd, off.json().next_payment.amount_usd]).toEqual([
      { covered: false, fee_usd: 0.67 },
      12,
      12,
    ]);
    const admin = await logIn(t.app, ADMIN);
    expect((await admin.send('POST', '/crud/test-payments/clock', { advance_days: 31 })).statusCode).toBe(200);
    const renewals = () =>
      t.db
        .selectFrom('renewal_payments')
        .select(['amount_cents', 'fee_cents'])
        .where('recurring_item_id', '=', id)
        .orderBy('paid_at')
        .execute();
    expect((await renewals()).at(-1)).toEqual({ amount_cents: 1200, fee_cents: 0 });

    const on = await toggle(donor, { cover_fee: true });
    expect([on.statusCode, on.json().cover_fee, on.json().price_usd]).toEqual([200, { covered: true, fee_usd: 0.67 }, 12.67]);
    // Asked again, nothing changes.
    expect((await toggle(donor, { cover_fee: true })).json().price_usd).toBe(12.67);
    // To the next charge the gift names (after a reschedule the test processor's next date can be two months on).
    const due = new Date(on.json().next_payment.date).getTime();
    const frozen = new Date(on.json().test_clock.frozen_time).getTime();
    const days = Math.ceil((due - frozen) / 86_400_000) + 1;
    expect((await admin.send('POST', '/crud/test-payments/clock', { advance_days: days })).statusCode).toBe(200);
    expect((await renewals()).at(-1)).toEqual({ amount_cents: 1267, fee_cents: 67 });
    const listed = (await donor.send('GET', '/crud/stripe/customer/my/subscriptions')).json().data[0];
    expect(listed.cover_fee).toEqual({ covered: true, fee_usd: 0.67 });

    for (const bad of [{}, { cover_fee: 'yes' }, { cover_fee: true, fee_cents: 1 }]) {
      expect((await toggle(donor, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await toggle(cartVisitor(t.app), { cover_fee: false })).statusCode).toBe(401);
    // Another family's gift is not theirs to change.
    const other = await logIn(t.app, ADMIN);
    expect([(await toggle(other, { cover_fee: false })).statusCode]).toEqual([404]);
    expect(
      (await t.db.selectFrom('recurring_items').select('fee_cents').where('id', '=', id).executeTakeFirstOrThrow()).fee_cents,
    ).toBe(67);
  });

  it('is refused on a plan: only a monthly gift covers the fee (409), and nothing changes', async () => {
    const planId = await createPlan(t.db, 'monthly');
    await createUser(t.db, { email: 'fee-plan@example.test', password: 'listens-monthly' });
    const family = await logIn(t.app, { email: 'fee-plan@example.test', password: 'listens-monthly' });
    expect((await family.add(planId)).statusCode).toBe(200);
    await payCart(family);
    const plan = await t.db
      .selectFrom('recurring_items')
      .select(['subscription_id', 'amount_cents'])
      .where('type', '=', 'subscription')
      .executeTakeFirstOrThrow();
    const refused = await family.send('POST', `/crud/stripe/subscription/${plan.subscription_id}/cover-fee`, { cover_fee: true });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'cover_fee_unavailable']);
    const listed = (await family.send('GET', '/crud/stripe/customer/my/subscriptions')).json().data[0];
    expect([listed.cover_fee, listed.price_usd]).toEqual([null, plan.amount_cents / 100]);
  });

  it('keeps covering the fee when the donor changes the gift’s amount: the new amount adds its own fee', async () => {
    const donor = await logIn(t.app, DONOR);
    const { id, subscription_id: sub } = await t.db
      .selectFrom('recurring_items')
      .select(['id', 'subscription_id'])
      .where('type', '=', 'recurring_donation')
      .executeTakeFirstOrThrow();
    const raised = await donor.send('POST', `/crud/stripe/subscription/${sub}/gift`, { amount_usd: 20 });
    const added = coverFeeCents(2000, DEFAULT_FEE_RULE);
    expect(added).toBe(91);
    expect([raised.statusCode, raised.json().price_usd, raised.json().cover_fee]).toEqual([
      200,
      20.91,
      { covered: true, fee_usd: 0.91 },
    ]);
    const row = await t.db
      .selectFrom('recurring_items')
      .select(['amount_cents', 'fee_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_cents: 2091, fee_cents: 91 });
  });
});
