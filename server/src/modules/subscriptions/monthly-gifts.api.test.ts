import type { AdminRenewalsResponse, AdminUserDetail, MySubscription } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createSku, createUser, signIn } from '../../../test/factories';
import { moveClock, payCart } from '../../../test/payments-client';
import { nextChargeAt } from './monthly-gifts';

/**
 * Issue 45: a donor changes a monthly gift from its next charge (amount,
 * fund, day of the month, a pause of 1 to 3 months), the billing worker of
 * the test processor honours it, and each change is audited and confirmed
 * by e-mail; a notice goes out a few days before a pause ends.
 */
let t: TestApp;
let planSku = 0;
const DAY_MS = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  t = await createTestApp();
  planSku = await createPlan(t.db, 'monthly');
  await createSku(t.db, { type: 'recurring_donation', code: 'missions_monthly', title: 'Missions', full_price_cents: 0 });
  await createSku(t.db, { type: 'recurring_donation', code: 'bibles_monthly', title: 'Bibles', full_price_cents: 0 });
  await createSku(t.db, { type: 'donation', code: 'bibles_once', title: 'Bibles once', full_price_cents: 0 });
});
afterAll(() => t.close());

type Donor = CartVisitor & { userId: number; email: string };
let donors = 0;
async function donor(amount = 12): Promise<Donor> {
  donors += 1;
  const email = `donor${donors}@example.test`;
  const user = await createUser(t.db, { email, password: 'gives-monthly', fname: 'Lydia' });
  const v = Object.assign(await logIn(t.app, { email, password: 'gives-monthly' }), { userId: user.id, email });
  const res = await v.donate([
    { title: 'Missions', description: '', code: 'missions_monthly', amount, type: 'recurring_donation' },
  ]);
  expect(res.statusCode).toBe(200);
  await payCart(v);
  return v;
}

let admin: CartVisitor;
let adminId = 0;
beforeAll(async () => {
  adminId = (await createUser(t.db, { email: 'gift-admin@example.test', password: 'keeps-the-clock', is_admin: true })).id;
  admin = await logIn(t.app, { email: 'gift-admin@example.test', password: 'keeps-the-clock' });
});

const advance = async (days: number) => new Date((await moveClock(admin, days)).frozen_time);
const now = async () => {
  const { TestProcessor } = await import('../../providers/payments/test-processor');
  if (!(t.app.payments instanceof TestProcessor)) throw new Error('the test processor bills these tests');
  return t.app.payments.now();
};

async function giftOf(v: CartVisitor) {
  const res = await v.send('GET', '/crud/stripe/customer/my/subscriptions');
  expect(res.statusCode).toBe(200);
  const gift = (res.json() as { data: MySubscription[] }).data.find((s) => s.type === 'recurring_donation');
  if (!gift) throw new Error('no monthly gift');
  return gift;
}
const change = (v: CartVisitor, id: string, body: object, host?: string) =>
  v.send('POST', `/crud/stripe/subscription/${id}/gift`, body, host ? { host } : undefined);
const mailTo = (email: string) =>
  t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).orderBy('id').execute();
const auditOf = (email: string) =>
  t.db
    .selectFrom('admin_audit')
    .select(['action', 'admin_id', 'details'])
    .where('target', '=', `user ${email}`)
    .orderBy('id')
    .execute();
const paidOf = (userId: number) =>
  t.db.selectFrom('renewal_payments').select('amount_cents').where('user_id', '=', userId).orderBy('id').execute();
/** A gift as the donor sees it, less the test clock's time (which runs on). */
const still = ({ test_clock: _, ...gift }: MySubscription) => gift;
/** Whole days to move the clock so that it passes `at` (and one fewer does not). */
const daysTo = async (at: string) => Math.ceil((new Date(at).getTime() - (await now()).getTime()) / DAY_MS);

