import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Product, type ProductListResponse, type TopStory, type TrackMatch, transcriptPaths } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { sessionIdOf, signIn } from '../../../test/factories';
import { demoMediaDir } from '../../config';
import type { Db } from '../../db/database';
import { catalogueRepository } from './catalogue.repository';
import { ageBandsSeeder } from './catalogue.seed';

const LIST = '/crud/product/skus';
const ES = { host: 'es.localhost' };

function client(t: () => TestApp) {
  return async (url: string, headers: Record<string, string> = {}) => {
    const res = await t().app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };
}

const slugs = (items: { slug: string }[]) => items.map((i) => i.slug);
const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe('the demo catalogue', () => {
  let t: TestApp;
  const get = client(() => t);
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const productBySlug = async (slug: string, headers: Record<string, string> = {}) =>
    (await get(`/crud/product-by-slug/${slug}/skus`, headers)).body as Product;

  it('names demo media files that exist (covers, banners, recordings, previews)', async () => {
    const products = await t.db.selectFrom('products').select(['primary_image', 'wide_image']).execute();
    const tracks = await t.db
      .selectFrom('skus')
      .select(['media_full', 'media_preview'])
      .where('type', '=', 'digital_track')
      .execute();
    const keys = [
      ...products.flatMap((p) => [p.primary_image, p.wide_image]),
      ...tracks.flatMap((tr) => [tr.media_full, tr.media_preview]),
    ];

    const missing = keys.filter((k): k is string => k !== null).filter((k) => !existsSync(path.join(demoMediaDir, k)));

    expect(tracks.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  describe('GET /crud/product/skus', () => {
    it("lists the site language's products, newest first, with the paging numbers", async () => {
      const { status, body } = await get(LIST);

      expect(status).toBe(200);
      expect(body).toMatchObject({ page: 1, per_page: 20, count: 7, tracks: [] });
      expect(slugs(body.items)).toEqual([
        'pip-and-the-kindness-club',
        'the-first-christmas',
        'my-first-storybook-bible',
        'stories-jesus-told',
        'david-the-shepherd-boy',
        'noahs-big-boat',
        'in-the-beginning',
      ]);
    });

    it('lists Spanish products on the Spanish site, by host name or by the test flag', async () => {
      const byHost = await get(LIST, ES);
      const byFlag = await get(`${LIST}?test_spanish_site=1`);

      expect(byHost.body.count).toBe(5);
      expect(new Set(byHost.body.items.map((p: Product) => p.lang_code))).toEqual(new Set(['es']));
      expect(slugs(byFlag.body.items)).toEqual(slugs(byHost.body.items));
    });

    it('filters by another language, or lists every language with lang_code=all', async () => {
      const ru = await get(`${LIST}?lang_code=ru`, ES);
      const all = await get(`${LIST}?lang_code=all`);

      expect(ru.body.count).toBe(4);
      expect(new Set(ru.body.items.map((p: Product) => p.lang_code))).toEqual(new Set(['ru']));
      expect(all.body.count).toBe(16);
      expect(all.body.items).toHaveLength(16);
    });

    it('filters by sku type', async () => {
      const books = await get(`${LIST}?type=book&lang_code=all`);

      expect(slugs(books.body.items).sort()).toEqual(
        [
          'david-the-shepherd-boy',
          'iosif-i-ego-bratya',
          'mi-primera-biblia-ilustrada',
          'my-first-storybook-bible',
          'rut-la-amiga-fiel',
          'the-first-christmas',
        ].sort(),
      );
    });

    it('gives a product its purchase options, prices in dollars, the lower of full and sale price', async () => {
      const { body } = await get(LIST);
      const noah = body.items.find((p: Product) => p.slug === 'noahs-big-boat') as Product;

      expect(noah).toMatchObject({
        title: 'Noah’s Big Boat',
        lang_code: 'en',
        url: '/story/noahs-big-boat',
        primary_image: '/media/covers/noahs-big-boat.jpg',
        wide_image: null,
        release_date: '2024-02-20',
        is_available: true,
        isStory: true,
        isBook: false,
        is_free_streaming: false,
        digitalAlbumPrice: { original: 9.99, salePrice: 7.99, onSale: true },
        physicalAlbumPrice: { original: 12.99, salePrice: 12.99, onSale: false },
        bookPrice: null,
        book: null,
        physicalAlbumIsShippedFree: false,
        bookIsShippedFree: false,
      });
      expect(noah.skus.map((s) => s.type)).toEqual(['digital_album', 'physical']);
      expect(noah.digitalAlbum).toMatchObject({
        type: 'digital_album',
        full_price_usd: 9.99,
        price_usd: 7.99,
        product_slug: 'noahs-big-boat',
        isInCart: false,
        skuMedia: [],
      });
    });

    it('carries the fields of spec §3 a client of the seed reads, beside the names the web uses', async () => {
      const noah = await productBySlug('noahs-big-boat');
      const [first] = noah.tracks;

      // Product: the cover as a site path, availability under the client's name, the album offers.
      expect(noah).toMatchObject({
        primary_image: '/media/covers/noahs-big-boat.jpg',
        imageRelative: '/media/covers/noahs-big-boat.jpg',
        is_available: true,
        isAvailable: true,
      });
      expect(noah.albums.map((s) => [s.type, s.id])).toEqual([
        ['digital_album', noah.digitalAlbum?.id],
        ['physical', noah.physicalAlbum?.id],
      ]);
      // Track: its sku's description and its album's title.
      expect(first).toMatchObject({ sku_description: first?.description, album: 'Noah’s Big Boat' });
      expect(first?.description).not.toBe('');
      // A track found by a search names its album too.
      const { body } = await get(`${LIST}?search=rainbow`);
      expect(body.tracks.map((tr: TrackMatch) => [tr.title, tr.album])).toContainEqual([
        'The Rainbow Promise',
        'Noah’s Big Boat',
      ]);
    });

    it('gives each track its order, length and streams', async () => {
      const noah = await productBySlug('noahs-big-boat');
      const [first] = noah.tracks;

      expect(titles(noah.tracks)).toEqual(['Noah Builds the Ark', 'Two by Two', 'The Rainbow Promise']);
      expect(noah.tracks.map((tr) => tr.order_index)).toEqual([0, 1, 2]);
      expect(first).toEqual({
        sku_id: expect.any(Number),
        title: 'Noah Builds the Ark',
        description: expect.any(String),
        sku_description: first?.description,
        album: 'Noah’s Big Boat',
        order_index: 0,
        length_seconds: 33,
        full_price_usd: expect.any(Number),
        price_usd: expect.any(Number),
        is_free: false,
        is_free_streaming: false,
        preview_url: `/crud/media/track/${first?.sku_id}/preview.mp3`,
        download_url: `/crud/media/track/${first?.sku_id}/full.mp3`,
        isInCart: false,
        // A visitor: nothing owned, a paid track plays its preview.
        plays_in_full: false,
        owned: false,
        // Its words when the demo ships its WebVTT (issue 43, transcripts.seed.ts).
        transcript_url: existsSync(path.join(demoMediaDir, 'transcripts/noahs-big-boat/01.vtt'))
          ? transcriptPaths.track(first?.sku_id as number)
          : null,
      });
    });

    it('pages past the end with an empty page that still counts everything', async () => {
      const { status, body } = await get(`${LIST}?page=2`);

      expect(status).toBe(200);
      expect(body).toMatchObject({ items: [], page: 2, per_page: 20, count: 7 });
    });

    describe('search', () => {
      it('finds a track by its title, and its album', async () => {
        const { body } = await get(`${LIST}?search=${encodeURIComponent('lost sheep')}`);

        expect(body.tracks.map((tr: TrackMatch) => [tr.title, tr.product_slug])).toEqual([
          ['The Lost Sheep', 'stories-jesus-told'],
        ]);
        expect(body.tracks[0]).toMatchObject({
          product_title: 'Stories Jesus Told',
          is_free: true,
          preview_url: `/crud/media/track/${body.tracks[0].sku_id}/preview.mp3`,
        });
        expect(slugs(body.items)).toEqual(['stories-jesus-told']);
        expect(body.count).toBe(1);
      });

      it('ignores accents in Spanish: "jonas" finds "Jonás"', async () => {
        const plain = await get(`${LIST}?search=jonas`, ES);
        const accented = await get(`${LIST}?search=${encodeURIComponent('JONÁS')}`, ES);

        expect(slugs(plain.body.items)).toEqual(['jonas-y-el-gran-pez']);
        expect(titles(plain.body.tracks)).toContain('Jonás huye');
        expect(accented.body).toEqual(plain.body);
      });

      it('finds Russian "ё" when typed as "е": "котенок" finds "котёнок"', async () => {
        const { body } = await get(`${LIST}?search=${encodeURIComponent('котенок')}&lang_code=ru`);

        expect(slugs(body.items)).toEqual(['priklyucheniya-mishi-i-ani']);
        expect(titles(body.tracks)).toContain('Потерянный котёнок');
      });

      it('finds words still being typed (the last word as a prefix)', async () => {
        const { body } = await get(`${LIST}?search=Noa`);

        expect(slugs(body.items)).toContain('noahs-big-boat');
        expect(titles(body.tracks)).toContain('Noah Builds the Ark');
      });

      it('searches only the chosen language, each language with its own dictionary under lang_code=all', async () => {
        const en = await get(`${LIST}?search=daniel`);
        const all = await get(`${LIST}?search=daniel&lang_code=all`);
        const ru = await get(`${LIST}?search=${encodeURIComponent('царица')}&lang_code=all`);

        expect(slugs(en.body.items)).toEqual([]);
        expect(slugs(all.body.items)).toEqual(['daniel-y-los-leones']);
        expect(slugs(ru.body.items)).toEqual(['tsaritsa-esfir']);
      });

      it('answers an empty result for a term nothing matches', async () => {
        const { status, body } = await get(`${LIST}?search=zzyzx`);

        expect(status).toBe(200);
        expect(body).toMatchObject({ items: [], count: 0, tracks: [] });
      });

      it('treats search syntax in the term as text', async () => {
        for (const term of [`"noah' & !(boat | :* \\`, '"', '-', 'or', ':*']) {
          const { status } = await get(`${LIST}?search=${encodeURIComponent(term)}`);
          expect([term, status]).toEqual([term, 200]);
        }
      });

      it('finds nothing for words too common to search (stop words), without failing', async () => {
        const { status, body } = await get(`${LIST}?search=the`);

        expect(status).toBe(200);
        expect(body).toMatchObject({ items: [], count: 0, tracks: [] });
      });
    });

    it("marks what is in the visitor's cart", async () => {
      const cookie = await signIn(t.db, null);
      const noah = await productBySlug('noahs-big-boat');
      const track = noah.tracks[1]?.sku_id as number;
      await putInCart(t.db, sessionIdOf(cookie), [noah.digitalAlbum?.id as number, track]);

      const mine = await productBySlug('noahs-big-boat', { cookie });
      const someoneElse = await productBySlug('noahs-big-boat');
      const list = (await get(LIST, { cookie })).body as ProductListResponse;

      expect(mine.digitalAlbum?.isInCart).toBe(true);
      expect(mine.physicalAlbum?.isInCart).toBe(false);
      expect(mine.tracks.map((tr) => tr.isInCart)).toEqual([false, true, false]);
      expect(someoneElse.digitalAlbum?.isInCart).toBe(false);
      expect(list.items.find((p) => p.slug === 'noahs-big-boat')?.digitalAlbum?.isInCart).toBe(true);
    });
  });

  describe('age bands, lengths and the orders the shop offers', () => {
    const listed = async (query: string, headers: Record<string, string> = {}) => {
      const { status, body } = await get(`${LIST}?${query}`, headers);
      expect(status, JSON.stringify(body)).toBe(200);
      return body as ProductListResponse;
    };

    it('gives each product its age band and its length in minutes from its tracks; a book has no length', async () => {
      const noah = await productBySlug('noahs-big-boat');
      const book = await productBySlug('my-first-storybook-bible');
      const seconds = noah.tracks.reduce((sum, tr) => sum + tr.length_seconds, 0);

      expect(seconds).toBe(102);
      expect([noah.age_band, noah.length_minutes]).toEqual(['3-5', 2]);
      expect([book.age_band, book.length_minutes]).toEqual(['0-2', null]);
      expect((await listed('')).items.find((p) => p.slug === 'noahs-big-boat')).toMatchObject({
        age_band: '3-5',
        length_minutes: 2,
      });
    });

    it('gives a database seeded before age bands the demo ones, keeping a band the ministry set', async () => {
      await t.db.updateTable('products').set({ age_band: null }).where('slug', '=', 'noahs-big-boat').execute();
      await t.db.updateTable('products').set({ age_band: '9-12' }).where('slug', '=', 'jesus-vive').execute();

      await ageBandsSeeder.run(t.db);

      expect((await productBySlug('noahs-big-boat')).age_band).toBe('3-5');
      expect((await productBySlug('jesus-vive')).age_band).toBe('9-12');
      await t.db.updateTable('products').set({ age_band: '3-5' }).where('slug', '=', 'jesus-vive').execute();
    });

    it('filters by age band, in the chosen language or all of them, and pages the filtered list', async () => {
      const young = await listed('age_band=3-5');
      const older = await listed('age_band=9-12&lang_code=all');
      const past = await listed('age_band=9-12&lang_code=all&page=2');

      expect(slugs(young.items)).toEqual(['the-first-christmas', 'noahs-big-boat']);
      expect(young.count).toBe(2);
      expect(slugs(older.items).sort()).toEqual([
        'david-the-shepherd-boy',
        'iosif-i-ego-bratya',
        'rut-la-amiga-fiel',
        'tsaritsa-esfir',
      ]);
      expect(older.items.every((p) => p.age_band === '9-12')).toBe(true);
      expect([past.items, past.count]).toEqual([[], 4]);
    });

    it('sorts by length (shortest first, a book without one last), title, price either way, or newest', async () => {
      expect(slugs((await listed('sort=length')).items)).toEqual([
        'the-first-christmas',
        'pip-and-the-kindness-club',
        'noahs-big-boat',
        'in-the-beginning',
        'david-the-shepherd-boy',
        'stories-jesus-told',
        'my-first-storybook-bible',
      ]);
      expect(titles((await listed('sort=title')).items)).toEqual([
        'David the Shepherd Boy',
        'In the Beginning',
        'My First Storybook Bible',
        'Noah’s Big Boat',
        'Pip and the Kindness Club',
        'Stories Jesus Told',
        'The First Christmas',
      ]);
      // A product's price is its cheapest way to buy, as its card shows it ("From $7.99"); equal prices newest first.
      expect(slugs((await listed('sort=price_low')).items)).toEqual([
        'pip-and-the-kindness-club',
        'noahs-big-boat',
        'the-first-christmas',
        'in-the-beginning',
        'stories-jesus-told',
        'david-the-shepherd-boy',
        'my-first-storybook-bible',
      ]);
      expect(slugs((await listed('sort=price_high')).items)).toEqual([
        'my-first-storybook-bible',
        'david-the-shepherd-boy',
        'stories-jesus-told',
        'the-first-christmas',
        'in-the-beginning',
        'pip-and-the-kindness-club',
        'noahs-big-boat',
      ]);
      expect(slugs((await listed('sort=newest')).items)).toEqual(slugs((await listed('')).items));
    });

    it('alphabetizes Spanish titles as a reader does: “¡Jesús vive!” under J', async () => {
      expect(titles((await listed('sort=title', ES)).items)).toEqual([
        'Daniel y los leones',
        '¡Jesús vive!',
        'Jonás y el gran pez',
        'Mi primera Biblia ilustrada',
        'Rut, la amiga fiel',
      ]);
    });

    it('filters and sorts what a search finds, its matching tracks included', async () => {
      const ranked = await listed('search=story');
      const byLength = await listed('search=story&sort=length');
      const young = await listed('search=story&age_band=3-5');
      const sheep = `search=${encodeURIComponent('lost sheep')}`;

      expect(slugs(ranked.items)).toEqual([
        'stories-jesus-told',
        'pip-and-the-kindness-club',
        'the-first-christmas',
        'my-first-storybook-bible',
        'noahs-big-boat',
      ]);
      expect(slugs(byLength.items)).toEqual([
        'the-first-christmas',
        'pip-and-the-kindness-club',
        'noahs-big-boat',
        'stories-jesus-told',
        'my-first-storybook-bible',
      ]);
      expect([slugs(young.items), young.count]).toEqual([['the-first-christmas', 'noahs-big-boat'], 2]);
      expect(titles((await listed(`${sheep}&age_band=6-8`)).tracks)).toEqual(['The Lost Sheep']);
      expect(await listed(`${sheep}&age_band=3-5`)).toMatchObject({ items: [], tracks: [], count: 0 });
    });

    it('refuses an age band or an order it does not offer with a 400 in the site language', async () => {
      const band = await get(`${LIST}?age_band=4-6`);
      const sort = await get(`${LIST}?sort=cheapest`, ES);

      expect([band.status, band.body]).toEqual([
        400,
        {
          code: 'validation_failed',
          message: 'Some of the information is missing or invalid.',
          fields: { 'querystring.age_band': 'Invalid' },
        },
      ]);
      expect([sort.status, sort.body]).toEqual([
        400,
        { code: 'validation_failed', message: 'Falta información o no es válida.', fields: { 'querystring.sort': 'No válido' } },
      ]);
    });
  });

  describe('GET /crud/product/{id}/skus and /crud/product-by-slug/{slug}/skus', () => {
    it('answer the same product', async () => {
      const bySlug = await get('/crud/product-by-slug/david-the-shepherd-boy/skus');
      const byId = await get(`/crud/product/${bySlug.body.id}/skus`);

      expect(bySlug.status).toBe(200);
      expect(byId.body).toEqual(bySlug.body);
      expect(bySlug.body).toMatchObject({
        title: 'David the Shepherd Boy',
        bookPrice: { original: 14.99, salePrice: 14.99, onSale: false },
        bookIsShippedFree: true,
      });
      expect(bySlug.body.skus.map((s: { type: string }) => s.type)).toEqual(['digital_album', 'physical', 'book']);
    });

    it('answer a product of any language on any site', async () => {
      const { status, body } = await get('/crud/product-by-slug/tsaritsa-esfir/skus');

      expect(status).toBe(200);
      expect(body).toMatchObject({ lang_code: 'ru', wide_image: '/media/banners/free-story-ru.jpg' });
    });

    it('answer item_not_found for an unknown slug or id', async () => {
      const slug = await get('/crud/product-by-slug/no-such-story/skus');
      const id = await get('/crud/product/999999/skus', ES);

      expect(slug.status).toBe(404);
      expect(slug.body).toEqual({ code: 'item_not_found', message: 'We could not find that item.' });
      expect(id.status).toBe(404);
      expect(id.body.code).toBe('item_not_found');
      expect(id.body.message).not.toBe(slug.body.message);
    });

    it('refuse an id that is not a positive number', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const { status, body } = await get(`/crud/product/${id}/skus`);
        expect([id, status, body.code]).toEqual([id, 400, 'validation_failed']);
      }
    });
  });

  describe('GET /crud/sku/list', () => {
    it('lists the subscription plans with their codes', async () => {
      const { status, body } = await get('/crud/sku/list?page=1&type=subscription');

      expect(status).toBe(200);
      expect(body).toMatchObject({ page: 1, per_page: 20, count: 2 });
      expect(
        body.items.map((s: { code: string; price_usd: number; product_id: null }) => [s.code, s.price_usd, s.product_id]),
      ).toEqual([
        ['monthly', 7.99, null],
        ['annual', 79.99, null],
      ]);
    });

    it('pages through every sku', async () => {
      const first = await get('/crud/sku/list');
      const second = await get('/crud/sku/list?page=2');

      expect(first.body.items).toHaveLength(20);
      expect(first.body.count).toBeGreaterThan(40);
      const ids = (page: { items: { id: number }[] }) => page.items.map((s) => s.id);
      expect(ids(second.body).some((id) => ids(first.body).includes(id))).toBe(false);
    });

    it('searches sku titles', async () => {
      const { body } = await get(`/crud/sku/list?type=digital_track&search=${encodeURIComponent('rainbow')}`);

      expect(body.items.map((s: { title: string; product_slug: string }) => [s.title, s.product_slug])).toEqual([
        ['The Rainbow Promise', 'noahs-big-boat'],
      ]);
      expect(body.items[0].skuMedia.map((m: { type: string }) => m.type)).toEqual(['preview', 'full']);
    });
  });

  describe('GET /crud/subscription-skus', () => {
    it('offers the monthly and the annual plan, the annual one also a month (spec §9: price / 12, to the cent)', async () => {
      const { status, body } = await get('/crud/subscription-skus');

      expect(status).toBe(200);
      expect(body.items).toEqual([
        {
          sku_id: expect.any(Number),
          code: 'monthly',
          title: 'Monthly subscription',
          price_usd: 7.99,
          full_price_usd: 7.99,
          monthly_price_usd: 7.99,
          in_cart: false,
        },
        {
          sku_id: expect.any(Number),
          code: 'annual',
          title: 'Annual subscription',
          price_usd: 79.99,
          full_price_usd: 79.99,
          monthly_price_usd: 6.67,
          in_cart: false,
        },
      ]);
    });

    it("marks the plan in the visitor's cart: the one added last (adding one replaces the other)", async () => {
      const { body } = await get('/crud/subscription-skus');
      const [monthly, annual] = body.items as { sku_id: number }[];
      let cookie = '';
      for (const plan of [monthly, annual]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/crud/cart-session/skus',
          payload: { sku_id: plan?.sku_id, quantity: 1 },
          headers: cookie ? { cookie } : {},
        });
        expect(res.statusCode).toBe(200);
        cookie ||= res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      }

      const mine = await get('/crud/subscription-skus', { cookie });
      const anyone = await get('/crud/subscription-skus');

      expect(mine.body.items.map((o: { code: string; in_cart: boolean }) => [o.code, o.in_cart])).toEqual([
        ['monthly', false],
        ['annual', true],
      ]);
      expect(anyone.body.items.some((o: { in_cart: boolean }) => o.in_cart)).toBe(false);
    });
  });

  describe('promotions and free content', () => {
    it("lists a language's recommended albums in their order", async () => {
      const en = await get('/crud/promoted-sku/recommended-albums/en');
      const es = await get('/crud/promoted-sku/recommended-albums/es');

      expect(slugs(en.body.items)).toEqual([
        'david-the-shepherd-boy',
        'the-first-christmas',
        'noahs-big-boat',
        'stories-jesus-told',
      ]);
      expect(slugs(es.body.items)).toEqual(['jesus-vive', 'daniel-y-los-leones', 'rut-la-amiga-fiel']);
      expect(en.body.items[0].tracks).toHaveLength(4);
    });

    it("lists a language's top stories", async () => {
      const { status, body } = await get('/crud/promoted-sku/top-stories/en');

      expect(status).toBe(200);
      expect(titles(body.items)).toEqual([
        'David and Goliath',
        'The Rainbow Promise',
        'The Good Samaritan',
        'The New Girl at School',
      ]);
      const story = body.items[0] as TopStory;
      expect(story).toEqual({
        id: expect.any(Number),
        slug: 'david-the-shepherd-boy',
        title: 'David and Goliath',
        product: 'David the Shepherd Boy',
        product_id: expect.any(Number),
        primary_image: '/media/covers/david-the-shepherd-boy.jpg',
        price_usd: expect.any(Number),
        full_price_usd: expect.any(Number),
        download_url: `/crud/media/track/${story.id}/preview.mp3`,
        length_seconds: 35,
        isInCart: false,
        full_url: `/crud/media/track/${story.id}/full.mp3`,
        plays_in_full: false,
        owned: false,
      });
    });

    it("recommends the site language's top stories", async () => {
      const recommended = await get('/crud/recommended-stories', ES);
      const top = await get('/crud/promoted-sku/top-stories/es');

      expect(recommended.body).toEqual(top.body);
      expect(titles(top.body.items)).toEqual(['Dentro del gran pez', '¡La tumba vacía!', 'Adonde tú vayas']);
    });

    it("gives each language's free story of the week", async () => {
      const en = await get('/crud/free-story/en?swr=1');
      const es = await get('/crud/free-story/es');
      const ru = await get('/crud/free-story/ru');

      expect(en.status).toBe(200);
      expect(en.body).toEqual({
        id: expect.any(Number),
        product_id: expect.any(Number),
        title: 'The Lost Sheep',
        slug: 'stories-jesus-told',
        description: expect.any(String),
        is_available: true,
        product_title: 'Stories Jesus Told',
        product_description: expect.any(String),
        product_release_date: '2024-05-06',
        product_image_url_wide: '/media/banners/free-story-en.jpg',
        primary_image: '/media/covers/stories-jesus-told.jpg',
        full_download_url: `/crud/media/track/${en.body.id}/full.mp3`,
        length_seconds: 36,
        duration: '0:36',
        url: '/story/stories-jesus-told',
      });
      expect(es.body.title).toBe('Daniel en el foso de los leones');
      expect(ru.body.title).toBe('Смелая просьба');
    });

    it('lists the free-streaming albums of the site language, another, or all', async () => {
      const en = await get('/crud/free-streaming');
      const es = await get('/crud/free-streaming', ES);
      const ru = await get('/crud/free-streaming?lang_code=ru');
      const all = await get('/crud/free-streaming?lang_code=all');

      expect(slugs(en.body.items)).toEqual(['in-the-beginning']);
      expect(slugs(es.body.items)).toEqual(['jonas-y-el-gran-pez']);
      expect(slugs(ru.body.items)).toEqual(['moisey-i-put-k-svobode']);
      expect(all.body.items).toHaveLength(3);
      expect(en.body.items[0].tracks.every((tr: { is_free_streaming: boolean }) => tr.is_free_streaming)).toBe(true);
    });

    it('opens a free-streaming album, and refuses any other product', async () => {
      const free = await productBySlug('in-the-beginning');
      const paid = await productBySlug('noahs-big-boat');

      const ok = await get(`/crud/free-streaming/album/${free.id}`);
      const refused = await get(`/crud/free-streaming/album/${paid.id}`);
      const unknown = await get('/crud/free-streaming/album/999999');

      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ slug: 'in-the-beginning', is_free_streaming: true });
      expect(ok.body.tracks).toHaveLength(4);
      expect([refused.status, refused.body.code]).toEqual([404, 'item_not_found']);
      expect([unknown.status, unknown.body.code]).toEqual([404, 'item_not_found']);
    });
  });

  describe('bad input', () => {
    it.each([
      ['page 0', `${LIST}?page=0`, 'querystring.page'],
      ['page -1', `${LIST}?page=-1`, 'querystring.page'],
      ['a page that is not a number', `${LIST}?page=two`, 'querystring.page'],
      ['a search of 10,000 characters', `${LIST}?search=${'a'.repeat(10_000)}`, 'querystring.search'],
      ['an unknown language', `${LIST}?lang_code=fr`, 'querystring.lang_code'],
      ['an unknown sku type', `${LIST}?type=vinyl`, 'querystring.type'],
      ['an unknown parameter', `${LIST}?order=price`, 'querystring.order'],
      ['a sku list page 0', '/crud/sku/list?page=0', 'querystring.page'],
      ['a sku list search of 10,000 characters', `/crud/sku/list?search=${'b'.repeat(10_000)}`, 'querystring.search'],
      ['an unknown free-streaming language', '/crud/free-streaming?lang_code=de', 'querystring.lang_code'],
    ])('refuses %s with validation_failed', async (_name, url, field) => {
      const { status, body } = await get(url);

      expect(status).toBe(400);
      expect(body.code).toBe('validation_failed');
      expect(Object.keys(body.fields)).toContain(field);
    });

    it.each(['/crud/promoted-sku/recommended-albums/fr', '/crud/promoted-sku/top-stories/xx', '/crud/free-story/de'])(
      'refuses an unknown language in %s',
      async (url) => {
        const { status, body } = await get(url);

        expect(status).toBe(400);
        expect(body.code).toBe('validation_failed');
      },
    );
  });
});

