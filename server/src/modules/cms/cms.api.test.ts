import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createNavigationItem } from '../../../test/factories';

const NAVIGATION = '/crud/content/entry/list/site-navigation';

describe('GET /crud/content/entry/list/site-navigation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an empty menu when there is none', async () => {
    const res = await t.app.inject({ method: 'GET', url: NAVIGATION });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });

  describe('with items in two languages', () => {
    beforeAll(async () => {
      // Inserted out of order: the menu follows `position`, not insertion.
      const nav = (item: Parameters<typeof createNavigationItem>[1]) => createNavigationItem(t.db, item);
      await nav({ title: 'Support us', url: '/support-us', position: 2 });
      const about = await nav({ title: 'About us', url: '/about', position: 1 });
      await nav({ title: 'Contact', url: '/contact', parent_id: about, position: 1 });
      await nav({ title: 'Our story', url: '/about', parent_id: about, position: 0 });
      await nav({ title: 'Home', url: '/', position: 0 });
      await nav({ title: 'Inicio', url: '/', lang_code: 'es', position: 0 });
      const quienes = await nav({ title: 'Quiénes somos', url: '/quienes-somos', lang_code: 'es', position: 1 });
      await nav({ title: 'Contacto', url: '/contactar', lang_code: 'es', parent_id: quienes, position: 0 });
    });

    it('returns every language, children nested under their parent, each level in position order', async () => {
      const res = await t.app.inject({ method: 'GET', url: NAVIGATION });

      expect(res.statusCode).toBe(200);
      const outline = (items: { title: string; lang_code: string; children: unknown[] }[]): unknown =>
        items.map((i) => [i.lang_code, i.title, ...(i.children.length ? [outline(i.children as never)] : [])]);
      expect(outline(res.json().items)).toEqual([
        ['en', 'Home'],
        ['es', 'Inicio'],
        [
          'en',
          'About us',
          [
            ['en', 'Our story'],
            ['en', 'Contact'],
          ],
        ],
        ['es', 'Quiénes somos', [['es', 'Contacto']]],
        ['en', 'Support us'],
      ]);
    });

    it('gives each item its id, title, url, language and children', async () => {
      const res = await t.app.inject({ method: 'GET', url: NAVIGATION });

      const about = res.json().items.find((i: { title: string }) => i.title === 'About us');
      expect(about).toEqual({
        id: expect.any(Number),
        title: 'About us',
        url: '/about',
        lang_code: 'en',
        children: [
          { id: expect.any(Number), title: 'Our story', url: '/about', lang_code: 'en', children: [] },
          { id: expect.any(Number), title: 'Contact', url: '/contact', lang_code: 'en', children: [] },
        ],
      });
    });

    it('is the same on the Spanish site (the shell picks the items of its language)', async () => {
      const en = await t.app.inject({ method: 'GET', url: NAVIGATION });
      const es = await t.app.inject({ method: 'GET', url: `${NAVIGATION}?test_spanish_site=1` });

      expect(es.json()).toEqual(en.json());
    });

    it('may be cached briefly by the browser', async () => {
      const res = await t.app.inject({ method: 'GET', url: NAVIGATION });

      expect(res.headers['cache-control']).toBe('public, max-age=60');
    });
  });

  it('accepts the swr flag and refuses other query parameters', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `${NAVIGATION}?swr=1` });
    const bad = await t.app.inject({ method: 'GET', url: `${NAVIGATION}?lang=es` });

    expect(ok.statusCode).toBe(200);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', fields: { 'querystring.lang': 'Unknown field' } });
  });
});

describe('the site navigation as served (built, serialized and compressed once, kept CMS_CACHE_MS)', () => {
  let t: TestApp;
  const titles = { en: 'Section', es: 'Sección', ru: 'Раздел' } as const;
  beforeAll(async () => {
    t = await createTestApp({ env: { CMS_CACHE_MS: '60000' } });
    // A menu of three languages, big enough to be worth compressing.
    for (const [lang_code, title] of Object.entries(titles) as [keyof typeof titles, string][]) {
      for (let i = 1; i <= 6; i++) {
        const parent = await createNavigationItem(t.db, {
          title: `${title} ${i}`,
          url: `/${lang_code}-${i}`,
          lang_code,
          position: i,
        });
        await createNavigationItem(t.db, { title: `${title} ${i}.1`, url: `/${lang_code}-${i}-1`, lang_code, parent_id: parent });
      }
    }
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: NAVIGATION, headers });
  const sites = { en: { host: 'localhost' }, es: { host: 'es.localhost' }, ru: { host: 'ru.localhost' } };

  it('answers every site the same JSON: each language’s items, children nested', async () => {
    for (const headers of Object.values(sites)) {
      const res = await get(headers);

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-encoding']).toBeUndefined();
      const items = res.json().items as { title: string; lang_code: string; children: { title: string }[] }[];
      expect(items).toHaveLength(18);
      for (const [lang, title] of Object.entries(titles)) {
        const ofLang = items.filter((i) => i.lang_code === lang);
        expect(ofLang.map((i) => i.title)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${title} ${n}`));
        expect(ofLang[0]?.children).toEqual([
          { id: expect.any(Number), title: `${title} 1.1`, url: `/${lang}-1-1`, lang_code: lang, children: [] },
        ]);
      }
    }
  });

  it('sends it compressed as the browser accepts it (br, then gzip), decoding to the same JSON on every site', async () => {
    for (const site of Object.values(sites)) {
      const plain = await get(site);
      const br = await get({ ...site, 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get({ ...site, 'accept-encoding': 'gzip, deflate' });

      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      for (const res of [plain, br, gzip]) {
        expect(res.headers.vary).toContain('accept-encoding');
        expect(res.headers['cache-control']).toBe('public, max-age=60');
      }
    }
  });

  it('is kept like the CMS pages: an edit shows once CMS_CACHE_MS has passed, not before', async () => {
    const before = await get({});
    await createNavigationItem(t.db, { title: 'New', url: '/new', position: 99 });

    expect((await get({})).body).toBe(before.body);
  });
});
