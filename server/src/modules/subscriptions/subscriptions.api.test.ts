import { type Invoice, invoiceReceiptPath, type MySubscription } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createSku, createUser } from '../../../test/factories';
import { moveClock, payCart, saveCard } from '../../../test/payments-client';

/**
 * Issue 28: a family's plan and monthly donations after checkout, renewals
 * billed by the built-in test processor as its clock moves, failed renewals,
 * cancel, resume, another card, the annual plan, and the e-mails.
 */
let t: TestApp;
const skus = { monthly: 0, annual: 0, missionsMonthly: 0 };
beforeAll(async () => {
  t = await createTestApp();
  skus.monthly = await createPlan(t.db, 'monthly');
  skus.annual = await createPlan(t.db, 'annual');
  skus.missionsMonthly = await createSku(t.db, {
    type: 'recurring_donation',
    code: 'missions_monthly',
    title: 'Missions',
    full_price_cents: 0,
  });
});
afterAll(() => t.close());

type Family = CartVisitor & { userId: number; email: string };
let families = 0;
async function family(): Promise<Family> {
  families += 1;
  const email = `renewing${families}@example.test`;
  const user = await createUser(t.db, { email, password: 'listen-along', fname: 'Grace' });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { userId: user.id, email });
}

let admin: CartVisitor;
beforeAll(async () => {
  await createUser(t.db, { email: 'clock-admin@example.test', password: 'keeps-the-clock', is_admin: true });
  admin = await logIn(t.app, { email: 'clock-admin@example.test', password: 'keeps-the-clock' });
});

/** The admin moves the test clock (and what falls due is billed). */
const advance = (days: number) => moveClock(admin, days);

async function subscriber(plan: 'monthly' | 'annual' = 'monthly') {
  const v = await family();
  expect((await v.add(skus[plan])).statusCode).toBe(200);
  await payCart(v);
  return v;
}

const mine = async (v: CartVisitor) => {
  const res = await v.send('GET', '/crud/stripe/customer/my/subscriptions');
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: MySubscription[] }).data;
};
const planOf = async (v: CartVisitor) => {
  const [plan] = await mine(v);
  if (!plan) throw new Error('no plan');
  return plan;
};
const invoicesOf = async (v: CartVisitor, query = '') =>
  (await v.send('GET', `/crud/stripe/customer/my/subscription/invoices${query}`)).json() as {
    data: Invoice[];
    has_more: boolean;
  };
const hasPlan = async (v: CartVisitor) => (await v.send('GET', '/crud/my-library/has-subscription')).json().has_subscription;
const mailTo = (email: string) =>
  t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).orderBy('id').execute();
const post = (v: CartVisitor, id: string, what: string, body?: object) =>
  v.send('POST', `/crud/stripe/subscription/${id}/${what}`, body);

describe('my subscription', () => {
  it('shows the plan bought at checkout with its price, next payment, first invoice and the annual offer', async () => {
    const v = await subscriber();
    const plan = await planOf(v);
    expect(plan).toMatchObject({
      type: 'subscription',
      code: 'monthly',
      title: 'Monthly plan',
      status: 'active',
      interval: 'month',
      items: [{ metadata: { type: 'subscription', code: 'monthly' }, quantity: 1, price: { unit_amount: 500 } }],
      price_usd: 5,
      cancel_at: null,
      past_due: null,
      cancel_kind: 'period_end',
      refund_usd: 0,
      next_payment: { date: plan.current_period_end, amount_usd: 5 },
      card: { brand: 'visa', last4: '4242' },
      upgrade: { code: 'annual', price_usd: 50 },
    });
    // The unused part of the month is credited against the annual price.
    expect(plan.upgrade?.due_now_usd).toBeGreaterThan(45);
    expect(plan.upgrade?.due_now_usd).toBeLessThanOrEqual(50);
    const invoices = await invoicesOf(v);
    expect(invoices).toMatchObject({
      has_more: false,
      data: [{ total: 500, total_usd: 5, status: 'paid', type: 'subscription' }],
    });
    expect(invoices.data[0]?.lines).toEqual([{ plan: { interval: 'month' }, product: 'subscription-monthly' }]);
    expect(await hasPlan(v)).toBe(true);
  });

  it('is empty without a plan, and says no_subscription for invoices; a visitor must sign in', async () => {
    const v = await family();
    expect(await mine(v)).toEqual([]);
    const res = await v.send('GET', '/crud/stripe/customer/my/subscription/invoices');
    expect([res.statusCode, res.json().code]).toEqual([404, 'no_subscription']);
    expect(res.json().message).toBe('No active subscription was found. It may already be cancelled.');
    const visitor = await t.app.inject({ method: 'GET', url: '/crud/stripe/customer/my/subscriptions' });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers another family’s subscription as none, and changes nothing of it', async () => {
    const owner = await subscriber();
    const { id } = await planOf(owner);
    const other = await family();
    for (const what of ['cancel', 'cancel-at-end', 'resume']) {
      const res = await post(other, id, what);
      expect([res.statusCode, res.json().code]).toEqual([404, 'no_subscription']);
    }
    const res = await other.send('GET', `/crud/stripe/customer/my/subscription/${id}/invoices`);
    expect(res.statusCode).toBe(404);
    expect((await planOf(owner)).cancel_at).toBeNull();
  });
});

