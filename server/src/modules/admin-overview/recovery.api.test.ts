import type { AdminOverview, AdminUserDetail, MySubscription } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createUser } from '../../../test/factories';
import { cardToken, payCart } from '../../../test/payments-client';

/**
 * Issue 45, recovery the ministry sees: the Overview counts the plans and
 * monthly gifts whose renewal charge failed this month, how many a later
 * charge paid (a change of card here), and the amount still at risk.
 */
let t: TestApp;
let admin: CartVisitor;
let plan = 0;
/** Attaches, then every charge on it is declined (the test processor's card). */
const DECLINES_CHARGES = '4000000000000341';

beforeAll(async () => {
  t = await createTestApp();
  plan = await createPlan(t.db, 'monthly');
  await createUser(t.db, { email: 'recovery-admin@example.test', password: 'watches-renewals', is_admin: true });
  admin = await logIn(t.app, { email: 'recovery-admin@example.test', password: 'watches-renewals' });
});
afterAll(() => t.close());

let families = 0;
/** A family on the monthly plan ($5) whose renewals are charged to a card that declines; its plan and good card. */
async function failingSubscriber() {
  families += 1;
  const email = `failing${families}@example.test`;
  const user = await createUser(t.db, { email, password: 'listen-along', fname: 'Grace' });
  const v = await logIn(t.app, { email, password: 'listen-along' });
  expect((await v.add(plan)).statusCode).toBe(200);
  await payCart(v);
  const [mine] = (
    (await v.send('GET', '/crud/stripe/customer/my/subscriptions')).json() as {
      data: MySubscription[];
    }
  ).data;
  const saved = await v.send('POST', '/crud/stripe/customer/card', {
    user_id: user.id,
    stripe_token: await cardToken(v, DECLINES_CHARGES),
    extras: {},
  });
  const failing = (saved.json() as { card_token: string }).card_token;
  const moved = await v.send('POST', `/crud/stripe/subscription/${mine?.id}/card`, { card_id: failing });
  expect(moved.statusCode, moved.body).toBe(200);
  return { v, userId: user.id, id: mine?.id ?? '', goodCard: mine?.card?.id ?? '' };
}

const recovery = async () => ((await admin.send('GET', '/crud/admin/overview')).json() as AdminOverview).recovery;

describe('failed renewals on the Overview', () => {
  it('counts the renewals that failed this month, those a new card paid, and the amount still at risk', async () => {
    expect(await recovery()).toEqual({ failed: 0, recovered: 0, at_risk_usd: 0 });
    const first = await failingSubscriber();
    const second = await failingSubscriber();

    const moved = await admin.send('POST', '/crud/test-payments/clock', { advance_days: 31 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await recovery()).toEqual({ failed: 2, recovered: 0, at_risk_usd: 10 });

    // The first family puts its good card back: the open renewal is paid at once.
    const paid = await first.v.send('POST', `/crud/stripe/subscription/${first.id}/card`, { card_id: first.goodCard });
    expect(paid.json()).toMatchObject({ status: 'active', past_due: null });
    expect(await recovery()).toEqual({ failed: 2, recovered: 1, at_risk_usd: 5 });

    // The Reports page (decision 070): the same figures for the days chosen, from the same function.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = (from: string, to: string) => admin.send('GET', `/crud/admin/recovery?from=${from}&to=${to}`);
    const thisWeek = await report(day(-6), day(0));
    expect([thisWeek.statusCode, thisWeek.json()]).toEqual([
      200,
      { from: day(-6), to: day(0), failed: 2, recovered: 1, at_risk_usd: 5 },
    ]);
    expect((await report(day(-9), day(-1))).json()).toMatchObject({ failed: 0, recovered: 0, at_risk_usd: 0 });
    const inverted = await report(day(0), day(-1));
    expect([inverted.statusCode, inverted.json().code]).toEqual([400, 'validation_failed']);
    expect((await first.v.send('GET', `/crud/admin/recovery?from=${day(0)}&to=${day(0)}`)).statusCode).toBe(403);

    // Each family's page in the back office lists its failed charge, paid or not.
    const charges = async (userId: number) =>
      ((await admin.send('GET', `/crud/admin/users/${userId}`)).json() as AdminUserDetail).failed_charges.map((c) => [
        c.title,
        c.type,
        c.amount_usd,
        c.failures,
        c.recovered_at !== null,
      ]);
    expect(await charges(first.userId)).toEqual([['Monthly plan', 'subscription', 5, 1, true]]);
    expect(await charges(second.userId)).toEqual([['Monthly plan', 'subscription', 5, 1, false]]);
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/crud/admin/overview' })).statusCode).toBe(401);
  });
});
