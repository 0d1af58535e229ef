import type { MySubscription, RenewalReceiptsResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createSku, createUser, illinoisAddress, RECEIPT_SETTINGS } from '../../../test/factories';
import { moveClock, payCart, saveCard } from '../../../test/payments-client';
import { pdfText } from '../../../test/pdf';

/**
 * Decision 070: every paid renewal of a monthly gift gets its receipt as the
 * donor's country asks (Canada's serial numbers gap-free within a year,
 * shared with first gifts), e-mailed with its PDF and downloadable from My
 * subscription by the family alone; and moving a gift to another card is
 * confirmed by e-mail in the donor's language and recorded for the back office.
 */
let t: TestApp;
let admin: CartVisitor;
const COUNTRY = { US: 33, CA: 87 };

beforeAll(async () => {
  t = await createTestApp();
  await createSku(t.db, { type: 'recurring_donation', code: 'missions_monthly', title: 'Missions', full_price_cents: 0 });
  await createUser(t.db, { email: 'renewals-admin@example.test', password: 'keeps-the-clock', is_admin: true });
  admin = await logIn(t.app, { email: 'renewals-admin@example.test', password: 'keeps-the-clock' });
  const saved = await admin.send('PUT', '/crud/admin/receipt-settings', RECEIPT_SETTINGS);
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

type Donor = CartVisitor & { userId: number; email: string };
let donors = 0;
async function donor(country: keyof typeof COUNTRY, amount = 15, host?: string): Promise<Donor> {
  donors += 1;
  const email = `renewal-donor-${donors}@example.test`;
  const user = await createUser(t.db, { email, password: 'gives-monthly', fname: 'Tabitha', lname: 'Joppa' });
  const v = Object.assign(await logIn(t.app, { email, password: 'gives-monthly' }), { userId: user.id, email });
  const site = host === 'es.localhost' ? '?test_spanish_site=1' : '';
  const res = await v.send('POST', `/crud/cart-session/donations${site}`, [
    { title: 'Missions', description: '', code: 'missions_monthly', amount, type: 'recurring_donation' },
  ]);
  expect(res.statusCode).toBe(200);
  const cartId = (await v.total()).json().cart.id as number;
  const address = {
    ...illinoisAddress,
    country_id: COUNTRY[country],
    ...(country === 'CA' ? { state: 'ON', city: 'Ottawa', postal_code: 'K1A 0B1' } : {}),
  };
  expect((await v.send('POST', `/crud/cart/${cartId}/address/billing`, address)).statusCode).toBe(200);
  await payCart(v, undefined, host === 'es.localhost' ? { lang_code: 'es' } : {});
  return v;
}

const advance = (days: number) => moveClock(admin, days);
async function giftOf(v: CartVisitor) {
  const gift = ((await v.send('GET', '/crud/stripe/customer/my/subscriptions')).json() as { data: MySubscription[] }).data.find(
    (s) => s.type === 'recurring_donation',
  );
  if (!gift) throw new Error('no monthly gift');
  return gift;
}
const receiptsOf = async (v: CartVisitor, id: string) =>
  (await v.send('GET', `/crud/stripe/subscription/${id}/receipts`)).json() as RenewalReceiptsResponse;
const mailTo = (email: string) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'attachments', 'lang_code'])
    .where('to_address', '=', email)
    .orderBy('id')
    .execute();