describe('renewals on the test clock', () => {
  it('bills the next month when the admin moves the clock 31 days: a second invoice, a receipt, access kept', async () => {
    const v = await subscriber();
    const before = await planOf(v);
    const moved = await advance(31);
    expect(moved.steps).toBeGreaterThanOrEqual(1);
    const after = await planOf(v);
    expect(after.status).toBe('active');
    expect(new Date(after.current_period_end) > new Date(before.current_period_end)).toBe(true);
    expect(after.test_clock?.frozen_time).toBeTruthy();
    const invoices = await invoicesOf(v);
    expect(invoices.data.map((i) => [i.status, i.total])).toEqual([
      ['paid', 500],
      ['paid', 500],
    ]);
    const mails = await mailTo(v.email);
    expect(mails.map((m) => m.subject)).toContain('Receipt: Monthly plan, $5.00');
    expect(mails.find((m) => m.subject.startsWith('Receipt'))?.text_body).toContain('/account/subscriptions');
    expect(await hasPlan(v)).toBe(true);
    const payments = await t.db.selectFrom('renewal_payments').selectAll().where('user_id', '=', v.userId).execute();
    expect(payments.map((p) => p.amount_cents)).toEqual([500]);
  });

  it('links each invoice to its receipt: a renewal’s HTML, for its family alone; the first month’s, its order (decision 071)', async () => {
    const v = await subscriber();
    await advance(31);
    const { id } = await planOf(v);
    const [renewal, first] = (await invoicesOf(v)).data as [Invoice, Invoice];
    const { order_id } = await t.db
      .selectFrom('recurring_items')
      .select('order_id')
      .where('subscription_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(renewal.receipt_url).toBe(invoiceReceiptPath(id, renewal.id));
    expect(first.receipt_url).toBe(`/payment?order=${order_id}`);

    const res = await v.send('GET', renewal.receipt_url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('Monthly plan');
    expect(res.body).toContain('$5.00');
    // The first month has no renewal receipt of its own; another family reads none.
    const notRenewal = await v.send('GET', invoiceReceiptPath(id, first.id));
    expect([notRenewal.statusCode, notRenewal.json().code]).toEqual([404, 'invoice_receipt_not_found']);
    const other = await family();
    const theirs = await other.send('GET', renewal.receipt_url as string);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'no_subscription']);
    const unknown = await v.send('GET', invoiceReceiptPath(id, 'in_unknown'));
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'invoice_receipt_not_found']);
    // An id that is no processor id is refused before anything is read.
    expect((await v.send('GET', invoiceReceiptPath(id, 'in-1'))).statusCode).toBe(400);
  });

  it('moves the clock for admins only, forward 1 to 3660 days', async () => {
    const v = await family();
    expect((await v.send('POST', '/crud/test-payments/clock', { advance_days: 1 })).statusCode).toBe(403);
    for (const days of [-1, 0, 100_000, 1.5, '3']) {
      const res = await admin.send('POST', '/crud/test-payments/clock', { advance_days: days });
      expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
    }
  });

  it('moves the clock by each of two moves made at once, refusing neither (two volunteers, or two servers)', async () => {
    const before = new Date((await advance(1)).frozen_time).getTime();
    const [a, b] = await Promise.all([
      admin.send('POST', '/crud/test-payments/clock', { advance_days: 40 }),
      admin.send('POST', '/crud/test-payments/clock', { advance_days: 41 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = new Date((await advance(1)).frozen_time).getTime();
    // 82 days on, give or take the real time that passed meanwhile.
    expect(Math.round((after - before) / (24 * 60 * 60 * 1000))).toBe(82);
  });

  it('pages invoices with Stripe’s cursors and refuses a garbage cursor', async () => {
    const v = await subscriber();
    for (let i = 0; i < 11; i++) await advance(31);
    const first = await invoicesOf(v);
    expect(first.data).toHaveLength(10);
    expect(first.has_more).toBe(true);
    const last = first.data.at(-1)?.id;
    const next = await invoicesOf(v, `?starting_after=${last}`);
    expect(next.has_more).toBe(false);
    expect(next.data.length).toBeGreaterThanOrEqual(2);
    const back = await invoicesOf(v, `?ending_before=${next.data[0]?.id}`);
    expect(back.data.map((i) => i.id)).toEqual(first.data.map((i) => i.id));
    for (const query of ['?starting_after=%27%3B--', `?starting_after=${last}&ending_before=${last}`]) {
      const res = await v.send('GET', `/crud/stripe/customer/my/subscription/invoices${query}`);
      expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
    }
  });

  it('answers invoice_cursor_unknown, in the site language, for a cursor that is no invoice or another family’s', async () => {
    const v = await subscriber();
    const other = await subscriber();
    const theirs = (await invoicesOf(other)).data[0]?.id;
    expect(theirs).toBeDefined();

    for (const query of ['?starting_after=in_nothing', `?starting_after=${theirs}`, `?ending_before=${theirs}`]) {
      const res = await v.send('GET', `/crud/stripe/customer/my/subscription/invoices${query}`);
      expect([res.statusCode, res.json().code]).toEqual([400, 'invoice_cursor_unknown']);
    }
    const es = await v.send('GET', `/crud/stripe/customer/my/subscription/invoices?test_spanish_site=1&starting_after=${theirs}`);
    expect(es.json().message).toBe(
      'No encontramos esa página de facturas para esta suscripción. Vuelve a empezar desde la primera página.',
    );
    const { id } = await planOf(v);
    const own = await v.send('GET', `/crud/stripe/customer/my/subscription/${id}/invoices?starting_after=${theirs}`);
    expect([own.statusCode, own.json().code]).toEqual([400, 'invoice_cursor_unknown']);
  });

  it('goes past due on a declining card, keeps access during the retries, and a new card pays it at once', async () => {
    const v = await subscriber();
    const { id } = await planOf(v);
    const failing = await saveCard(v, '4000000000000341');
    const good = (await planOf(v)).card?.id;
    expect((await post(v, id, 'card', { card_id: failing })).json()).toMatchObject({ card: { last4: '0341' } });

    await advance(31);
    const due = await planOf(v);
    expect(due).toMatchObject({ status: 'past_due', next_payment: null, past_due: { amount_usd: 5 } });
    expect(due.past_due?.next_attempt_at).toBeTruthy();
    expect(await hasPlan(v)).toBe(true);
    const failed = (await mailTo(v.email)).find((m) => m.subject === 'Your payment for Monthly plan did not go through');
    expect(failed?.text_body).toContain('/account/subscriptions');

    const paid = await post(v, id, 'card', { card_id: good });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'active', past_due: null, card: { last4: '4242' } });
    expect((await invoicesOf(v)).data.map((i) => i.status)).toEqual(['paid', 'paid']);
  });

  it('ends the plan after the last retry: access ends, the family is told, and it cannot be resumed', async () => {
    const v = await subscriber();
    const { id } = await planOf(v);
    await post(v, id, 'card', { card_id: await saveCard(v, '4000000000000341') });
    await advance(31);
    await advance(8);
    expect(await mine(v)).toEqual([]);
    expect(await hasPlan(v)).toBe(false);
    const ended = (await mailTo(v.email)).find((m) => m.subject === 'Monthly plan has ended');
    expect(ended?.text_body).toContain('could not collect $5.00');
    expect((await invoicesOf(v)).data.map((i) => i.status)).toEqual(['uncollectible', 'paid']);
    const res = await post(v, id, 'resume');
    expect([res.statusCode, res.json().code]).toEqual([409, 'subscription_ended']);
    // A card that declines is never charged twice for one try, and never after the end.
    await advance(31);
    expect((await invoicesOf(v)).data).toHaveLength(2);
  });

  it('refuses a card that is not the family’s, changing nothing', async () => {
    const v = await subscriber();
    const { id, card } = await planOf(v);
    const other = await family();
    const theirs = await saveCard(other, '5555555555554444');
    const res = await post(v, id, 'card', { card_id: theirs });
    expect([res.statusCode, res.json().code]).toEqual([404, 'payment_card_not_found']);
    expect((await post(v, id, 'card', { card_id: '../../x' })).statusCode).toBe(400);
    expect((await planOf(v)).card).toEqual(card);
  });
});

