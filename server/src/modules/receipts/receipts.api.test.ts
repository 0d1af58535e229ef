import type { AuditResponse, OrdersResponse } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createSku, createUser, illinoisAddress, RECEIPT_SETTINGS } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';
import { pdfText } from '../../../test/pdf';
import { issueGiftReceipt } from './receipts.service';

/**
 * Gift receipts by country (issue 45, decision 068): the donor's country, from the order's billing address, picks
 * the receipt; read back from the PDF with pdftotext as a person reads the paper.
 */
let t: TestApp;
let admin: CartVisitor;
const ids = { cd: 0 };
const COUNTRY = { US: 33, CA: 87, ES: 208, MX: 142 };
const address = (country: keyof typeof COUNTRY) => ({
  ...illinoisAddress,
  country_id: COUNTRY[country],
  state: { US: 'IL', CA: 'ON', ES: 'Madrid', MX: 'PUE' }[country],
  city: { US: 'Chicago', CA: 'Ottawa', ES: 'Madrid', MX: 'Puebla' }[country],
  postal_code: { US: '60601', CA: 'K1A 0B1', ES: '28001', MX: '72000' }[country],
});

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { email: 'receipts-admin@example.test', password: 'keeps-the-books', is_admin: true });
  admin = await logIn(t.app, { email: 'receipts-admin@example.test', password: 'keeps-the-books' });
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  ids.cd = (await createProduct(t.db, { slug: 'jonah-receipts', title: 'Jonah' }, { cd: 1299 })).cd;
});
afterAll(() => t.close());

let donors = 0;
/** A new donor who gives `dollars` from a billing address in `country`, maybe buying a CD too; answers their client and order id. */
async function donorGives(country: keyof typeof COUNTRY, dollars: number, options: { cd?: boolean; lang?: 'es' | 'ru' } = {}) {
  donors += 1;
  const email = `donor-${donors}@example.test`;
  await createUser(t.db, { email, password: 'give-gladly', fname: 'Ruth', lname: 'Gómez' });
  const donor = await logIn(t.app, { email, password: 'give-gladly' });
  const site = options.lang === 'es' ? '?test_spanish_site=1' : '';
  if (options.cd) expect((await donor.add(ids.cd)).statusCode).toBe(200);
  const given = await donor.send('POST', `/crud/cart-session/donations${site}`, [
    { title: 'Missions', description: '', code: 'missions', amount: dollars, type: 'donation' },
  ]);
  expect(given.statusCode).toBe(200);
  const cartId = (await donor.total()).json().cart.id as number;
  for (const type of ['billing', ...(options.cd ? ['shipping'] : [])]) {
    const set = await donor.send('POST', `/crud/cart/${cartId}/address/${type}`, address(country));
    expect([set.statusCode, set.statusCode === 200 ? '' : set.body]).toEqual([200, '']);
  }
  await payCart(donor, undefined, options.lang ? { lang_code: options.lang } : {});
  const order = await t.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.number'])
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
  return { donor, email, orderId: order.id, number: order.number };
}

const receiptOf = (donor: CartVisitor, orderId: number) => donor.send('GET', `/crud/orders/${orderId}/receipt`);
const setSettings = (body: object) => admin.send('PUT', '/crud/admin/receipt-settings', body);