describe('receipts of monthly gift renewals', () => {
  it('issues each paid renewal its receipt, e-mailed with the PDF and downloadable by the family alone', async () => {
    const v = await donor('US', 15);
    const other = await donor('US', 9);
    const gift = await giftOf(v);
    expect((await receiptsOf(v, gift.id)).data).toEqual([]);

    await advance(31);
    const { data } = await receiptsOf(v, gift.id);
    expect(data).toHaveLength(1);
    expect(data[0]?.amount_usd).toBe(15);

    const mail = (await mailTo(v.email)).at(-1);
    expect(mail?.text_body).toContain('No goods or services were provided in exchange for this contribution');
    const [attachment] = (mail?.attachments ?? []) as { filename: string; base64: string }[];
    expect(attachment?.filename).toMatch(/^receipt-.+\.pdf$/);
    const mailed = pdfText(Buffer.from(attachment?.base64 ?? '', 'base64'));
    expect(mailed).toContain('Tabitha Joppa');
    expect(mailed).toContain('12-3456789');
    expect(mailed).toContain('$15.00');
    expect(mailed).toContain('Monthly gift begun with order');

    const pdf = await v.send('GET', `/crud/stripe/subscription/${gift.id}/receipts/${data[0]?.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain('No goods or services were provided in exchange for this contribution');

    // Another family: not its gift, not its receipt.
    const theirs = await other.send('GET', `/crud/stripe/subscription/${gift.id}/receipts/${data[0]?.id}`);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'no_subscription']);
    expect((await other.send('GET', `/crud/stripe/subscription/${gift.id}/receipts`)).statusCode).toBe(404);
    const otherGift = await giftOf(other);
    const crossed = await other.send('GET', `/crud/stripe/subscription/${otherGift.id}/receipts/${data[0]?.id}`);
    expect([crossed.statusCode, crossed.json().code]).toEqual([404, 'receipt_not_found']);
    expect((await v.send('GET', `/crud/stripe/subscription/${gift.id}/receipts/abc`)).statusCode).toBe(400);
  });

  it('gives Canadian renewals serial numbers from the same count as first gifts: unique and gap-free per year', async () => {
    const a = await donor('CA', 20);
    const b = await donor('CA', 30, 'es.localhost');
    await advance(31);
    await advance(31);
    const issued = await t.db
      .selectFrom('gift_receipts')
      .select(['serial_year', 'serial', 'order_id', 'renewal_payment_id'])
      .where('country', '=', 'CA')
      .execute();
    // Two first gifts and two renewals each (earlier tests' US gifts have no serial).
    expect(issued.filter((r) => r.order_id !== null)).toHaveLength(2);
    expect(issued.filter((r) => r.renewal_payment_id !== null)).toHaveLength(4);
    const byYear = new Map<number, number[]>();
    for (const r of issued) byYear.set(r.serial_year ?? 0, [...(byYear.get(r.serial_year ?? 0) ?? []), r.serial ?? 0]);
    for (const serials of byYear.values()) {
      expect([...serials].sort((x, y) => x - y)).toEqual(serials.map((_, i) => i + 1));
    }

    // Each renewal's e-mail names its own number, in the donor's language; the download says the same.
    const gift = await giftOf(b);
    const [latest] = (await receiptsOf(b, gift.id)).data;
    const row = issued.find((r) => r.renewal_payment_id === latest?.id);
    const serial = `${row?.serial_year}-${String(row?.serial).padStart(5, '0')}`;
    const mail = (await mailTo(b.email)).at(-1);
    expect(mail?.lang_code).toBe('es');
    expect(mail?.text_body).toContain(serial);
    const pdf = await b.send('GET', `/crud/stripe/subscription/${gift.id}/receipts/${latest?.id}`);
    expect(pdfText(pdf.rawPayload)).toContain(serial);
    expect(pdfText(pdf.rawPayload)).toContain('Official receipt for income tax purposes');
    // Asked again: the same number, none given twice.
    await b.send('GET', `/crud/stripe/subscription/${gift.id}/receipts/${latest?.id}`);
    expect(await t.db.selectFrom('gift_receipts').select('serial').where('country', '=', 'CA').execute()).toHaveLength(6);
    expect((await receiptsOf(a, (await giftOf(a)).id)).data).toHaveLength(2);
  });
});

describe('moving a monthly gift to another card', () => {
  const auditOf = (email: string) =>
    t.db
      .selectFrom('admin_audit')
      .select(['action', 'admin_id', 'details'])
      .where('target', '=', `user ${email}`)
      .where('action', '=', 'subscription.card')
      .execute();

  it('is confirmed by e-mail in the donor’s language and recorded for the back office, once per change', async () => {
    const v = await donor('US', 12);
    const gift = await giftOf(v);
    const card = await saveCard(v, '5555555555554444');
    const before = (await mailTo(v.email)).length;

    const res = await v.send('POST', `/crud/stripe/subscription/${gift.id}/card`, { card_id: card }, { host: 'es.localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ card: { last4: '4444' } });
    const mails = (await mailTo(v.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.lang_code).toBe('es');
    expect(mails[0]?.subject).toBe('Missions se renueva ahora con otra tarjeta');
    expect(mails[0]?.text_body).toContain('4444');
    expect(mails[0]?.text_body).toContain('/account/subscriptions');
    const audit = await auditOf(v.email);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      admin_id: null,
      details: { card: 'mastercard 4444', was_card: 'visa 4242', fund: 'missions_monthly' },
    });

    // The card it already renews on: nothing changes, nothing is sent or recorded.
    expect((await v.send('POST', `/crud/stripe/subscription/${gift.id}/card`, { card_id: card })).statusCode).toBe(200);
    expect((await mailTo(v.email)).slice(before)).toHaveLength(1);
    expect(await auditOf(v.email)).toHaveLength(1);

    // A card that is not the family's: 404, nothing sent or recorded.
    const refused = await v.send('POST', `/crud/stripe/subscription/${gift.id}/card`, { card_id: 'card_unknown' });
    expect(refused.statusCode).toBe(404);
    expect((await mailTo(v.email)).slice(before)).toHaveLength(1);
    expect(await auditOf(v.email)).toHaveLength(1);
  });
});
