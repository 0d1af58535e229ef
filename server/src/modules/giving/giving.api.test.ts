import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { logIn } from '../../../test/cart-client';
import { createSku, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/** Issue 28 item 5: a donor's year-end giving statement, e-mailed from the account page. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { email: 'statement-admin@example.test', password: 'keeps-the-clock', is_admin: true });
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  await createSku(t.db, { type: 'recurring_donation', code: 'missions_monthly', title: 'Missions', full_price_cents: 0 });
});
afterAll(() => t.close());

const mailTo = (email: string) =>
  t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).orderBy('id').execute();

/** A signed-in family who gave once and monthly, paid. */
async function donorWhoGave(email: string) {
  await createUser(t.db, { email, password: 'give-gladly', fname: 'Ruth' });
  const donor = await logIn(t.app, { email, password: 'give-gladly' });
  const given = await donor.donate([
    { title: 'Missions', description: '', code: 'missions', amount: 7, type: 'donation' },
    { title: 'Missions', description: '', code: 'missions_monthly', amount: 12, type: 'recurring_donation' },
  ]);
  expect(given.statusCode).toBe(200);
  await payCart(donor);
  return donor;
}

describe('giving statement', () => {
  it('e-mails every gift of the year, one-time and monthly with its renewals, with the total and the ministry’s statement', async () => {
    const donor = await donorWhoGave('donor@example.test');
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

  it('is e-mailed to one account at most 10 times a day, whether the family or the back office sends it', async () => {
    const donor = await donorWhoGave('often@example.test');
    const admin = await logIn(t.app, { email: 'statement-admin@example.test', password: 'keeps-the-clock' });
    const { id } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'often@example.test')
      .executeTakeFirstOrThrow();
    const order = await t.db.selectFrom('orders').select('paid_at').where('user_id', '=', id).executeTakeFirstOrThrow();
    const year = new Date(order.paid_at as Date).getUTCFullYear();
    const byFamily = () => donor.send('POST', '/crud/giving-statement', { year });
    const byAdmin = () => admin.send('POST', `/crud/admin/donors/${id}/statement`, { year });

    for (let i = 0; i < 6; i++) expect((await byFamily()).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await byAdmin()).statusCode).toBe(200);
    const refused = await byAdmin();
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect([(await byFamily()).statusCode]).toEqual([429]);
    const statements = (await mailTo('often@example.test')).filter((m) => m.subject.startsWith('Your giving statement'));
    expect(statements).toHaveLength(10);
    // Another family's statement is theirs to ask for.
    expect((await (await donorWhoGave('seldom@example.test')).send('POST', '/crud/giving-statement', { year })).statusCode).toBe(
      200,
    );
  });
});
