import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';
import { CARD_EXPIRY_NOTICE_DAYS } from './card-expiry-notices';

/**
 * Issue 40 item 8: 14 days before a renewal whose saved card expires before
 * it, the family gets one e-mail in its language, however many servers look.
 */
let t: TestApp;
/** A second server on the same database, racing the first. */
let other: TestApp;
let monthly = 0;
beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ database: t.database });
  monthly = await createPlan(t.db, 'monthly');
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

let families = 0;
/** A family with the monthly plan, paid in `lang` with a card good through `expiry` (month, year). */
async function subscriber(lang: 'en' | 'es', expiry: { month: number; year: number }) {
  families += 1;
  const email = `expiring${families}@example.test`;
  await createUser(t.db, { email, password: 'listen-along', fname: 'Rosa' });
  const v: CartVisitor = await logIn(t.app, { email, password: 'listen-along' });
  const token = await v.send('POST', '/crud/test-payments/tokens', {
    number: '4242424242424242',
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: '123',
    name: 'Rosa Tester',
  });
  expect(token.statusCode).toBe(200);
  expect((await v.add(monthly)).statusCode).toBe(200);
  await payCart(v, token.json().id, { lang_code: lang });
  return email;
}

const mailTo = (email: string) =>
  t.db.selectFrom('mail_outbox').select(['subject', 'text_body', 'lang_code']).where('to_address', '=', email).execute();
const expiring = <M extends { subject: string }>(mails: M[]) => mails.filter((m) => /expires before|vence antes/.test(m.subject));

describe('the card expiry notice', () => {
  it('is sent once, in the family’s language, 14 days before a renewal its card will not reach, with two servers racing', async () => {
    const processor = t.app.payments as unknown as { now(): Promise<Date> };
    const today = await processor.now();
    // Good through this month: the monthly plan renews next month, after it has expired.
    const thisMonth = { month: today.getUTCMonth() + 1, year: today.getUTCFullYear() };
    const es = await subscriber('es', thisMonth);
    const en = await subscriber('en', thisMonth);
    const lasting = await subscriber('en', { month: 12, year: today.getUTCFullYear() + 3 });

    // A month away from the renewal: too early.
    expect(await t.app.sendCardExpiryNotices()).toBe(0);

    // The clock moves to within 14 days of the renewal (a month is 28 to 31 days).
    const days = 31 - CARD_EXPIRY_NOTICE_DAYS + 3;
    const admin = `clock-admin-${families}@example.test`;
    await createUser(t.db, { email: admin, password: 'keeps-the-clock', is_admin: true });
    const adminVisitor = await logIn(t.app, { email: admin, password: 'keeps-the-clock' });
    expect((await adminVisitor.send('POST', '/crud/test-payments/clock', { advance_days: days })).statusCode).toBe(200);

    const sent = await Promise.all([t.app.sendCardExpiryNotices(), other.app.sendCardExpiryNotices()]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(await t.app.sendCardExpiryNotices()).toBe(0);

    const [spanish] = expiring(await mailTo(es));
    expect(expiring(await mailTo(es))).toHaveLength(1);
    expect(spanish).toMatchObject({ lang_code: 'es', subject: 'Tu tarjeta vence antes de que se renueve Monthly plan' });
    expect(spanish?.text_body).toContain('Visa •••• 4242');
    expect(spanish?.text_body).toContain(`${String(thisMonth.month).padStart(2, '0')}/${thisMonth.year}`);
    expect(spanish?.text_body).toContain('/account/subscriptions');

    const english = expiring(await mailTo(en));
    expect(english).toHaveLength(1);
    expect(english[0]).toMatchObject({ lang_code: 'en', subject: 'Your card expires before Monthly plan renews' });
    expect(english[0]?.text_body).toContain('Visa •••• 4242');

    // A card good long after the renewal: nothing.
    expect(expiring(await mailTo(lasting))).toEqual([]);
  });
});
