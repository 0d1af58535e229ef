import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { logIn } from '../../../test/cart-client';
import { createSku, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/** Issue 28 item 5: a donor's year-end giving statement, e-mailed from the account page. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  await createSku(t.db, { type: 'recurring_donation', code: 'missions_monthly', title: 'Missions', full_price_cents: 0 });
});
afterAll(() => t.close());

const mailTo = (email: string) =>
  t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).orderBy('id').execute();

describe('giving statement', () => {
  it('e-mails every gift of the year, one-time and monthly with its renewals, with the total and the ministry’s statement', async () => {
    await createUser(t.db, { email: 'donor@example.test', password: 'give-gladly', fname: 'Ruth' });
    await createUser(t.db, { email: 'statement-admin@example.test', password: 'keeps-the-clock', is_admin: true });
    const donor = await logIn(t.app, { email: 'donor@example.test', password: 'give-gladly' });
    const given = await donor.donate([
      { title: 'Missions', description: '', code: 'missions', amount: 7, type: 'donation' },
      { title: 'Missions', description: '', code: 'missions_monthly', amount: 12, type: 'recurring_donation' },
    ]);
    expect(given.statusCode).toBe(200);
    await payCart(donor);
    const admin = await logIn(t.app, { email: 'statement-admin@example.test', password: 'keeps-the-clock' });
    expect((await admin.send('POST', '/crud/test-payments/clock', { advance_days: 31 })).statusCode).toBe(200);

    const order = await t.db.selectFrom('orders').select('paid_at').executeTakeFirstOrThrow();
    const year = new Date(order.paid_at as Date).getUTCFullYear();
    const renewal = await t.db.selectFrom('renewal_payments').select('paid_at').executeTakeFirstOrThrow();
    const renewedThatYear = new Date(renewal.paid_at).getUTCFullYear() === year;

    const res = await donor.send('POST', '/crud/giving-statement', { year });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      year,
      gifts: renewedThatYear ? 3 : 2,
      total_usd: renewedThatYear ? 31 : 19,
      sent_to: 'donor@example.test',
    });
    const statement = (await mailTo('donor@example.test')).find((m) => m.subject === `Your giving statement for ${year}`);
    expect(statement?.text_body).toContain(`Total given in ${year}: $${renewedThatYear ? '31.00' : '19.00'}`);
    expect(statement?.text_body).toContain('No goods or services were provided');

    const es = await donor.send('POST', '/crud/giving-statement?test_spanish_site=1', { year });
    expect(es.statusCode).toBe(200);
    expect((await mailTo('donor@example.test')).at(-1)?.subject).toBe(`Tu constancia de donativos de ${year}`);
  });

  it('has nothing to send for a year without gifts, refuses a year out of range, and needs a signed-in donor', async () => {
    await createUser(t.db, { email: 'no-gifts@example.test', password: 'give-gladly' });
    const v = await logIn(t.app, { email: 'no-gifts@example.test', password: 'give-gladly' });
    const none = await v.send('POST', '/crud/giving-statement', { year: 2025 });
    expect([none.statusCode, none.json().code, none.json().message]).toEqual([
      409,
      'giving_statement_empty',
      'We found no gifts from you in 2025, so there is no statement to send.',
    ]);
    for (const year of [1999, 2101, '2025', null]) {
      expect((await v.send('POST', '/crud/giving-statement', { year })).statusCode).toBe(400);
    }
    expect(await mailTo('no-gifts@example.test')).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/crud/giving-statement', payload: { year: 2025 } })).statusCode).toBe(401);
  });
});