describe('the next charge after a change', () => {
  const next = new Date('2027-03-10T09:00:00Z');
  const today = new Date('2027-02-20T09:00:00Z');
  it('moves to the chosen day of the month it falls in, or the month after once that day has passed', () => {
    expect(nextChargeAt(next, today, { chargeDay: 25 }).toISOString()).toBe('2027-03-25T09:00:00.000Z');
    expect(nextChargeAt(next, today, { chargeDay: 1 }).toISOString()).toBe('2027-03-01T09:00:00.000Z');
    expect(nextChargeAt(next, new Date('2027-03-02T00:00:00Z'), { chargeDay: 1 }).toISOString()).toBe('2027-04-01T09:00:00.000Z');
  });
  it('pauses for whole months from the next charge, on the chosen day when one is given', () => {
    expect(nextChargeAt(next, today, { pauseMonths: 1 }).toISOString()).toBe('2027-04-10T09:00:00.000Z');
    expect(nextChargeAt(next, today, { pauseMonths: 3 }).toISOString()).toBe('2027-06-10T09:00:00.000Z');
    expect(nextChargeAt(next, today, { pauseMonths: 2, chargeDay: 28 }).toISOString()).toBe('2027-05-28T09:00:00.000Z');
  });
});

describe('a donor changes a monthly gift', () => {
  it('refuses an amount outside a new gift’s limits and any bad input with 400, changing nothing', async () => {
    const v = await donor();
    const gift = await giftOf(v);
    for (const body of [
      {},
      { amount_usd: 0.99 },
      { amount_usd: 100_000.01 },
      { amount_usd: 12.345 },
      { amount_usd: '20' },
      { charge_day: 0 },
      { charge_day: 29 },
      { charge_day: 1.5 },
      { pause_months: 4 },
      { pause_months: 0 },
      { amount_usd: 20, extra: true },
    ]) {
      const res = await change(v, gift.id, body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
    expect(still(await giftOf(v))).toEqual(still(gift));
    expect(await auditOf(v.email)).toEqual([]);
    expect((await mailTo(v.email)).filter((m) => m.subject.includes('is changed'))).toEqual([]);
  });

  it('raises the amount from the next charge, keeps its date, audits it and confirms it by e-mail', async () => {
    const v = await donor(12);
    const gift = await giftOf(v);
    const res = await change(v, gift.id, { amount_usd: 100_000 });
    expect(res.statusCode).toBe(200);
    const raised = (await change(v, gift.id, { amount_usd: 20 })).json() as MySubscription;
    expect(raised).toMatchObject({
      price_usd: 20,
      next_payment: { date: gift.current_period_end, amount_usd: 20 },
      paused_until: null,
    });
    expect(await giftOf(v)).toMatchObject({ price_usd: 20 });
    const audit = await auditOf(v.email);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      action: 'gift.change',
      admin_id: null,
      details: { amount_usd: 20, was_amount_usd: 100_000, fund: 'missions_monthly', subscription: gift.id },
    });
    const mail = (await mailTo(v.email)).filter((m) => m.subject === 'Your monthly gift to Missions is changed');
    expect(mail).toHaveLength(2);
    expect(mail[1]?.text_body).toContain('$20.00');

    await advance(await daysTo(gift.current_period_end));
    expect(await paidOf(v.userId)).toEqual([{ amount_cents: 2000 }]);
  });

  it('moves the charge to the chosen day: the worker skips the old date and charges on the new one', async () => {
    // Given on a day of the month from 1 to 20, so that a day 5 later is in the same month.
    while ((await now()).getUTCDate() > 20) await advance(1);
    const v = await donor(15);
    const gift = await giftOf(v);
    const old = new Date(gift.current_period_end);
    const day = old.getUTCDate() + 5;
    const moved = (await change(v, gift.id, { charge_day: day })).json() as MySubscription;
    expect(moved.charge_day).toBe(day);
    const next = new Date(moved.next_payment?.date ?? '');
    expect(next.getUTCDate()).toBe(day);
    expect(next.getTime()).toBeGreaterThan(old.getTime());
    expect(moved.current_period_end).toBe(next.toISOString());

    const days = await daysTo(next.toISOString());
    await advance(days - 1);
    expect(await paidOf(v.userId)).toEqual([]);
    await advance(1);
    expect(await paidOf(v.userId)).toEqual([{ amount_cents: 1500 }]);
    // And a month later, on the same day: the month after, not the one after that.
    const after = new Date((await giftOf(v)).current_period_end);
    expect(after.getUTCDate()).toBe(day);
    const monthOf = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
    expect(monthOf(after) - monthOf(next)).toBe(1);
  });

  it('pauses for two months: no charge, a notice three days before, then it is charged again by itself', async () => {
    const v = await donor(10);
    const gift = await giftOf(v);
    const paused = (await change(v, gift.id, { pause_months: 2 })).json() as MySubscription;
    const resumes = paused.paused_until ?? '';
    expect(resumes).not.toBe('');
    expect(paused.next_payment?.date).toBe(resumes);
    const months =
      (new Date(resumes).getUTCFullYear() - new Date(gift.current_period_end).getUTCFullYear()) * 12 +
      new Date(resumes).getUTCMonth() -
      new Date(gift.current_period_end).getUTCMonth();
    expect(months).toBe(2);
    expect((await mailTo(v.email)).at(-1)?.text_body).toContain('is paused');
    // The back office sees it on the donor's page: the pause, and the change the donor made.
    const page = (await admin.send('GET', `/crud/admin/users/${v.userId}`)).json() as AdminUserDetail;
    expect(page.renewals.find((r) => r.type === 'recurring_donation')).toMatchObject({ paused_until: resumes });
    const renewals = (await admin.send('GET', '/crud/admin/renewals?type=recurring_donation')).json() as AdminRenewalsResponse;
    expect(renewals.items.find((r) => r.subscription_id === gift.id)).toMatchObject({ paused_until: resumes });
    expect(page.gift_changes).toEqual([
      {
        at: expect.any(String),
        fund: 'missions_monthly',
        amount_usd: 10,
        charge_day: null,
        pause_months: 2,
        next_charge: resumes,
      },
    ]);

    // Past the old date and on to four days before it resumes: nothing charged, no notice yet.
    await advance((await daysTo(resumes)) - 4);
    expect(await paidOf(v.userId)).toEqual([]);
    expect(await t.app.sendGiftResumeNotices()).toBe(0);
    expect((await giftOf(v)).paused_until).toBe(resumes);

    // Three days before: one notice, however many servers look at once.
    await advance(2);
    const sent = await Promise.all([t.app.sendGiftResumeNotices(), t.app.sendGiftResumeNotices()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await t.app.sendGiftResumeNotices()).toBe(0);
    const notices = (await mailTo(v.email)).filter((m) => m.subject === 'Your monthly gift to Missions starts again soon');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text_body).toContain('$10.00');

    await advance(2);
    expect(await paidOf(v.userId)).toEqual([{ amount_cents: 1000 }]);
    expect((await giftOf(v)).paused_until).toBeNull();
    const after = (await admin.send('GET', `/crud/admin/users/${v.userId}`)).json() as AdminUserDetail;
    expect(after.renewals.find((r) => r.type === 'recurring_donation')).toMatchObject({ paused_until: null });
  });

  it('moves to another monthly fund, and refuses a fund that is not one with 404, changing nothing', async () => {
    const v = await donor();
    const gift = await giftOf(v);
    for (const code of ['no_such_fund', 'bibles_once']) {
      const res = await change(v, gift.id, { code });
      expect([res.statusCode, res.json().code]).toEqual([404, 'gift_fund_not_found']);
    }
    expect(still(await giftOf(v))).toEqual(still(gift));
    const moved = (await change(v, gift.id, { code: 'bibles_monthly' })).json() as MySubscription;
    expect(moved).toMatchObject({ code: 'bibles_monthly', title: 'Bibles', price_usd: 12 });
    expect(await giftOf(v)).toMatchObject({ code: 'bibles_monthly', title: 'Bibles' });
    expect((await auditOf(v.email)).at(-1)?.details).toMatchObject({ fund: 'bibles_monthly', was_fund: 'missions_monthly' });
  });

  it('offers the monthly funds on sale to move to, titled in the site’s language (decision 070)', async () => {
    const v = await donor();
    const bibles = await t.db.selectFrom('skus').select('id').where('code', '=', 'bibles_monthly').executeTakeFirstOrThrow();
    await t.db.insertInto('sku_titles').values({ sku_id: bibles.id, lang_code: 'es', title: 'Biblias' }).execute();
    await createSku(t.db, {
      type: 'recurring_donation',
      code: 'retired_monthly',
      title: 'Retired',
      full_price_cents: 0,
      is_available: false,
    });
    const funds = async (host?: string) =>
      (await v.send('GET', '/crud/stripe/subscription/funds', undefined, host ? { host } : undefined)).json() as {
        data: { code: string; title: string }[];
      };
    expect((await funds()).data.map((f) => f.code).sort()).toEqual(['bibles_monthly', 'missions_monthly']);
    expect((await funds('es.localhost')).data).toContainEqual({ code: 'bibles_monthly', title: 'Biblias' });
    expect((await cartVisitor(t.app).send('GET', '/crud/stripe/subscription/funds')).statusCode).toBe(401);
  });

  it('confirms in the language the donor uses', async () => {
    const v = await donor();
    const gift = await giftOf(v);
    expect((await change(v, gift.id, { amount_usd: 30 }, 'es.localhost')).statusCode).toBe(200);
    const mail = (await mailTo(v.email)).at(-1);
    expect(mail?.subject).toBe('Su donativo mensual a Missions ha cambiado');
  });
});

