import type {
  AdminCoupon,
  AdminCouponDetail,
  AdminCouponsResponse,
  AdminOrder,
  AdminRenewalsResponse,
  AdminShopTitle,
  AdminShopTitlesResponse,
  AuditResponse,
  CartTotal,
  Coupon,
  LangCode,
  MySubscription,
  OrdersResponse,
} from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createProduct, createSku, createUser } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/**
 * Decision 038: the shop's own things (coupons, plans, funds) read in the
 * language of the site that shows them: the cart, My subscription and the
 * back office in the reader's language; an order, My orders and its receipt
 * as the family read it when ordering. The back office sets a coupon's title
 * in English, Spanish and Russian; a language left empty shows English.
 */
let t: TestApp;
let admin: CartVisitor;
const ids = { album: 0, monthly: 0, fund: 0 };
let families = 0;

const hosts: Record<LangCode, string> = { en: 'localhost', es: 'es.localhost', ru: 'ru.localhost' };
const on = (lang: LangCode) => ({ host: hosts[lang] });

const FAMILY = { en: '10% off for families', es: '10 % de descuento para familias', ru: 'Скидка 10 % для семей' };

beforeAll(async () => {
  t = await createTestApp();
  ids.album = (await createProduct(t.db, { slug: 'ruth', title: 'Ruth' }, { album: 1000 })).album;
  ids.monthly = await createPlan(t.db, 'monthly');
  ids.fund = await createSku(t.db, { type: 'donation', code: 'new_recordings', title: 'New recordings', full_price_cents: 0 });
  await t.db
    .insertInto('sku_titles')
    .values([
      { sku_id: ids.monthly, lang_code: 'en', title: 'Monthly plan' },
      { sku_id: ids.monthly, lang_code: 'es', title: 'Plan mensual' },
      { sku_id: ids.monthly, lang_code: 'ru', title: 'Месячный план' },
      { sku_id: ids.fund, lang_code: 'en', title: 'New recordings' },
      { sku_id: ids.fund, lang_code: 'es', title: 'Nuevas grabaciones' },
      { sku_id: ids.fund, lang_code: 'ru', title: 'Новые записи' },
    ])
    .execute();
  await createUser(t.db, { email: 'titles-admin@example.test', password: 'names-the-shop', is_admin: true });
  admin = await logIn(t.app, { email: 'titles-admin@example.test', password: 'names-the-shop' });
});
afterAll(() => t.close());

/** A signed-in family with an empty cart. */
async function family() {
  const email = `titles-family-${++families}@example.test`;
  await createUser(t.db, { email, password: 'listen-along', fname: 'Ana', lname: 'Ruiz' });
  return { v: await logIn(t.app, { email, password: 'listen-along' }), email };
}

/** The back office issues a coupon from the site of `lang` (its messages in that language). */
const createCoupon = (body: object, lang: LangCode = 'en') => admin.send('POST', '/crud/admin/coupons', body, on(lang));

/** PUT /crud/admin/coupons/{id}/titles as the admin's browser sends it. */
const retitle = (id: number, body: object, lang: LangCode = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `/crud/admin/coupons/${id}/titles`,
    payload: body,
    headers: { ...on(lang), cookie: admin.cookie ?? '' },
  });

async function issue(code: string, titles: { title: string; title_es?: string; title_ru?: string }) {
  const res = await createCoupon({ code, ...titles, percent_off: 10 });
  expect(res.statusCode).toBe(200);
  return res.json() as AdminCoupon;
}

const lookUp = async (v: CartVisitor, code: string, lang: LangCode) => {
  const res = await v.send('GET', `/crud/coupon/code/${code}`, undefined, on(lang));
  expect(res.statusCode).toBe(200);
  return res.json() as Coupon;
};

const cartOn = async (v: CartVisitor, lang: LangCode) =>
  (await v.send('GET', '/crud/cart-session/total', undefined, on(lang))).json() as CartTotal;

const fieldsOf = (res: { statusCode: number; json(): { code: string; fields?: Record<string, string> } }) => {
  expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
  return res.json().fields;
};