describe('receipt settings', () => {
  it('are the back office’s: read and replaced by an admin, audited with before and after; bad numbers refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/crud/admin/receipt-settings' })).statusCode).toBe(401);
    const { donor } = await donorGives('MX', 5);
    expect((await donor.send('GET', '/crud/admin/receipt-settings')).statusCode).toBe(403);
    expect((await donor.send('PUT', '/crud/admin/receipt-settings', RECEIPT_SETTINGS)).statusCode).toBe(403);

    const empty = await admin.send('GET', '/crud/admin/receipt-settings');
    expect(empty.json()).toEqual({ legal_name: '', ein: '', ca_registration: '', place_of_issue: '', es_nif: '', address: '' });

    for (const bad of [
      { ein: '123456789' },
      { ca_registration: '123456789RC0001' },
      { es_nif: '12345678Z!' },
      { legal_name: 'x'.repeat(201) },
    ]) {
      const res = await setSettings({ ...RECEIPT_SETTINGS, ...bad });
      expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
    }
    expect((await setSettings({ ...RECEIPT_SETTINGS, extra: 1 })).statusCode).toBe(400);
    expect((await admin.send('GET', '/crud/admin/receipt-settings')).json()).toEqual(empty.json());

    const saved = await setSettings({ ...RECEIPT_SETTINGS, legal_name: '  Storyhouse Ministries Inc.  ' });
    expect([saved.statusCode, saved.json()]).toEqual([200, RECEIPT_SETTINGS]);
    const audit = (await admin.send('GET', '/crud/admin/audit?action=receipt_settings.update')).json() as AuditResponse;
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ admin: { email: 'receipts-admin@example.test' } });
    expect(JSON.stringify(audit.items[0])).toContain('12-3456789');
    // Saved unchanged: nothing to record.
    await setSettings(RECEIPT_SETTINGS);
    expect(
      ((await admin.send('GET', '/crud/admin/audit?action=receipt_settings.update')).json() as AuditResponse).items,
    ).toHaveLength(1);
  });
});