describe('cancel and resume', () => {
  it('cancels a monthly plan at the period end only: the date shows, Resume restores it, and it ends when the period does', async () => {
    const v = await subscriber();
    const { id, current_period_end } = await planOf(v);
    const now = await post(v, id, 'cancel');
    expect([now.statusCode, now.json().code]).toEqual([409, 'subscription_cancel_at_end_only']);

    const ending = await post(v, id, 'cancel-at-end');
    expect(ending.statusCode).toBe(200);
    expect(ending.json()).toMatchObject({ status: 'active', cancel_at: current_period_end, next_payment: null, upgrade: null });
    const resumed = await post(v, id, 'resume');
    expect(resumed.json()).toMatchObject({ status: 'active', cancel_at: null, next_payment: { amount_usd: 5 } });

    await post(v, id, 'cancel-at-end');
    await advance(32);
    expect(await mine(v)).toEqual([]);
    expect(await hasPlan(v)).toBe(false);
    expect((await invoicesOf(v)).data).toHaveLength(1);
    expect((await mailTo(v.email)).map((m) => m.subject)).toContain('Monthly plan has ended');
    const again = await post(v, id, 'cancel-at-end');
    expect([again.statusCode, again.json().code]).toEqual([409, 'subscription_already_cancelled']);
  });

  it('cancels an annual plan now, refunding the unused part once, and access ends on the next request', async () => {
    const v = await subscriber('annual');
    const plan = await planOf(v);
    expect(plan).toMatchObject({ cancel_kind: 'now', upgrade: null });
    expect(plan.refund_usd).toBeGreaterThan(49);
    const res = await post(v, plan.id, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancel_kind: 'now' });
    expect(res.json().refund_usd).toBeGreaterThan(49);
    expect(await hasPlan(v)).toBe(false);
    const again = await post(v, plan.id, 'cancel');
    expect([again.statusCode, again.json().code]).toEqual([409, 'subscription_already_cancelled']);
    const refunds = await t.db
      .selectFrom('test_processor_refunds as r')
      .innerJoin('orders as o', 'o.payment_id', 'r.payment_id')
      .select('r.amount_cents')
      .where('o.user_id', '=', v.userId)
      .execute();
    expect(refunds.map((r) => r.amount_cents)).toEqual([Math.round(res.json().refund_usd * 100)]);
  });

  it('gives back later a refund the processor could not make at the time, once', async () => {
    const v = await subscriber('annual');
    const plan = await planOf(v);
    // As if the processor had stopped answering right after the cancel: the refund is owed.
    await t.app.payments.cancelSubscription(plan.id, { atPeriodEnd: false });
    await t.db.updateTable('recurring_items').set({ refund_owed_cents: 4000 }).where('subscription_id', '=', plan.id).execute();
    expect(await t.app.settleOwedRefunds()).toBeGreaterThanOrEqual(1);
    expect(await t.app.settleOwedRefunds()).toBe(0);
    const item = await t.db
      .selectFrom('recurring_items')
      .select(['refund_owed_cents', 'refunded_cents', 'order_id'])
      .where('subscription_id', '=', plan.id)
      .executeTakeFirstOrThrow();
    expect([item.refund_owed_cents, item.refunded_cents]).toEqual([0, 4000]);
    const refunds = await t.db
      .selectFrom('test_processor_refunds as r')
      .innerJoin('orders as o', 'o.payment_id', 'r.payment_id')
      .select('r.amount_cents')
      .where('o.id', '=', item.order_id)
      .execute();
    expect(refunds).toEqual([{ amount_cents: 4000 }]);
  });

  it('is refused in Spanish in the site language', async () => {
    const v = await subscriber();
    const { id } = await planOf(v);
    const res = await v.send('POST', `/crud/stripe/subscription/${id}/cancel`, undefined, { host: 'es.localhost' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Este plan se renueva en menos de un mes/);
  });
});