describe('a coupon’s title in every language', () => {
  it('shows in the cart in the language of each site, whatever site the coupon was applied on', async () => {
    await issue('FAMILIA10', { title: FAMILY.en, title_es: FAMILY.es, title_ru: FAMILY.ru });
    const { v } = await family();
    expect((await v.add(ids.album)).statusCode).toBe(200);

    expect((await lookUp(v, 'familia10', 'es')).title).toBe(FAMILY.es);
    const applied = await v.send('POST', '/crud/cart-session/coupons', { coupon_id: (await lookUp(v, 'FAMILIA10', 'en')).id });
    expect(applied.statusCode).toBe(200);

    for (const lang of ['en', 'es', 'ru'] as const) {
      const total = await cartOn(v, lang);
      expect(total.coupon?.coupon.title).toBe(FAMILY[lang]);
      expect(total.coupons.map((c) => c.title)).toEqual([FAMILY[lang]]);
    }
  });

  it('lists and shows the coupon in the back office’s language, with its three titles as given', async () => {
    const coupon = await issue('ABUELA', { title: 'For grandparents', title_es: 'Para los abuelos', title_ru: '' });
    expect(coupon.titles).toEqual({ en: 'For grandparents', es: 'Para los abuelos', ru: null });

    const list = (await admin.send('GET', '/crud/admin/coupons', undefined, on('es'))).json() as AdminCouponsResponse;
    expect(list.items.find((c) => c.id === coupon.id)).toMatchObject({ title: 'Para los abuelos', titles: coupon.titles });
    const detail = (await admin.send('GET', `/crud/admin/coupons/${coupon.id}`, undefined, on('ru'))).json() as AdminCouponDetail;
    // No Russian title given: the Russian back office, like the Russian site, reads the English one.
    expect(detail.coupon).toMatchObject({ title: 'For grandparents', titles: coupon.titles });
  });

  it('edits the titles: a language left empty falls back to English on its site, and the edit is audited', async () => {
    const coupon = await issue('SPRING', {
      title: 'Spring sale',
      title_es: 'Rebajas de primavera',
      title_ru: 'Весенняя распродажа',
    });
    const { v } = await family();

    const res = await retitle(coupon.id, { title: 'Spring gift', title_es: '', title_ru: 'Весенний подарок' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminCoupon).titles).toEqual({ en: 'Spring gift', es: null, ru: 'Весенний подарок' });

    expect((await lookUp(v, 'SPRING', 'es')).title).toBe('Spring gift');
    expect((await lookUp(v, 'SPRING', 'ru')).title).toBe('Весенний подарок');
    expect((await lookUp(v, 'SPRING', 'en')).title).toBe('Spring gift');
    const audit = (await admin.send('GET', '/crud/admin/audit?action=coupon.retitle')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      target: 'coupon SPRING',
      details: {
        title: 'Spring gift',
        title_es: null,
        title_ru: 'Весенний подарок',
        was_title: 'Spring sale',
        was_title_es: 'Rebajas de primavera',
      },
    });
  });

  it('refuses a missing English title or markup with messages in the admin’s language, and changes nothing', async () => {
    const coupon = await issue('NOMARKUP', { title: 'Plain words', title_es: 'Palabras sencillas' });
    const before = await t.db.selectFrom('coupon_titles').selectAll().where('coupon_id', '=', coupon.id).execute();

    expect(fieldsOf(await retitle(coupon.id, { title: '  ', title_es: '<b>Hola</b>' }, 'es'))).toEqual({
      title: 'Obligatorio',
      title_es: 'Solo texto: sin < ni >',
    });
    expect(fieldsOf(await retitle(coupon.id, { title: 'Fine', title_ru: '<i>' }, 'ru'))).toEqual({
      title_ru: 'Только текст: без < и >',
    });
    expect(fieldsOf(await createCoupon({ code: 'NEWONE', title: 'New', title_es: '<i>', percent_off: 5 }, 'es'))).toEqual({
      title_es: 'Solo texto: sin < ni >',
    });
    expect((await retitle(999999, { title: 'Nobody' })).statusCode).toBe(404);

    expect(await t.db.selectFrom('coupon_titles').selectAll().where('coupon_id', '=', coupon.id).execute()).toEqual(before);
    expect((await lookUp((await family()).v, 'NOMARKUP', 'en')).title).toBe('Plain words');
  });
});

describe('an order keeps its coupon as the family read it', () => {
  it('My orders, the receipt and the back office’s order name the coupon in the order’s language', async () => {
    await issue('LIBROS', { title: 'Books for less', title_es: 'Libros por menos', title_ru: 'Книги дешевле' });
    const { v, email } = await family();
    expect((await v.add(ids.album)).statusCode).toBe(200);
    const found = await lookUp(v, 'LIBROS', 'es');
    expect((await v.send('POST', '/crud/cart-session/coupons', { coupon_id: found.id }, on('es'))).statusCode).toBe(200);

    await payCart(v, undefined, { lang_code: 'es' });

    for (const lang of ['es', 'en'] as const) {
      const orders = (await v.send('GET', '/crud/orders', undefined, on(lang))).json() as OrdersResponse;
      expect(orders.items[0]).toMatchObject({ discount_usd: 1, coupon_title: 'Libros por menos' });
    }
    const receipt = await t.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'lang_code'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(receipt.lang_code).toBe('es');
    expect(receipt.text_body).toContain('Descuento: Libros por menos (LIBROS)');
    const id = ((await v.send('GET', '/crud/orders')).json() as OrdersResponse).items[0]?.order_id;
    const order = (await admin.send('GET', `/crud/admin/orders/${id}`)).json() as AdminOrder;
    expect(order.amounts).toMatchObject({ coupon_code: 'LIBROS', coupon_title: 'Libros por menos' });
  });
});