describe('a gift’s receipt by the donor’s country', () => {
  it('gives the plain receipt, with no number, to a Canadian donor while the ministry’s Canadian details are not set', async () => {
    await setSettings({ ...RECEIPT_SETTINGS, ca_registration: '' });
    const { donor, orderId, number } = await donorGives('CA', 20);
    const text = pdfText((await receiptOf(donor, orderId)).rawPayload);
    expect(text).toContain('Donation receipt');
    expect(text).toContain(`Order ${number}`);
    expect(text).not.toContain('Receipt number');
    expect(text).not.toContain('Official receipt');
    await setSettings(RECEIPT_SETTINGS);
    // Issued plain with its order, it stays plain: no number is given afterwards.
    expect(pdfText((await receiptOf(donor, orderId)).rawPayload)).not.toContain('Receipt number');
  });

  it('United States: the written acknowledgment with the EIN, and “no goods or services” or the value of the goods bought', async () => {
    const gift = await donorGives('US', 25);
    const res = await receiptOf(gift.donor, gift.orderId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${gift.number}.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const words of [
      'Written acknowledgment of your contribution',
      'Organization Storyhouse Ministries Inc.',
      'EIN 12-3456789',
      'Donor Ruth Gómez',
      'Amount $25.00',
      'No goods or services were provided in exchange for this contribution.',
    ]) {
      expect(text).toContain(words);
    }

    const withCd = await donorGives('US', 30, { cd: true });
    const goods = pdfText((await receiptOf(withCd.donor, withCd.orderId)).rawPayload);
    for (const words of [
      'Amount $30.00',
      'Goods were provided with this order, valued at $12.99.',
      'Only the amount of your contribution above the value of those goods is deductible.',
    ]) {
      expect(goods).toContain(words);
    }
    expect(goods).not.toContain('No goods or services');
  });

  it('Canada: the official receipt with its serial number, registration, eligible amount, date, place of issue and the CRA', async () => {
    const gift = await donorGives('CA', 40);
    const issued = await t.db
      .selectFrom('gift_receipts')
      .selectAll()
      .where('order_id', '=', gift.orderId)
      .executeTakeFirstOrThrow();
    const serial = `${issued.serial_year}-${String(issued.serial).padStart(5, '0')}`;
    const text = pdfText((await receiptOf(gift.donor, gift.orderId)).rawPayload);
    for (const words of [
      'Official donation receipt',
      `Receipt number ${serial}`,
      'Charity registration number 123456789RR0001',
      'Eligible amount of gift for tax purposes $40.00',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(/Date donation received \w+ \d{1,2}, \d{4}/);
    for (const words of [
      'Place of issue Toronto, Ontario',
      'Official receipt for income tax purposes',
      'canada.ca/charities-giving',
      'Donor’s address 12 Elm Street, Ottawa, ON K1A 0B1, Canada',
    ]) {
      expect(text).toContain(words);
    }
    // The same number every time it is downloaded.
    expect(pdfText((await receiptOf(gift.donor, gift.orderId)).rawPayload)).toContain(`Receipt number ${serial}`);

    // The receipt e-mail carries it, in words and as the PDF.
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'attachments'])
      .where('to_address', '=', gift.email)
      .where('order_id', '=', gift.orderId)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`Receipt number: ${serial}`);
    expect(mail.text_body).toContain('Official receipt for income tax purposes');
    const [attachment] = mail.attachments as { filename: string; contentType: string; base64: string }[];
    expect(attachment).toMatchObject({ filename: `receipt-${gift.number}.pdf`, contentType: 'application/pdf' });
    expect(pdfText(Buffer.from(attachment!.base64, 'base64'))).toContain(`Receipt number ${serial}`);
  });

  it('Spain: the certificate with the donor’s NIF; without one, the donor is told it cannot be used for the deduction', async () => {
    const without = await donorGives('ES', 15, { lang: 'es' });
    const text = pdfText((await receiptOf(without.donor, without.orderId)).rawPayload);
    for (const words of [
      'Certificado de donativo',
      'NIF de la entidad G12345678',
      'Modelo 182',
      'Importe 15,00 US$',
      'este recibo no sirve para la deducción fiscal. Añade tu NIF en Configuración de la cuenta',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('NIF del donante');

    // The donor adds their NIF from their account: bad ones are refused and change nothing.
    expect((await without.donor.send('GET', '/crud/account/tax-id')).json()).toEqual({ tax_id: '' });
    for (const bad of ['1234567Z', '12345678', 'ABCDEFGHI', 'x'.repeat(21)]) {
      const res = await without.donor.send('PUT', '/crud/account/tax-id', { tax_id: bad });
      expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: '/crud/account/tax-id', payload: { tax_id: '12345678Z' } })).statusCode,
    ).toBe(401);
    const set = await without.donor.send('PUT', '/crud/account/tax-id', { tax_id: ' 12345678z ' });
    expect([set.statusCode, set.json()]).toEqual([200, { tax_id: '12345678Z' }]);
    expect((await without.donor.send('GET', '/crud/account/tax-id')).json()).toEqual({ tax_id: '12345678Z' });
    const withNif = pdfText((await receiptOf(without.donor, without.orderId)).rawPayload);
    expect(withNif).toContain('NIF del donante 12345678Z');
    expect(withNif).not.toContain('no sirve para la deducción');
  });

  it('elsewhere: the plain receipt', async () => {
    const gift = await donorGives('MX', 10);
    const text = pdfText((await receiptOf(gift.donor, gift.orderId)).rawPayload);
    expect(text).toContain('Donation receipt');
    expect(text).toContain('Thank you for your gift to Storyhouse Ministries Inc.');
    expect(text).not.toContain('EIN');
    expect(text).not.toContain('Receipt number');
  });

  it('is in the donor’s language: a Russian donor’s receipt prints in Cyrillic', async () => {
    const gift = await donorGives('MX', 12, { lang: 'ru' });
    const text = pdfText((await receiptOf(gift.donor, gift.orderId)).rawPayload);
    for (const words of ['Квитанция о пожертвовании', 'Жертвователь Ruth Gómez', 'Спасибо за ваше пожертвование']) {
      expect(text).toContain(words);
    }
  });
});

