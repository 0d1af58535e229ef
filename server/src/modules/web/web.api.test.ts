import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { imageWidths } from '@storyhouse/contracts';
import { imageSizes } from '@storyhouse/contracts/image-srcset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FIXTURE_WEB_ROOT, isCleared, responseCookie, type TestApp } from '../../../test/app';
import { createCmsEntry } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The home page is a CMS page (issue 4): without an entry, / is not found.
  for (const lang_code of ['en', 'es', 'ru'] as const)
    await createCmsEntry(t.db, { url: '/index', type: 'home-page', lang_code, translation_key: 'home' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('page routes', () => {
  it('serves the web app at / with 200, in English', async () => {
    const res = await get('/');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(htmlLang(res.body)).toBe('en');
    expect(title(res.body)).toBe('Storyhouse: Audio stories for the whole family');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('src="/assets/index-Fx7ure01.js"');
  });

  it('makes browsers revalidate the page, which differs by host and cookie', async () => {
    const res = await get('/');

    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/host/i);
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('serves the Spanish page for ?test_spanish_site=1 and for the Spanish host', async () => {
    for (const res of [await get('/?test_spanish_site=1'), await get('/', { host: 'es.localhost' })]) {
      expect(res.statusCode).toBe(200);
      expect(htmlLang(res.body)).toBe('es');
      expect(title(res.body)).toBe('Storyhouse: Historias en audio para toda la familia');
    }
  });

  it('serves the Russian page for the Russian host', async () => {
    const res = await get('/', { host: 'ru.localhost:3000' });

    expect(htmlLang(res.body)).toBe('ru');
  });

  it('links each language version of the page (hreflang) on that site’s public address', async () => {
    // Tests run with PORT 80: the default public addresses are http:// and each site's first host.
    const res = await get('/', { host: '127.0.0.1:3000' });

    expect(res.body).toContain('<link rel="alternate" hreflang="es" href="http://es.localhost/">');
    expect(res.body).toContain('<link rel="alternate" hreflang="ru" href="http://ru.localhost/">');
    expect(res.body).toContain('<link rel="alternate" hreflang="en" href="http://localhost/">');
  });

  it('answers HEAD for a page', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('not-found page', () => {
  it('answers a path that is neither a page nor an API route with the app and status 404', async () => {
    const res = await get('/no-such-page');

    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(htmlLang(res.body)).toBe('en');
    expect(title(res.body)).toBe('Page not found · Storyhouse');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('is in Spanish for ?test_spanish_site=1 and for the Spanish host', async () => {
    for (const res of [await get('/no-such-page?test_spanish_site=1'), await get('/no/such/page', { host: 'es.localhost' })]) {
      expect(res.statusCode).toBe(404);
      expect(htmlLang(res.body)).toBe('es');
      expect(title(res.body)).toBe('Página no encontrada · Storyhouse');
    }
  });

  it('answers a story page whose slug names no product with the app and status 404, a known one with 200', async () => {
    await t.db.insertInto('products').values({ slug: 'web-test-story', lang_code: 'en', title: 'A story' }).execute();

    const unknown = await get('/story/no-such-story');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(title(unknown.body)).toBe('Page not found · Storyhouse');
    expect(unknown.body).toContain('<div id="root"></div>');

    const known = await get('/story/web-test-story');
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain('<div id="root"></div>');
  });

  it('is what the built index.html itself gets (it is only served filled in)', async () => {
    const res = await get('/index.html');

    expect(res.statusCode).toBe(404);
    expect(title(res.body)).toBe('Page not found · Storyhouse');
  });

  it('escapes the requested path where the page repeats it (hreflang links)', async () => {
    const res = await get("/it's&more", { host: 'localhost:3000' });

    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('hreflang="es" href="http://es.localhost/it&#39;s&amp;more"');
    expect(res.body).not.toContain("/it's&more");
  });

  it('is a JSON 404 for an unknown API path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/crud/no-such-call', headers: { host: 'localhost' } });

      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ code: 'route_not_found', message: 'There is no such address.' });
    }
  });

  it('is a JSON 404 in Spanish on the Spanish site', async () => {
    const res = await get('/crud/no-such-call', { host: 'es.localhost' });

    expect(res.json()).toEqual({ code: 'route_not_found', message: 'Esa dirección no existe.' });
  });
});

describe('the preload link of the page’s largest image', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp();
    // Demo pictures (server/demo/media), as the CMS and the catalogue store them: a storage key.
    await createCmsEntry(p.db, {
      url: '/index',
      type: 'home-page',
      main_image: 'pages/about-header.jpg',
      main_image_alt: 'Hills',
    });
    await createCmsEntry(p.db, { url: '/privacy', type: 'basic-subpage' });
    await p.db
      .insertInto('products')
      .values([
        { slug: 'noahs-big-boat', lang_code: 'en', title: 'Noah', primary_image: 'covers/noahs-big-boat.jpg' },
        { slug: 'no-cover', lang_code: 'en', title: 'No cover' },
      ])
      .execute();
  });
  afterAll(() => p.close());

  const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&amp;', '&');
  const widthsOf = (srcset: string | undefined) => (srcset ?? '').split(', ').map((c) => Number(/ (\d+)w$/.exec(c)?.[1]));

  it('preloads the home page’s header image at the header widths, first and with high priority', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/' });

    const [link, ...more] = preloads(res.body);
    expect(more).toEqual([]);
    expect(link).toContain('fetchpriority="high"');
    expect(widthsOf(attribute(link ?? '', 'imagesrcset'))).toEqual([...imageWidths.hero]);
    expect(attribute(link ?? '', 'imagesrcset')).toMatch(
      /^\/media\/resized\/[0-9a-f]{16}\/580\/pages\/about-header\.jpg\.webp 580w, /,
    );
    expect(attribute(link ?? '', 'imagesizes')).toBe(imageSizes.hero);
  });

  it('preloads a story page’s cover at the cover widths: the very files resize-multiple gives the web', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/story/noahs-big-boat' });
    const [link, ...more] = preloads(res.body);
    expect(more).toEqual([]);
    const srcset = attribute(link ?? '', 'imagesrcset');
    expect(widthsOf(srcset)).toEqual([...imageWidths.cover]);
    expect(attribute(link ?? '', 'imagesizes')).toBe(imageSizes.cover);

    const query = imageWidths.cover.map((w, i) => `options[${i}][width]=${w}`).join('&');
    const resized = await p.app.inject({
      method: 'GET',
      url: `/crud/image/resize-multiple?url=/media/covers/noahs-big-boat.jpg&${query}`,
    });
    expect(resized.statusCode).toBe(200);
    const copies = resized.json<{ resized_url: string; width: number }[]>();
    expect(srcset).toBe(copies.map((c) => `${c.resized_url} ${c.width}w`).join(', '));
  });

  it('preloads nothing on a page without a header image, a story without a cover, or the not-found page', async () => {
    for (const url of ['/privacy', '/story/no-cover', '/story/no-such-story', '/shop']) {
      const res = await p.app.inject({ method: 'GET', url });
      expect(preloads(res.body), url).toEqual([]);
    }
  });
});