describe('plans and funds in the reader’s language', () => {
  it('My subscription names the plan in the site’s language, whatever site it was bought on', async () => {
    const { v, email } = await family();
    expect((await v.add(ids.monthly)).statusCode).toBe(200);
    await payCart(v);

    const words = { en: 'Monthly plan', es: 'Plan mensual', ru: 'Месячный план' };
    for (const lang of ['es', 'ru', 'en'] as const) {
      const res = await v.send('GET', '/crud/stripe/customer/my/subscriptions', undefined, on(lang));
      expect((res.json() as { data: MySubscription[] }).data.map((s) => s.title)).toEqual([words[lang]]);
    }

    const renewals = (await admin.send('GET', '/crud/admin/renewals', undefined, on('es'))).json() as AdminRenewalsResponse;
    expect(renewals.items.find((r) => r.customer.email === email)?.title).toBe('Plan mensual');
  });
});

describe('the plans’, funds’ and gift card’s titles in the back office', () => {
  const put = (skuId: number, body: object, lang: LangCode = 'en') =>
    t.app.inject({
      method: 'PUT',
      url: `/crud/admin/shop-titles/${skuId}`,
      payload: body,
      headers: { ...on(lang), cookie: admin.cookie ?? '' },
    });

  it('lists each with its three titles, named in the back office’s language', async () => {
    const res = await admin.send('GET', '/crud/admin/shop-titles', undefined, on('ru'));
    expect(res.statusCode).toBe(200);
    const items = (res.json() as AdminShopTitlesResponse).items;
    expect(items.find((i) => i.sku_id === ids.monthly)).toEqual({
      sku_id: ids.monthly,
      type: 'subscription',
      code: 'monthly',
      title: 'Месячный план',
      titles: { en: 'Monthly plan', es: 'Plan mensual', ru: 'Месячный план' },
    });
    // An album is its product's, in its product's language: not here.
    expect(items.map((i) => i.sku_id)).not.toContain(ids.album);
  });

  it('edits them: a language left empty reads English in the cart of its site; audited; bad input refused in the admin’s language', async () => {
    const res = await put(ids.monthly, { title: 'Monthly stories', title_es: '', title_ru: 'Истории каждый месяц' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminShopTitle).titles).toEqual({ en: 'Monthly stories', es: null, ru: 'Истории каждый месяц' });

    const { v } = await family();
    expect((await v.add(ids.monthly)).statusCode).toBe(200);
    const titleOn = async (lang: LangCode) => (await cartOn(v, lang)).skus.map((l) => l.title);
    expect(await titleOn('es')).toEqual(['Monthly stories']);
    expect(await titleOn('ru')).toEqual(['Истории каждый месяц']);
    const audit = (await admin.send('GET', '/crud/admin/audit?action=sku.retitle')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      target: 'sku subscription monthly',
      details: {
        title: 'Monthly stories',
        title_ru: 'Истории каждый месяц',
        was_title: 'Monthly plan',
        was_title_es: 'Plan mensual',
      },
    });

    expect(fieldsOf(await put(ids.monthly, { title: '', title_ru: '<b>' }, 'ru'))).toEqual({
      title: 'Обязательное поле',
      title_ru: 'Только текст: без < и >',
    });
    expect((await put(ids.album, { title: 'An album' })).statusCode).toBe(404);
    expect(await titleOn('ru')).toEqual(['Истории каждый месяц']);
  });
});

describe('a giving statement', () => {
  it('names each fund in the statement’s language, whatever site the gift was given on', async () => {
    const { v, email } = await family();
    const gift = { description: '', code: 'new_recordings', type: 'donation', title: 'New recordings', amount: 9 };
    expect((await v.donate([gift])).statusCode).toBe(200);
    await payCart(v);
    const year = new Date().getUTCFullYear();

    const sent = await v.send('POST', '/crud/giving-statement', { year }, on('ru'));
    expect(sent.statusCode).toBe(200);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'lang_code'])
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.lang_code).toBe('ru');
    expect(mail.text_body).toContain('Новые записи');
    expect(mail.text_body).not.toContain('New recordings');
  });
});
