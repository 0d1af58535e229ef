import type { AdminDonorsResponse, AdminOrder, CartTotal } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createSku, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';
import { pdfText } from '../../../test/pdf';
import { queueTributeNotices } from './tribute-notice';

/**
 * Issue 45, the tribute gift (decision 070): a gift in memory or in honour of
 * someone may tell a person the donor names, once, in the donor's language,
 * with the amount only when the donor chooses; "don't show my name" makes
 * the notice say "someone", while the receipt still names the donor.
 */
let t: TestApp;
let admin: CartVisitor;

beforeAll(async () => {
  t = await createTestApp();
  await createSku(t.db, { type: 'donation', code: 'missions', title: 'Missions', full_price_cents: 0 });
  await createSku(t.db, { type: 'recurring_donation', code: 'missions_monthly', title: 'Missions', full_price_cents: 0 });
  await createUser(t.db, { email: 'tribute-admin@example.test', password: 'reads-the-orders', is_admin: true });
  admin = await logIn(t.app, { email: 'tribute-admin@example.test', password: 'reads-the-orders' });
});
afterAll(() => t.close());

let donors = 0;
async function donor() {
  donors += 1;
  const email = `tribute-donor-${donors}@example.test`;
  await createUser(t.db, { email, password: 'gives-in-memory', fname: 'Naomi', lname: 'Bethlehem' });
  return Object.assign(await logIn(t.app, { email, password: 'gives-in-memory' }), { email });
}

const gift = (extra: object = {}) => ({
  title: 'Missions',
  description: 'This gift is in memory of Grandpa Joe',
  code: 'missions',
  amount: 40,
  type: 'donation',
  ...extra,
});
const joe = (notify: object | undefined, kind = 'in_memory_of') => ({
  kind,
  honoree: 'Grandpa Joe',
  ...(notify ? { notify } : {}),
});
const mailTo = (email: string) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'lang_code', 'order_id'])
    .where('to_address', '=', email)
    .orderBy('id')
    .execute();
