import type { CartTotal, LangCode } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createSku, createUser, illinoisAddress } from '../../../test/factories';
import { demoSkuTitle, fundsSeeder, skuTitlesSeeder } from '../catalogue/catalogue.seed';
import { supportUsDonations } from '../cms/demo-giving-pages';
import { lockUserCartTotal } from './cart.service';

/**
 * Issue 26 item 14: every line the family sees is in the site's language.
 * The skus that belong to no product language (the gift card, the plans,
 * the donation funds) carry a title per language (sku_titles, migration
 * 0021); a cart line shows its sku's title in the language of the site
 * that asks, else the title it was added under. A donation given on a site
 * of the language asked keeps the title it was given under (the page's).
 */
let t: TestApp;

const hosts: Record<LangCode, string> = { en: 'localhost', es: 'es.localhost', ru: 'ru.localhost' };

const ids = { monthly: 0, annual: 0, album: 0 };

/** What the demo seeds for the gift card, the plans and the general fund, in each language. */
const expected: Record<LangCode, { giftCard: string; monthly: string; general: string; generalMonthly: string }> = {
  en: {
    giftCard: 'Storyhouse gift card',
    monthly: 'Monthly plan',
    general: 'General Ministry Donation',
    generalMonthly: 'General Ministry Donation (monthly)',
  },
  es: {
    giftCard: 'Tarjeta de regalo de Storyhouse',
    monthly: 'Plan mensual',
    general: 'Donativo general al ministerio',
    generalMonthly: 'Donativo general al ministerio (mensual)',
  },
  ru: {
    giftCard: 'Подарочная карта Storyhouse',
    monthly: 'Месячный план',
    general: 'Общее пожертвование служению',
    generalMonthly: 'Общее пожертвование служению (ежемесячно)',
  },
};

beforeAll(async () => {
  t = await createTestApp();
  // The demo's funds and gift card, and the two plans under the demo's codes; then the demo's titles for them.
  await fundsSeeder.run(t.db);
  ids.monthly = await createSku(t.db, {
    type: 'subscription',
    code: 'monthly',
    title: 'Monthly subscription',
    full_price_cents: 799,
  });
  ids.annual = await createSku(t.db, {
    type: 'subscription',
    code: 'annual',
    title: 'Annual subscription',
    full_price_cents: 7999,
  });
  ids.album = (await createProduct(t.db, { slug: 'ruth', title: 'Rut', lang_code: 'es' }, { album: 899 })).album;
  await skuTitlesSeeder.run(t.db);
});
afterAll(() => t.close());

const giftCard = { amount: 25, name: 'Abuela Rosa', email: 'rosa@example.test', message: '' };

/** Reads the cart on a language's site. */
const totalOn = async (v: CartVisitor, lang: LangCode) =>
  (await v.send('GET', '/crud/cart-session/total', undefined, { host: hosts[lang] })).json() as CartTotal;

const titles = (total: CartTotal) => total.skus.map((l) => [l.type, l.title]);

/** A cart filled on the English site: a gift card, the monthly plan, a one-time and a monthly general donation, an album. */
async function englishCart(v: CartVisitor) {
  expect((await v.addGiftCard(giftCard)).statusCode).toBe(200);
  expect((await v.add(ids.monthly)).statusCode).toBe(200);
  expect((await v.add(ids.album)).statusCode).toBe(200);
  const donation = { description: '', code: 'general_cart', amount: 30 };
  const res = await v.donate([
    { ...donation, title: 'General Ministry Donation', type: 'donation' },
    { ...donation, title: 'General Ministry Donation (monthly)', type: 'recurring_donation' },
  ]);
  expect(res.statusCode).toBe(200);
}