describe('the test_spanish_site flag', () => {
  it('is remembered in a cookie by a page request and honoured by the API calls that follow', async () => {
    const page = await get('/?test_spanish_site=1');
    const flag = responseCookie(page, 'test_spanish_site');
    expect(flag).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });

    const api = await get('/crud/session', { cookie: `test_spanish_site=${flag?.value}` });

    expect(api.json()).toMatchObject({ site_lang: 'es' });
  });

  it('keeps later pages in Spanish through the cookie', async () => {
    const res = await get('/', { cookie: 'test_spanish_site=1' });

    expect(htmlLang(res.body)).toBe('es');
  });

  it('is turned off by ?test_spanish_site=0, which clears the cookie', async () => {
    const res = await get('/?test_spanish_site=0', { cookie: 'test_spanish_site=1' });

    expect(htmlLang(res.body)).toBe('en');
    expect(isCleared(responseCookie(res, 'test_spanish_site'))).toBe(true);
  });

  it('is also remembered from the not-found page', async () => {
    const res = await get('/nowhere?test_spanish_site=true');

    expect(responseCookie(res, 'test_spanish_site')).toMatchObject({ value: '1' });
  });
});

describe('static files of the web app', () => {
  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await get('/assets/index-Fx7ure01.js');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with a short cache', async () => {
    const res = await get('/favicon.svg');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).not.toContain('immutable');
  });

  it('answers a missing asset with the not-found page', async () => {
    const res = await get('/assets/index-Missing0.js');

    expect(res.statusCode).toBe(404);
  });
});