async function orderOf(email: string) {
  const row = await t.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select('orders.id')
    .where('users.email', '=', email)
    .orderBy('orders.id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the tribute notice', () => {
  it('goes once to the person named, naming the donor but not the amount, and the back office sees it on the order', async () => {
    const v = await donor();
    const added = await v.donate([gift({ tribute: joe({ name: 'Aunt Martha', email: 'martha@example.test' }) })]);
    expect(added.statusCode).toBe(200);
    const line = (added.json() as CartTotal).skus[0];
    expect(line?.tribute).toEqual({
      kind: 'in_memory_of',
      honoree: 'Grandpa Joe',
      notify: { name: 'Aunt Martha', email: 'martha@example.test', show_amount: false },
    });
    expect(line?.anonymous).toBe(false);
    // Nothing goes before the gift is paid.
    expect(await mailTo('martha@example.test')).toEqual([]);

    await payCart(v);
    const orderId = await orderOf(v.email);
    const notices = await mailTo('martha@example.test');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('A gift in memory of Grandpa Joe');
    expect(notices[0]?.text_body).toContain('Hello Aunt Martha');
    expect(notices[0]?.text_body).toContain('Naomi Bethlehem has given a gift to Storyhouse Ministries in memory of Grandpa Joe');
    expect(notices[0]?.text_body).not.toContain('$40');
    // The link is the configured site's (the test app's origin), never the request's host.
    expect(notices[0]?.text_body).toContain('http://localhost/');

    // Asked again (a retried payment, a second server): nothing more goes.
    const lines = await t.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
    await t.db.transaction().execute((trx) =>
      queueTributeNotices(
        trx,
        { id: orderId, lang_code: 'en' },
        lines.map((l) => ({ ...l, tribute: l.tribute as never })),
        { fname: 'Naomi', lname: 'Bethlehem' },
        { en: 'http://en.test', es: 'http://es.test', ru: 'http://ru.test' },
      ),
    );
    expect(await mailTo('martha@example.test')).toHaveLength(1);

    const order = (await admin.send('GET', `/crud/admin/orders/${orderId}`)).json() as AdminOrder;
    expect(order.lines[0]).toMatchObject({
      tribute: { kind: 'in_memory_of', honoree: 'Grandpa Joe', notify: { name: 'Aunt Martha', email: 'martha@example.test' } },
      anonymous: false,
    });
    expect(order.lines[0]?.tribute_notice_sent_at).not.toBeNull();
    expect(JSON.stringify(order.timeline)).toContain('martha@example.test');
  });

  it('says the amount when the donor chooses, of a monthly gift too, without what covered the fee', async () => {
    const v = await donor();
    const res = await v.donate([
      gift({
        code: 'missions_monthly',
        type: 'recurring_donation',
        amount: 25,
        cover_fee: true,
        tribute: joe({ name: 'Pastor Eli', email: 'eli@example.test', show_amount: true }, 'in_honor_of'),
      }),
    ]);
    expect(res.statusCode).toBe(200);
    await payCart(v);
    const [notice] = await mailTo('eli@example.test');
    expect(notice?.subject).toBe('A gift in honour of Grandpa Joe');
    expect(notice?.text_body).toContain('has begun a monthly gift of $25.00 to Storyhouse Ministries in honour of Grandpa Joe');
  });

  it('is in the donor’s language', async () => {
    const v = await donor();
    const res = await v.send('POST', '/crud/cart-session/donations?test_spanish_site=1', [
      gift({ tribute: joe({ name: 'Tía Marta', email: 'marta@example.test' }) }),
    ]);
    expect(res.statusCode).toBe(200);
    await payCart(v, undefined, { lang_code: 'es' });
    const [notice] = await mailTo('marta@example.test');
    expect(notice?.lang_code).toBe('es');
    expect(notice?.subject).toBe('Un donativo en memoria de Grandpa Joe');
    expect(notice?.text_body).toContain('Naomi Bethlehem ha hecho un donativo');
  });

  it('refuses a bad e-mail address or a missing name with a localized 400, the cart unchanged', async () => {
    const v = await donor();
    const before = (await v.total()).json() as CartTotal;
    for (const notify of [
      { name: 'Aunt Martha', email: 'not-an-address' },
      { name: '', email: 'martha@example.test' },
      { name: 'Aunt Martha', email: 'martha@example.test', show_amount: 'yes' },
      { name: 'Aunt Martha', email: 'martha@example.test', cc: 'x@example.test' },
    ]) {
      const res = await v.donate([gift({ tribute: joe(notify) })]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const spanish = await v.send('POST', '/crud/cart-session/donations?test_spanish_site=1', [
      gift({ tribute: joe({ name: 'Tía Marta', email: 'marta@@example' }) }),
    ]);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toMatchObject({
      message: 'Falta información o no es válida.',
      fields: { '0.tribute.notify.email': 'No válido' },
    });
    const honoreeMissing = await v.donate([gift({ tribute: { kind: 'in_memory_of', honoree: ' ' } })]);
    expect(honoreeMissing.statusCode).toBe(400);
    expect((await v.total()).json()).toEqual(before);
  });
});

describe('don’t show my name', () => {
  it('makes the notice say “someone”, shows the back office the choice, and the receipt still names the donor', async () => {
    const v = await donor();
    const res = await v.donate([gift({ anonymous: true, tribute: joe({ name: 'Cousin Ada', email: 'ada@example.test' }) })]);
    expect(res.statusCode).toBe(200);
    expect(((res.json() as CartTotal).skus[0] ?? { anonymous: false }).anonymous).toBe(true);
    await payCart(v);
    const [notice] = await mailTo('ada@example.test');
    expect(notice?.text_body).toContain('Someone has given a gift to Storyhouse Ministries in memory of Grandpa Joe');
    expect(notice?.text_body).not.toContain('Naomi');
    expect(notice?.text_body).not.toContain('Bethlehem');

    const orderId = await orderOf(v.email);
    const order = (await admin.send('GET', `/crud/admin/orders/${orderId}`)).json() as AdminOrder;
    expect(order.lines[0]?.anonymous).toBe(true);

    const receipt = await v.send('GET', `/crud/orders/${orderId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(pdfText(receipt.rawPayload)).toContain('Naomi Bethlehem');

    // The back office's donors of the year mark who asked not to be named (and no one else).
    const year = new Date().getUTCFullYear();
    const { donors } = (await admin.send('GET', `/crud/admin/donors?year=${year}`)).json() as AdminDonorsResponse;
    expect(donors.find((d) => d.email === v.email)?.anonymous).toBe(true);
    expect(donors.find((d) => d.email === 'tribute-donor-1@example.test')?.anonymous).toBe(false);
  });

  it('is a choice of its own: a gift with no tribute may be anonymous, and no notice goes without a person named', async () => {
    const v = await donor();
    const res = await v.donate([gift({ description: '', anonymous: true })]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as CartTotal).skus[0]).toMatchObject({ anonymous: true, tribute: null });
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const mails = await count();
    await payCart(v);
    // Only the donor's own receipt.
    expect((await count()) - mails).toBe(1);
    expect(await mailTo(v.email)).toHaveLength(1);
  });
});