describe('who may change a monthly gift', () => {
  it('answers 401 signed out, 404 for another family’s gift, 403 to an admin acting as the donor, changing nothing', async () => {
    const v = await donor();
    const gift = await giftOf(v);
    expect((await change(cartVisitor(t.app), gift.id, { amount_usd: 50 })).statusCode).toBe(401);
    const other = await logIn(t.app, {
      email: (await createUser(t.db, { email: 'other-donor@example.test', password: 'other-family' })).email,
      password: 'other-family',
    });
    const res = await change(other, gift.id, { amount_usd: 50 });
    expect([res.statusCode, res.json().code]).toEqual([404, 'no_subscription']);
    const acting = cartVisitor(t.app, await signIn(t.db, v.userId, { masqueradeAdminId: adminId }));
    const asAdmin = await change(acting, gift.id, { amount_usd: 50 });
    expect([asAdmin.statusCode, asAdmin.json().code]).toEqual([403, 'payment_not_while_masquerading']);
    expect(still(await giftOf(v))).toEqual(still(gift));
    expect(await auditOf(v.email)).toEqual([]);
  });

  it('refuses a plan (not a gift) and a gift whose cancel is pending with 409', async () => {
    const v = await donor();
    expect((await v.add(planSku)).statusCode).toBe(200);
    await payCart(v);
    const res = await v.send('GET', '/crud/stripe/customer/my/subscriptions');
    const plan = (res.json() as { data: MySubscription[] }).data.find((s) => s.type === 'subscription');
    if (!plan) throw new Error('no plan');
    const refused = await change(v, plan.id, { amount_usd: 20 });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'gift_change_unavailable']);

    const gift = await giftOf(v);
    expect((await v.send('POST', `/crud/stripe/subscription/${gift.id}/cancel-at-end`)).statusCode).toBe(200);
    const ending = await change(v, gift.id, { pause_months: 1 });
    expect([ending.statusCode, ending.json().code]).toEqual([409, 'gift_change_unavailable']);
  });
});
