import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cmsTemplates } from '@storyhouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCmsEntry, createNavigationItem } from '../../../test/factories';

const BY_URL = '/crud/content/entry/by/url';
const byUrl = (t: TestApp, url: string, query = '') =>
  t.app.inject({ method: 'GET', url: `${BY_URL}?url=${encodeURIComponent(url)}${query}` });

describe('GET /crud/content/entry/by/url', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createCmsEntry(t.db, {
      url: '/index',
      type: 'home-page',
      title: 'Welcome',
      translation_key: 'home',
      home: { homeMainTitle: 'Stories', homeMainDescription: '<p onclick="x()">Listen<script>alert(1)</script></p>' },
    });
    await createCmsEntry(t.db, {
      url: '/index',
      type: 'home-page',
      title: 'Bienvenidos',
      lang_code: 'es',
      translation_key: 'home',
    });
    await createCmsEntry(t.db, {
      url: '/about',
      type: 'basic-subpage',
      title: 'Our story',
      description: 'How we began',
      translation_key: 'about',
      main_image: 'pages/about-header.jpg',
      intro: '<p>Intro</p>',
      main_content: '<h2 id="team">Team</h2><a href="https://example.org">out</a>',
      scripts: ['/cms/a.js'],
      stylesheets: ['/cms/a.css'],
      add_newsletter: true,
    });
    await createCmsEntry(t.db, {
      url: '/quienes-somos',
      type: 'basic-subpage',
      title: 'Nuestra historia',
      lang_code: 'es',
      translation_key: 'about',
    });
    await createCmsEntry(t.db, { url: '/draft', type: 'basic-subpage', title: 'Not yet', status: 'draft' });
    await createCmsEntry(t.db, { url: '/free', type: 'free-mp3', title: 'Free MP3', mp3: 'audio/x/01.mp3' });
    await createCmsEntry(t.db, {
      url: '/give',
      type: 'donations',
      title: 'Give',
      donations: [
        {
          code: 'general',
          monthly_code: 'general_monthly',
          title: 'Gift',
          monthly_title: 'Monthly gift',
          description: '<b>Thanks</b>',
          amounts: '25, 50,abc,-3,0.5,12.345,100',
        },
      ],
    });
    const about = await createNavigationItem(t.db, { title: 'About us', url: '/about', position: 1 });
    await createNavigationItem(t.db, { title: 'Our story', url: '/about', parent_id: about });
    await createNavigationItem(t.db, { title: 'Contact', url: '/contact', parent_id: about, position: 1 });
    await createNavigationItem(t.db, { title: 'Inicio', url: '/', lang_code: 'es' });
  });
  afterAll(() => t.close());

  it('answers the published entry of the site language with its template, navigation and alternates', async () => {
    const res = await byUrl(t, '/about');

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cms_template).toBe('basic-subpage');
    expect(body.cms_entry).toMatchObject({
      url: '/about',
      lang_code: 'en',
      title: 'Our story',
      description: 'How we began',
      intro: '<p>Intro</p>',
      main_image: 'pages/about-header.jpg',
      scripts: ['/cms/a.js'],
      stylesheets: ['/cms/a.css'],
      add_newsletter: true,
    });
    expect(body.navigation.map((i: { title: string }) => i.title)).toEqual(['About us']);
    expect(body.cms_entry_navigation.title).toBe('About us');
    expect(body.cms_entry_navigation_levels_deep).toBe(1);
    expect(body.alternates).toEqual({ en: '/about', es: '/quienes-somos' });
  });

  it('finds the home page for /, an empty path and /index, and ignores case and a trailing slash', async () => {
    for (const url of ['/', '', '/index']) {
      const res = await byUrl(t, url === '' ? '/' : url);
      expect(res.json().cms_entry.title, url).toBe('Welcome');
    }
    expect((await byUrl(t, '/About/')).json().cms_entry.title).toBe('Our story');
  });

  it('serves the Spanish site its own entries and navigation', async () => {
    const home = await byUrl(t, '/', '&test_spanish_site=1');
    const about = await byUrl(t, '/quienes-somos', '&test_spanish_site=1');
    const english = await byUrl(t, '/about', '&test_spanish_site=1');

    expect(home.json().cms_entry.title).toBe('Bienvenidos');
    expect(home.json().navigation.map((i: { title: string }) => i.title)).toEqual(['Inicio']);
    expect(about.json().cms_entry.title).toBe('Nuestra historia');
    expect(english.statusCode).toBe(404);
  });

  it('is 404 page_not_found, localized, for an unknown path and for a draft', async () => {
    const unknown = await byUrl(t, '/no-such-page');
    const draft = await byUrl(t, '/draft');
    const spanish = await byUrl(t, '/no-such-page', '&test_spanish_site=1');

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'page_not_found', message: 'This page does not exist.' });
    expect(draft.statusCode).toBe(404);
    expect(spanish.json().message).toBe('Esta página no existe.');
  });

  it('sanitizes rich text before serving it, even HTML written to the table directly', async () => {
    await sql`update cms_entries set main_content = ${'<p>Hi</p><script>alert(1)</script><img src=x onerror="alert(1)">'} where url = '/about'`.execute(
      t.db,
    );
    const res = await byUrl(t, '/about');
    const home = await byUrl(t, '/');

    expect(res.json().cms_entry.main_content).toBe('<p>Hi</p><img src="x" loading="lazy" />');
    expect(home.json().cms_entry.home).toEqual({ homeMainTitle: 'Stories', homeMainDescription: '<p>Listen</p>' });
  });

  it('says a free-mp3 page offers an MP3, but never which file (only a verified form gets a link)', async () => {
    const res = await byUrl(t, '/free');

    expect(res.json().cms_entry.freeMp3).toBe(true);
    expect(res.body).not.toContain('.mp3');
    expect(res.body).not.toContain('cms-asset');
    expect((await byUrl(t, '/about')).json().cms_entry.freeMp3).toBe(false);
  });

  it('parses donation amounts from the comma-separated string, keeping only amounts a donation can be', async () => {
    const res = await byUrl(t, '/give');

    expect(res.json().cms_entry.donations).toEqual([
      {
        code: { value: 'general' },
        monthly_code: { value: 'general_monthly' },
        title: { value: 'Gift' },
        monthly_title: { value: 'Monthly gift' },
        description: { value: '<b>Thanks</b>' },
        amounts: [25, 50, 100],
      },
    ]);
  });

  it('sends the page compressed as the browser accepts it (br, then gzip), the same JSON, and plain to a client that asks for none', async () => {
    const plain = await byUrl(t, '/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const get = (acceptEncoding: string) =>
      t.app.inject({ method: 'GET', url: `${BY_URL}?url=%2Fabout`, headers: { 'accept-encoding': acceptEncoding } });

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect((await get('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('requires the url and refuses unknown parameters', async () => {
    const missing = await t.app.inject({ method: 'GET', url: BY_URL });
    const extra = await t.app.inject({ method: 'GET', url: `${BY_URL}?url=/&lang=es` });

    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ 'querystring.url': 'Required' });
    expect(extra.statusCode).toBe(400);
  });
});