describe('the cart in the site’s language', () => {
  it.each(['es', 'ru', 'en'] as const)(
    'names the gift card, the plan and the funds in %s, whatever site they were added on',
    async (lang) => {
      const v = cartVisitor(t.app);
      await englishCart(v);

      const total = await totalOn(v, lang);

      const words = expected[lang];
      expect(titles(total)).toEqual([
        ['gift_card', words.giftCard],
        ['subscription', words.monthly],
        // An album is in its product's language on every site.
        ['digital_album', 'Rut (MP3 album)'],
        ['donation', words.general],
        ['recurring_donation', words.generalMonthly],
      ]);
      const lines = (await v.send('GET', '/crud/cart-session/skus', undefined, { host: hosts[lang] })).json();
      expect(lines).toEqual(total.skus);
    },
  );

  it('shows a donation as the family gave it on a site of its language, and by its fund’s title on the others', async () => {
    const v = cartVisitor(t.app);
    const res = await v.send(
      'POST',
      '/crud/cart-session/donations',
      [{ title: 'Donación general al ministerio', description: '', code: 'general_cart', amount: 15, type: 'donation' }],
      { host: hosts.es },
    );
    expect(res.statusCode).toBe(200);

    expect(titles(res.json())).toEqual([['donation', 'Donación general al ministerio']]);
    expect(titles(await totalOn(v, 'es'))).toEqual([['donation', 'Donación general al ministerio']]);
    expect(titles(await totalOn(v, 'ru'))).toEqual([['donation', expected.ru.general]]);
    expect(titles(await totalOn(v, 'en'))).toEqual([['donation', expected.en.general]]);
  });

  it('answers a change in the language of the site it was made on', async () => {
    const v = cartVisitor(t.app);

    const res = await v.send('POST', '/crud/cart-session/skus', { sku_id: ids.annual }, { host: hosts.ru });

    expect(titles(res.json())).toEqual([['subscription', 'Годовой план']]);
  });

  it('keeps the title a fund was given under where the ministry named it in no language', async () => {
    await createSku(t.db, { type: 'donation', code: 'bibles', title: 'Bibles', full_price_cents: 0 });
    const v = cartVisitor(t.app);
    const res = await v.donate([{ title: 'Biblias para Cuba', description: '', code: 'bibles', amount: 10, type: 'donation' }]);
    expect(res.statusCode).toBe(200);

    expect(titles(await totalOn(v, 'ru'))).toEqual([['donation', 'Biblias para Cuba']]);
  });

  it('answers the checkout address calls in the site’s language', async () => {
    const user = await createUser(t.db, { password: 'listen-along' });
    const v = await logIn(t.app, user);
    expect((await v.addGiftCard(giftCard)).statusCode).toBe(200);
    const cartId = (await totalOn(v, 'en')).cart.id;

    const res = await v.send('POST', `/crud/cart/${cartId}/address/billing`, illinoisAddress, { host: hosts.es });

    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual([['gift_card', expected.es.giftCard]]);
  });

  it('gives checkout the lines in the order’s language, so the order and its receipt keep them', async () => {
    const user = await createUser(t.db, { password: 'listen-along' });
    const v = await logIn(t.app, user);
    await englishCart(v);
    const cartId = (await totalOn(v, 'en')).cart.id as number;

    const total = await t.db.transaction().execute((trx) => lockUserCartTotal(trx, user.id, cartId, 'ru'));

    expect(total && titles(total)).toEqual(titles(await totalOn(v, 'ru')));
  });
});

describe('the demo’s titles', () => {
  it('name each fund as the Support us page of that language does', () => {
    // The seeded fund titles and the demo donation blocks must not drift apart: the family reads both.
    for (const [lang, blocks] of Object.entries(supportUsDonations) as [LangCode, (typeof supportUsDonations)['en']][]) {
      for (const block of blocks) {
        expect(demoSkuTitle('donation', block.code, lang), `${lang} ${block.code}`).toBe(block.title);
        expect(demoSkuTitle('recurring_donation', block.monthly_code, lang), `${lang} ${block.monthly_code}`).toBe(
          block.monthly_title,
        );
      }
    }
  });
});