/** Puts skus in the cart of a session, as the cart would. */
async function putInCart(db: Db, sessionId: string, skuIds: number[]) {
  const cart = await db.insertInto('carts').values({ session_id: sessionId }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('cart_lines')
    .values(skuIds.map((sku_id) => ({ cart_id: cart.id, sku_id })))
    .execute();
}

describe('a catalogue larger than a page', () => {
  let t: TestApp;
  const get = client(() => t);
  let repo: ReturnType<typeof catalogueRepository>;
  beforeAll(async () => {
    t = await createTestApp();
    repo = catalogueRepository(t.db);
    // 23 English albums released on consecutive days; every third one out of stock.
    for (let i = 1; i <= 23; i++) {
      const day = String(i).padStart(2, '0');
      await createProduct(t.db, {
        slug: `album-${day}`,
        title: `Album ${day}`,
        release_date: `2023-01-${day}`,
        is_available: i % 3 !== 0,
      });
    }
  });
  afterAll(() => t.close());

  it('pages by 20: the next page holds the rest', async () => {
    const first = await get(LIST);
    const second = await get(`${LIST}?page=2`);

    expect(first.body).toMatchObject({ page: 1, per_page: 20, count: 23 });
    expect(first.body.items).toHaveLength(20);
    expect(slugs(first.body.items).slice(0, 2)).toEqual(['album-23', 'album-22']);
    expect(second.body).toMatchObject({ page: 2, per_page: 20, count: 23 });
    expect(slugs(second.body.items)).toEqual(['album-03', 'album-02', 'album-01']);
  });

  it('pages a sorted list: the next page goes on where the first stopped', async () => {
    const first = await get(`${LIST}?sort=title`);
    const second = await get(`${LIST}?sort=title&page=2`);

    expect(slugs(first.body.items).slice(0, 2)).toEqual(['album-01', 'album-02']);
    expect([slugs(second.body.items), second.body.count]).toEqual([['album-21', 'album-22', 'album-23'], 23]);
  });

  it('lists products that are not available, marked so, unless available=1', async () => {
    const everything = await get(`${LIST}?available=0`);
    const available = await get(`${LIST}?available=1`);

    expect(everything.body.count).toBe(23);
    expect(everything.body.items.find((p: Product) => p.slug === 'album-21')).toMatchObject({
      is_available: false,
      isAvailable: false,
    });
    expect(everything.body.items.find((p: Product) => p.slug === 'album-21').digitalAlbum.is_available).toBe(false);
    expect(available.body.count).toBe(16);
    expect(available.body.items.every((p: Product) => p.is_available)).toBe(true);
  });

  it('ranks title matches first, then track titles, then descriptions; newest first within each', async () => {
    // All three mention the lighthouse; the newest mentions it only in its description.
    await createProduct(t.db, {
      slug: 'harbour-tales',
      title: 'Harbour Tales',
      description: 'Stories from the old lighthouse.',
      release_date: '2024-06-01',
    });
    await createProduct(t.db, { slug: 'sea-songs', title: 'Sea Songs', release_date: '2024-05-01' }, ['The Lighthouse Keeper']);
    await createProduct(t.db, { slug: 'the-lighthouse', title: 'The Lighthouse', release_date: '2024-01-01' });

    const { body } = await get(`${LIST}?search=lighthouse`);

    expect(slugs(body.items)).toEqual(['the-lighthouse', 'sea-songs', 'harbour-tales']);
    expect(titles(body.tracks)).toEqual(['The Lighthouse Keeper']);
  });

  it('never lists hidden skus', async () => {
    const id = await createProduct(t.db, { slug: 'secret-songs', title: 'Secret Songs', release_date: '2022-01-01' }, [
      'Shown',
      'Hidden',
    ]);
    await t.db.updateTable('skus').set({ is_hidden: true }).where('product_id', '=', id).where('title', '=', 'Hidden').execute();
    await t.db
      .updateTable('skus')
      .set({ is_hidden: true })
      .where('product_id', '=', id)
      .where('type', '=', 'digital_album')
      .execute();

    const product = (await get(`/crud/product/${id}/skus`)).body as Product;
    const search = await get(`${LIST}?search=hidden`);
    const skus = await get(`/crud/sku/list?search=hidden`);

    expect(titles(product.tracks)).toEqual(['Shown']);
    expect(product.digitalAlbum).toBeNull();
    expect(product.skus).toEqual([]);
    expect(search.body.tracks).toEqual([]);
    expect(skus.body.items).toEqual([]);
  });

  it('has no free story when none has started, and says so', async () => {
    const id = await createProduct(t.db, { slug: 'next-week', title: 'Next Week', release_date: '2024-01-01' }, ['Soon']);
    const [track] = (await get(`/crud/product/${id}/skus`)).body.tracks;
    await repo.insertFreeStory({ lang_code: 'en', sku_id: track.sku_id, starts_on: '2999-01-01' });

    const { status, body } = await get('/crud/free-story/en');

    expect(status).toBe(404);
    expect(body.code).toBe('item_not_found');
  });
});

describe('the listing cache (CATALOGUE_CACHE_MS)', () => {
  let t: TestApp;
  const get = client(() => t);
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOGUE_CACHE_MS: '300' } });
    await createProduct(t.db, { slug: 'first-album', title: 'First Album', release_date: '2023-01-01' });
  });
  afterAll(() => t.close());

  it('serves a listing from memory for a moment, then reads the catalogue again', async () => {
    // The clock stands still until the test moves it: no race with a slow machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    let before: Awaited<ReturnType<typeof get>>;
    let soon: typeof before;
    let later: typeof before;
    try {
      before = await get(LIST);
      await createProduct(t.db, { slug: 'second-album', title: 'Second Album', release_date: '2023-02-01' });
      soon = await get(LIST);
      vi.setSystemTime(Date.now() + 301);
      later = await get(LIST);
    } finally {
      vi.useRealTimers();
    }

    expect(slugs(before.body.items)).toEqual(['first-album']);
    expect(slugs(soon.body.items)).toEqual(['first-album']);
    expect(slugs(later.body.items)).toEqual(['second-album', 'first-album']);
    expect(later.body.count).toBe(2);
  });

  it("still marks each visitor's own cart on a cached listing", async () => {
    const cookie = await signIn(t.db, null);
    const anyone = (await get(LIST)).body as ProductListResponse;
    const album = anyone.items[0]?.digitalAlbum?.id as number;
    await putInCart(t.db, sessionIdOf(cookie), [album]);

    const mine = (await get(LIST, { cookie })).body as ProductListResponse;
    const someoneElse = (await get(LIST)).body as ProductListResponse;

    expect(mine.items[0]?.digitalAlbum?.isInCart).toBe(true);
    expect(someoneElse.items[0]?.digitalAlbum?.isInCart).toBe(false);
  });
});

/** An English album with a digital album sku (9.99) and the given tracks. Returns its id. */
async function createProduct(
  db: Db,
  p: { slug: string; title: string; description?: string; release_date: string; is_available?: boolean },
  tracks: string[] = [],
) {
  const repo = catalogueRepository(db);
  const productId = await repo.insertProduct({ lang_code: 'en', ...p });
  await repo.insertSku({ product_id: productId, type: 'digital_album', title: p.title, full_price_cents: 999, lang_code: 'en' });
  for (const [position, title] of tracks.entries()) {
    await repo.insertSku({
      product_id: productId,
      type: 'digital_track',
      title,
      full_price_cents: 99,
      position,
      length_seconds: 30,
      media_full: `audio/${p.slug}/${position}.mp3`,
      media_preview: `audio/${p.slug}/${position}-preview.mp3`,
      lang_code: 'en',
    });
  }
  return productId;
}