describe('the annual plan instead of the monthly one', () => {
  it('moves a monthly plan to the annual plan, charging the difference now, once', async () => {
    const v = await subscriber();
    const plan = await planOf(v);
    const res = await post(v, plan.id, 'plan', { code: 'annual' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'annual', interval: 'year', price_usd: 50, upgrade: null, cancel_kind: 'now' });
    const invoices = await invoicesOf(v);
    expect(invoices.data[0]).toMatchObject({ total_usd: plan.upgrade?.due_now_usd, status: 'paid', code: 'annual' });
    const again = await post(v, plan.id, 'plan', { code: 'annual' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'plan_change_unavailable']);
    expect((await invoicesOf(v)).data).toHaveLength(2);
    expect(await hasPlan(v)).toBe(true);

    // Cancelled now, the unused year is refunded from the charges that paid it, never more than each paid.
    const cancelled = await post(v, plan.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    const refunds = await t.db
      .selectFrom('test_processor_refunds as r')
      .innerJoin('test_processor_payments as p', 'p.id', 'r.payment_id')
      .select(['r.amount_cents', 'p.amount_cents as paid_cents', 'p.amount_refunded_cents'])
      .where('r.idempotency_key', 'like', `cancel-${plan.id}-%`)
      .execute();
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    expect(refunds.every((r) => r.amount_refunded_cents <= r.paid_cents)).toBe(true);
    const total = refunds.reduce((sum, r) => sum + r.amount_cents, 0);
    expect(cancelled.json().refund_usd).toBe(total / 100);
    // Everything paid for the plan was 5.00 and the prorated difference: the refund is less.
    expect(total).toBeLessThan(500 + Math.round((plan.upgrade?.due_now_usd ?? 0) * 100));
    expect(total).toBeGreaterThan(4500);
  });
});

describe('monthly donations', () => {
  it('renew with a receipt (decision 070: the gift receipt of the donor’s country), and Cancel stops the next one', async () => {
    const v = await family();
    const res = await v.donate([
      { title: 'Missions', description: '', code: 'missions_monthly', amount: 12, type: 'recurring_donation' },
    ]);
    expect(res.statusCode).toBe(200);
    await payCart(v);
    const [gift] = await mine(v);
    expect(gift).toMatchObject({ type: 'recurring_donation', price_usd: 12, cancel_kind: 'period_end', upgrade: null });
    await advance(31);
    const receipt = (await mailTo(v.email)).find((m) => m.subject.startsWith('Receipt: Missions'));
    // No receipt details set in the back office: the plain receipt, never an invented number (decision 068).
    expect(receipt?.text_body).toContain('Donation receipt');
    expect(receipt?.text_body).toContain('Amount: $12.00');

    const item = await t.db.selectFrom('recurring_items').select('id').where('user_id', '=', v.userId).executeTakeFirstOrThrow();
    expect((await v.send('DELETE', `/crud/recurring-donations/${item.id}`)).statusCode).toBe(204);
    await advance(31);
    const paid = await t.db.selectFrom('renewal_payments').select('amount_cents').where('user_id', '=', v.userId).execute();
    expect(paid).toEqual([{ amount_cents: 1200 }]);
  });
});

describe('events', () => {
  it('acts on a redelivered event once: one receipt, one recorded payment', async () => {
    const v = await subscriber();
    await advance(31);
    const count = async () => ({
      mails: (await mailTo(v.email)).filter((m) => m.subject.startsWith('Receipt')).length,
      payments: (await t.db.selectFrom('renewal_payments').select('id').where('user_id', '=', v.userId).execute()).length,
    });
    const before = await count();
    await t.db.updateTable('test_processor_events').set({ delivered_at: null, lease_until: null }).execute();
    await t.app.billRenewals();
    expect(await count()).toEqual(before);
  });
});
