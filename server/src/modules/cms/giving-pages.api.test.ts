import type { CmsDonation, ContentByUrlResponse, LangCode } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { cartVisitor } from '../../../test/cart-client';
import { runSeeders, seeders } from '../../db/seed';
import { DEMO_FUNDS } from '../catalogue/catalogue.seed';
import { donationsPageSeeder, giftCardPagesSeeder, givingNavigationSeeder } from './cms.seed';
import { giftCardPages, givingMenus } from './demo-giving-pages';

// Issue 12 item 8: the demo's donations and gift card pages, and the menu entries leading to them.

const hostOf: Record<LangCode, string> = { en: 'localhost', es: 'es.localhost', ru: 'ru.localhost' };
const supportUs: Record<LangCode, string> = { en: '/support-us', es: '/apoyar', ru: '/support-us' };
const page = async (t: TestApp, lang: LangCode, url: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/crud/content/entry/by/url?url=${encodeURIComponent(url)}`,
    headers: { host: hostOf[lang] },
  });
  expect(res.statusCode, `${lang} ${url}`).toBe(200);
  return res.json() as ContentByUrlResponse;
};
const navigation = async (t: TestApp) => {
  type Item = { title: string; url: string; lang_code: string; children: Item[] };
  const res = await t.app.inject({ method: 'GET', url: '/crud/content/entry/list/site-navigation' });
  return res.json().items as Item[];
};
const giving = [donationsPageSeeder, giftCardPagesSeeder, givingNavigationSeeder];

describe('the demo giving pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it.each(['en', 'es', 'ru'] as const)(
    'makes the %s Support us page a donations page with two funds and the general donation',
    async (lang) => {
      const body = await page(t, lang, supportUs[lang]);

      expect(body.cms_template).toBe('donations');
      const blocks = body.cms_entry.donations;
      expect(blocks.map((b: CmsDonation) => [b.code.value, b.monthly_code.value])).toEqual(
        ['new_recordings', 'radio_outreach', 'general_cart'].map((code) => {
          const fund = DEMO_FUNDS.find((f) => f.code === code);
          return [fund?.code, fund?.monthly_code];
        }),
      );
      expect(blocks[0]?.amounts).toEqual([25, 50, 150]);
      // The general donation names no amounts: the form offers its presets.
      expect(blocks[2]?.amounts).toEqual([]);
      for (const b of blocks) expect(b.title.value && b.monthly_title.value && b.description.value).toBeTruthy();
      // Its words stay the demo's: the page says how else to help.
      expect(body.cms_entry.main_content).not.toBe('');
    },
  );

  it('offers only funds the cart takes, once and monthly', async () => {
    const visitor = cartVisitor(t.app);
    const { cms_entry } = await page(t, 'es', '/apoyar');
    const body = cms_entry.donations.flatMap((b: CmsDonation) => [
      { title: b.title.value, description: '', code: b.code.value, amount: 5, type: 'donation' },
      { title: b.monthly_title.value, description: '', code: b.monthly_code.value, amount: 5, type: 'recurring_donation' },
    ]);

    const res = await visitor.send('POST', '/crud/cart-session/donations', body);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().skus).toHaveLength(6);
    expect(res.json().monthlySubtotal).toBe(15);
  });

  it.each(giftCardPages.map((p) => [p.lang_code, p.url] as const))('serves the %s gift card page at %s', async (lang, url) => {
    const body = await page(t, lang, url);

    expect(body.cms_template).toBe('gift-card');
    const offer = await t.app.inject({ method: 'GET', url: '/crud/content/entry/gift-card', headers: { host: hostOf[lang] } });
    expect(offer.json().cms_entry.url).toBe(url);
  });

  it('opens the Support us menu item on the donations, gift card and subscription pages of each site', async () => {
    const items = await navigation(t);

    for (const lang of ['en', 'es', 'ru'] as const) {
      const parent = items.find((i) => i.lang_code === lang && i.url === supportUs[lang]);
      expect(parent?.children.map((c) => [c.title, c.url])).toEqual(givingMenus[lang].children.map((c) => [c.title, c.url]));
      for (const child of parent?.children ?? []) await page(t, lang, child.url);
    }
  });
});

describe('the giving pages on a database seeded before them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await runSeeders(
      t.db,
      seeders.filter((s) => !giving.includes(s)),
    );
    // The Spanish editors rewrote their Support us page and gave their menu item entries; the Russian page was removed;
    // the Spanish site already sells gift cards on a page of its own.
    await t.db
      .updateTable('cms_entries')
      .set({ main_content: '<p>Nuestra cuenta bancaria</p>' })
      .where('url', '=', '/apoyar')
      .execute();
    await t.db.deleteFrom('cms_entries').where('lang_code', '=', 'ru').where('url', '=', '/support-us').execute();
    await t.db
      .insertInto('cms_entries')
      .values({ lang_code: 'es', url: '/regalos', type: 'gift-card', title: 'Regalos', status: 'published' })
      .execute();
    const parent = await t.db
      .selectFrom('site_navigation')
      .select('id')
      .where('lang_code', '=', 'es')
      .where('url', '=', '/apoyar')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('site_navigation')
      .values({ parent_id: parent.id, lang_code: 'es', title: 'Transferencia', url: '/apoyar', position: 0 })
      .execute();

    expect(await runSeeders(t.db)).toEqual(giving.map((s) => s.name));
  });
  afterAll(() => t.close());

  it('converts a Support us page still as the demo wrote it', async () => {
    const body = await page(t, 'en', '/support-us');

    expect(body.cms_template).toBe('donations');
    expect(body.cms_entry.donations).toHaveLength(3);
  });

  it('leaves a page an editor changed as it is, and creates one that is missing', async () => {
    const es = await page(t, 'es', '/apoyar');
    expect(es.cms_template).toBe('basic-subpage');
    expect(es.cms_entry.main_content).toBe('<p>Nuestra cuenta bancaria</p>');

    const ru = await page(t, 'ru', '/support-us');
    expect(ru.cms_template).toBe('donations');
    expect(ru.cms_entry.title).toBe('Поддержать нас');
  });

  it('adds a gift card page only where the site has none', async () => {
    expect((await page(t, 'en', '/gift-card')).cms_template).toBe('gift-card');
    const es = await t.app.inject({
      method: 'GET',
      url: '/crud/content/entry/by/url?url=%2Ftarjeta-de-regalo',
      headers: { host: 'es.localhost' },
    });
    expect(es.statusCode, es.body.slice(0, 300)).toBe(404);
  });

  it('adds the menu entries only under an item without entries of its own', async () => {
    const items = await navigation(t);

    expect(items.find((i) => i.lang_code === 'en' && i.url === '/support-us')?.children.map((c) => c.title)).toEqual([
      'Donate',
      'Gift cards',
      'Subscriptions',
    ]);
    expect(items.find((i) => i.lang_code === 'es' && i.url === '/apoyar')?.children.map((c) => c.title)).toEqual([
      'Transferencia',
    ]);
  });
});
