import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCmsEntry } from '../../../test/factories';
import { embeddedOf, renderedFor, standInWebRoot } from '../../../test/stand-in-render';

// Decision 015: pages for visitors and search engines arrive with the app's first render, made by the web build's
// server-render bundle; here a stand-in (test/stand-in-render.ts).
const web = standInWebRoot();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webRoot: web.root, env: { FIRST_DATA_WAIT_MS: '5000' } });
  for (const lang_code of ['en', 'es'] as const)
    await createCmsEntry(t.db, {
      url: lang_code === 'en' ? '/about' : '/quienes-somos',
      type: 'basic-subpage',
      lang_code,
      translation_key: 'about',
      title: lang_code === 'en' ? 'About us' : 'Quiénes somos',
    });
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('a page rendered on the server', () => {
  it('holds the render of its address, language, first data, cookies and other-language links', async () => {
    const res = await get('/quienes-somos?ref=news', { host: 'es.localhost', cookie: 'a=1; b=2' });

    expect(res.statusCode).toBe(200);
    const asked = renderedFor(res.body);
    expect(asked).toEqual({
      url: '/quienes-somos?ref=news',
      lang: 'es',
      answers: embeddedOf(res.body),
      cookies: 'a=1; b=2',
      alternates: { en: 'http://localhost/about', es: 'http://es.localhost/quienes-somos' },
    });
    // The first data stays in the page: the browser hydrates from the same answers.
    expect(Object.keys(asked?.answers ?? {})).toContain('/crud/content/entry/list/site-navigation');
  });

  it('is made for the shop, a story and the not-found page too, which keeps its 404', async () => {
    expect(renderedFor((await get('/shop')).body)?.url).toBe('/shop');
    const missingStory = await get('/story/no-such-story');
    expect(missingStory.statusCode).toBe(404);
    expect(renderedFor(missingStory.body)?.url).toBe('/story/no-such-story');
    const unknown = await get('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(renderedFor(unknown.body)?.lang).toBe('en');
  });

  it('is not made for a visitor’s sign-in, cart and account pages: the browser renders them', async () => {
    for (const url of ['/login', '/cart', '/account/settings']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(renderedFor(res.body)).toBeNull();
    }
  });

  it('falls back to the browser’s render when the server render fails, with the page and its data intact', async () => {
    const res = await get('/about', { cookie: 'render=fails' });

    expect(res.statusCode).toBe(200);
    expect(renderedFor(res.body)).toBeNull();
    expect(embeddedOf(res.body)).toHaveProperty(['/crud/session']);
  });

  it('never serves the render’s code', async () => {
    expect((await get('/.ssr/entry-server.js')).statusCode).toBe(404);
  });
});