describe('GET /crud/orders/{id}/receipt', () => {
  it('answers only the donor’s own order with a gift', async () => {
    const gift = await donorGives('US', 8);
    const other = await donorGives('US', 9);
    const theirs = await receiptOf(other.donor, gift.orderId);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'order_not_found']);
    expect([(await receiptOf(gift.donor, 2_000_000)).statusCode]).toEqual([404]);
    expect((await receiptOf(gift.donor, 'x' as unknown as number)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/crud/orders/${gift.orderId}/receipt` })).statusCode).toBe(401);
    // An admin asking for a family's receipt as themselves is not its donor either.
    expect((await receiptOf(admin, gift.orderId)).statusCode).toBe(404);
  });

  it('has no receipt for an order without a gift', async () => {
    donors += 1;
    const email = `buyer-${donors}@example.test`;
    await createUser(t.db, { email, password: 'buys-a-cd' });
    const buyer = await logIn(t.app, { email, password: 'buys-a-cd' });
    await buyer.add(ids.cd);
    const cartId = (await buyer.total()).json().cart.id as number;
    await buyer.send('POST', `/crud/cart/${cartId}/address/shipping`, address('US'));
    await payCart(buyer);
    const { id } = await t.db.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const res = await receiptOf(buyer, id);
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      404,
      'receipt_not_found',
      'This order has no gift with a receipt.',
    ]);
    expect(((await buyer.send('GET', '/crud/orders')).json() as OrdersResponse).items[0]?.receipt).toBe(false);
  });

  it('has no receipt number for a refunded gift, and the number is never given again', async () => {
    const gift = await donorGives('CA', 50);
    const before = await t.db
      .selectFrom('gift_receipts')
      .select(['serial', 'serial_year'])
      .where('order_id', '=', gift.orderId)
      .executeTakeFirstOrThrow();
    expect(((await gift.donor.send('GET', '/crud/orders')).json() as OrdersResponse).items[0]?.receipt).toBe(true);

    expect((await admin.send('POST', `/crud/admin/orders/${gift.orderId}/refund`, {})).statusCode).toBe(200);
    const res = await receiptOf(gift.donor, gift.orderId);
    expect([res.statusCode, res.json().code]).toEqual([404, 'receipt_not_found']);
    expect(((await gift.donor.send('GET', '/crud/orders')).json() as OrdersResponse).items[0]?.receipt).toBe(false);

    const next = await donorGives('CA', 5);
    const after = await t.db
      .selectFrom('gift_receipts')
      .select(['serial', 'serial_year'])
      .where('order_id', '=', next.orderId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ serial_year: before.serial_year, serial: (before.serial ?? 0) + 1 });
  });
});

describe('Canadian serial numbers', () => {
  it('are unique and gap-free within a year when many orders are paid at once, a rolled-back one giving its number back', async () => {
    const { id: userId } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'receipts-admin@example.test')
      .executeTakeFirstOrThrow();
    const paidAt = new Date(Date.UTC(2031, 2, 1));
    const orderIds: number[] = [];
    for (let i = 0; i < 12; i++) {
      const order = await t.db
        .insertInto('orders')
        .values({
          user_id: userId,
          lang_code: 'en',
          number: `SH-RCPT-A${'23456789ABCDEFGH'[i]}`,
          payment_provider: 'test',
          payment_id: `pi_receipt_serial_${i}`,
          status: 'paid',
          paid_at: paidAt,
          subtotal_cents: 1000,
          total_cents: 1000,
          billing_address: JSON.stringify(address('CA')),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('order_lines')
        .values({
          order_id: order.id,
          position: 1,
          type: 'donation',
          title: 'Missions',
          quantity: 1,
          unit_price_cents: 1000,
          subtotal_cents: 1000,
        })
        .execute();
      orderIds.push(order.id);
    }
    const rolledBack = t.db
      .transaction()
      .execute(async (trx) => {
        await issueGiftReceipt(trx, orderIds[0]!);
        throw new Error('the order’s transaction failed');
      })
      .catch((err: Error) => err.message);
    // Each order issued twice at once: one receipt each.
    const issued = await Promise.all([
      rolledBack,
      ...[...orderIds, ...orderIds].map((id) => t.db.transaction().execute((trx) => issueGiftReceipt(trx, id))),
    ]);
    expect(issued[0]).toBe('the order’s transaction failed');
    const rows = await t.db.selectFrom('gift_receipts').select(['order_id', 'serial']).where('serial_year', '=', 2031).execute();
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.order_id))).toEqual(new Set(orderIds));
    expect(rows.map((r) => r.serial).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // Every receipt of an order reads its one number.
    const numbers = issued
      .slice(1)
      .map((r) => (r && typeof r === 'object' ? r.fields.find((f) => f.label === 'Receipt number')?.value : null));
    for (let i = 0; i < 12; i++) expect(numbers[i]).toBe(numbers[i + 12]);
    expect(new Set(numbers).size).toBe(12);
  });
});
