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