describe('GET /crud/content/entry/gift-card and /subscription', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers null while the CMS has no such page, then the entry of the site language', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/crud/content/entry/gift-card' })).json()).toEqual({ cms_entry: null });

    await createCmsEntry(t.db, { url: '/gift-card', type: 'gift-card', title: 'Gift cards' });
    await createCmsEntry(t.db, { url: '/tarjeta-de-regalo', type: 'gift-card', title: 'Tarjetas de regalo', lang_code: 'es' });
    const en = await t.app.inject({ method: 'GET', url: '/crud/content/entry/gift-card' });
    const es = await t.app.inject({ method: 'GET', url: '/crud/content/entry/gift-card?test_spanish_site=1' });
    const subscription = await t.app.inject({ method: 'GET', url: '/crud/content/entry/subscription' });

    expect(en.json().cms_entry.title).toBe('Gift cards');
    expect(es.json().cms_entry.title).toBe('Tarjetas de regalo');
    expect(subscription.json()).toEqual({ cms_entry: null });
  });
});

describe('CMS pages as HTML', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createCmsEntry(t.db, {
      url: '/about',
      type: 'basic-subpage',
      title: 'Our story & more',
      description: 'How "we" began',
      translation_key: 'about',
      main_image: 'pages/about-header.jpg',
    });
    await createCmsEntry(t.db, {
      url: '/quienes-somos',
      type: 'basic-subpage',
      title: 'Nuestra historia',
      lang_code: 'es',
      translation_key: 'about',
    });
    await createCmsEntry(t.db, { url: '/index', type: 'home-page', title: 'Bible stories' });
  });
  afterAll(() => t.close());

  const page = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });

  it('sends a CMS page with its title, description, canonical link, alternates and social preview', async () => {
    const res = await page('/about');

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Our story &amp; more · Storyhouse</title>');
    expect(res.body).toContain('<meta name="description" content="How &quot;we&quot; began">');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost/about">');
    expect(res.body).toContain('<link rel="alternate" hreflang="en" href="http://localhost/about">');
    expect(res.body).toContain('<link rel="alternate" hreflang="es" href="http://es.localhost/quienes-somos">');
    expect(res.body).not.toContain('hreflang="ru"');
    expect(res.body).toContain('<meta property="og:title" content="Our story &amp; more · Storyhouse">');
    expect(res.body).toContain('<meta property="og:image" content="http://localhost/media/pages/about-header.jpg">');
  });

  it('sends the Spanish page on the Spanish host', async () => {
    const res = await page('/quienes-somos', 'es.localhost');

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="es"');
    expect(res.body).toContain('<link rel="canonical" href="http://es.localhost/quienes-somos">');
  });

  it('answers 404 for a path the CMS does not have, also for a CMS route of the route table', async () => {
    expect((await page('/no-such-page')).statusCode).toBe(404);
    expect((await page('/contact')).statusCode).toBe(404);
    expect((await page('/about', 'es.localhost')).statusCode).toBe(404);
  });

  it('serves the home page from the CMS', async () => {
    const res = await page('/');

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Storyhouse: Audio stories for the whole family</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost/">');
  });

  it('gives the page its own canonical address however it was asked for (case, trailing slash, /index)', async () => {
    const about = await page('/About/');
    expect(about.body).toContain('<link rel="canonical" href="http://localhost/about">');
    const index = await page('/index');
    expect(index.body).toContain('<title>Storyhouse: Audio stories for the whole family</title>');
    expect(index.body).toContain('<link rel="canonical" href="http://localhost/">');
  });

  it('describes a page without a description by its text, escaped once', async () => {
    await createCmsEntry(t.db, { url: '/tom', type: 'basic-subpage', title: 'Tom', intro: '<p>Tom &amp; Jerry</p>' });
    expect((await page('/tom')).body).toContain('<meta name="description" content="Tom &amp; Jerry">');
  });
});