describe('the installable app and its service worker (issue 32, decision 034)', () => {
  it('links every page to its site’s manifest', async () => {
    for (const url of ['/', '/no-such-page'])
      expect((await get(url)).body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('serves each language’s site its own manifest, named in its language and opening on its home page', async () => {
    const en = await get('/manifest.webmanifest');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(en.headers.vary).toMatch(/host/i);
    expect(en.json()).toMatchObject({
      name: 'Storyhouse: Audio stories for the whole family',
      short_name: 'Storyhouse',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#7c2d12',
    });
    const icons = en.json().icons as { sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const ru = (await get('/manifest.webmanifest', { host: 'ru.localhost' })).json();
    expect(ru).toMatchObject({ name: 'Storyhouse: Аудиорассказы для всей семьи', lang: 'ru', start_url: '/' });
    expect((await get('/manifest.webmanifest', { host: 'es.localhost' })).json().lang).toBe('es');
  });

  it('serves the offline copy of the app in the site’s language, with no page’s content, revalidated', async () => {
    const res = await get('/offline.html', { host: 'es.localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(htmlLang(res.body)).toBe('es');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="first-data"');
  });
});

describe('precompressed files of the web build', () => {
  // A build as web/vite.config.ts leaves it: a .br and a .gz next to each text file worth compressing.
  const ASSET = '/assets/app-C0ffee42.js';
  const source = Buffer.from(`export const stories = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Story ${i}`))};\n`);
  let root: string;
  let built: TestApp;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'storyhouse-web-'));
    cpSync(FIXTURE_WEB_ROOT, root, { recursive: true });
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    for (const file of [ASSET, '/sw.js']) {
      writeFileSync(path.join(root, file), source);
      writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(source));
      writeFileSync(path.join(root, `${file}.gz`), gzipSync(source, { level: 9 }));
    }
    built = await createTestApp({ webRoot: root });
  });
  afterAll(async () => {
    await built.close();
    rmSync(root, { recursive: true, force: true });
  });

  const getFile = (url: string, acceptEncoding?: string) =>
    built.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset as its .br file when the browser accepts br, with a one-year immutable cache', async () => {
    const res = await getFile(ASSET, 'gzip, deflate, br');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload)).toEqual(source);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the .gz file when only gzip is accepted', async () => {
    const res = await getFile(ASSET, 'gzip');

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(gunzipSync(res.rawPayload)).toEqual(source);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await getFile(ASSET, acceptEncoding);

      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe(String(source.length));
      expect(res.rawPayload).toEqual(source);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps the cache of an unhashed file short, compressed or not, and of the pages none', async () => {
    const sw = await getFile('/sw.js', 'br');
    const page = await getFile('/', 'br');

    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    // The worker serves the whole site (decision 034).
    expect(sw.headers['service-worker-allowed']).toBe('/');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers a browser that has the form it accepts with 304, and one that has another form with the file', async () => {
    const br = await getFile(ASSET, 'br');
    const again = await built.app.inject({
      method: 'GET',
      url: ASSET,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const plain = await built.app.inject({ method: 'GET', url: ASSET, headers: { 'if-none-match': String(br.headers.etag) } });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload).toEqual(source);
  });

  it('does not serve the compressed files by their own names', async () => {
    expect((await getFile(`${ASSET}.br`)).statusCode).toBe(404);
    expect((await getFile(`${ASSET}.gz`)).statusCode).toBe(404);
  });
});

describe('without a built web app', () => {
  let apiOnly: TestApp;
  beforeAll(async () => {
    apiOnly = await createTestApp({ webRoot: null });
  });
  afterAll(() => apiOnly.close());

  it('still serves the API', async () => {
    const res = await apiOnly.app.inject({ method: 'GET', url: '/healthz' });

    expect(res.statusCode).toBe(200);
  });

  it('answers page paths with a JSON 404', async () => {
    const res = await apiOnly.app.inject({ method: 'GET', url: '/' });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'route_not_found' });
  });
});