describe('the demo pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('have a published page of every layout on the English and Spanish sites, and the home page in Russian', async () => {
    const rows = await t.db.selectFrom('cms_entries').select(['lang_code', 'type']).where('status', '=', 'published').execute();
    const shown = [
      'basic-subpage',
      'search',
      'free-mp3',
      'free-streaming',
      'home-page',
      'store-product-list',
      'contact-us',
      'guestbook',
      'subscription',
    ];

    for (const lang of ['en', 'es', 'ru']) {
      const types = new Set(rows.filter((r) => r.lang_code === lang).map((r) => r.type));
      expect(
        [...shown].filter((type) => !types.has(type)),
        lang,
      ).toEqual([]);
    }
    expect(shown.every((s) => (cmsTemplates as readonly string[]).includes(s))).toBe(true);
  });

  it.each([
    ['localhost', '/about/russian-program', 'Russian program'],
    ['es.localhost', '/quienes-somos/programa-ruso', 'Programa ruso'],
    ['ru.localhost', '/about/russian-program', 'Русская программа'],
  ])('serve the Russian-program page on %s', async (host, url, title) => {
    const res = await t.app.inject({ method: 'GET', url: `${BY_URL}?url=${url}`, headers: { host } });

    expect(res.statusCode).toBe(200);
    expect(res.json().cms_entry.title).toBe(title);
    expect(res.json().cms_entry.scripts).toEqual(['/cms/schedule-today.js']);
  });
});
