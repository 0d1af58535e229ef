import { type SearchResponse, SearchResponse as SearchResponseSchema } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;

type Lang = 'en' | 'es' | 'ru';
const HOSTS: Record<Lang, string> = { en: 'localhost', es: 'es.localhost', ru: 'ru.localhost' };

async function page(values: {
  lang_code: Lang;
  url: string;
  title: string;
  main_content?: string;
  description?: string;
  status?: 'draft' | 'published';
}) {
  await t.db
    .insertInto('cms_entries')
    .values({ type: 'basic-subpage', status: 'published', ...values })
    .execute();
}

let slugs = 0;
async function product(
  values: { lang_code: Lang; title: string; description?: string; is_available?: boolean },
  tracks: string[] = [],
) {
  slugs += 1;
  const slug = `search-test-${slugs}`;
  const row = await t.db
    .insertInto('products')
    .values({ slug, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, title] of tracks.entries()) {
    await t.db
      .insertInto('skus')
      .values({
        product_id: row.id,
        type: 'digital_track',
        title,
        full_price_cents: 99,
        position: i,
        length_seconds: 60,
        media_full: `audio/${slug}/${i}.mp3`,
        lang_code: values.lang_code,
      })
      .execute();
  }
  return slug;
}

async function search(q: string, { lang = 'en', page: p }: { lang?: Lang; page?: number } = {}): Promise<SearchResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/crud/search',
    query: { q, ...(p ? { page: String(p) } : {}) },
    headers: { host: HOSTS[lang] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponseSchema.parse(res.json());
}

/** Markup a snippet may carry: <mark> and </mark>, nothing else. */
const onlyMarks = (html: string) => html.replace(/<\/?mark>/g, '');

let noahSlug = '';

beforeAll(async () => {
  t = await createTestApp({ webRoot: null });
  await page({
    lang_code: 'en',
    url: '/noah',
    title: 'Noah and the Ark',
    main_content: '<p>A big boat, many animals and a rainbow.</p>',
  });
  await page({
    lang_code: 'en',
    url: '/about',
    title: 'About our ministry',
    description: 'Who we are',
    main_content: '<p>We record Bible stories for children, from Creation to the story of Noah and beyond.</p>',
  });
  await page({ lang_code: 'en', url: '/noah-draft', title: 'Noah draft', status: 'draft' });
  await page({ lang_code: 'en', url: '/index', title: 'Welcome home', main_content: '<p>Listen to a lighthouse story.</p>' });
  noahSlug = await product({ lang_code: 'en', title: "Noah's Big Boat", description: 'The flood story, told for children.' }, [
    'Noah builds the ark',
    'The dove returns',
  ]);
  await product({ lang_code: 'en', title: 'Noah withdrawn', is_available: false }, ['Noah hidden track']);

  await page({
    lang_code: 'es',
    url: '/jonas',
    title: 'Jonás y el gran pez',
    main_content: '<p>Jonás huyó en un barco a Tarsis.</p>',
  });
  await product({ lang_code: 'es', title: 'Jonás y el gran pez', description: 'La historia de Jonás, contada para niños.' });
  await product({ lang_code: 'ru', title: 'Котёнок и ёлка', description: 'Рождественская история про котёнка.' });
  await page({ lang_code: 'ru', url: '/noev-kovcheg', title: 'Ноев ковчег', main_content: '<p>Ной построил ковчег.</p>' });
  await product({ lang_code: 'ru', title: 'Новая царица', description: 'История Есфири.' });

  // Text that looks like markup: escaped text in a page, raw tags a sanitizer would have removed, a plain-text description.
  await page({
    lang_code: 'en',
    url: '/lions',
    title: 'Daniel',
    main_content:
      '<p>Lions &lt;script&gt;alert(1)&lt;/script&gt; roar &amp; sleep.</p><script>alert("lions")</script><img src=x onerror="alert(2)">',
  });
  await product({
    lang_code: 'en',
    title: 'Daniel and the den',
    description: 'Lions <img src=x onerror=alert(1)> "quiet" <b>lions</b>',
  });

  for (let i = 1; i <= 12; i++) await page({ lang_code: 'en', url: `/parables/${i}`, title: `Parable number ${i}` });
});
afterAll(async () => {
  await t.close();
});

describe('GET /crud/search', () => {
  it('finds published pages, available products and their tracks of the site language, title matches first', async () => {
    const result = await search('noah');
    const found = result.items.map((i) => `${i.kind} ${i.title} ${i.url}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'page Noah and the Ark /noah',
        `product Noah's Big Boat /story/${noahSlug}`,
        `track Noah builds the ark /story/${noahSlug}`,
        'page About our ministry /about',
      ]),
    );
    expect(result.count).toBe(4);
    // The page that only mentions Noah in its text comes after every title match.
    expect(result.items.at(-1)?.url).toBe('/about');
    // Drafts, unavailable products and their tracks are not found.
    expect(found.join('\n')).not.toMatch(/draft|withdrawn|hidden/);
    const track = result.items.find((i) => i.kind === 'track');
    expect(track?.album_title).toBe("Noah's Big Boat");
  });

  it('leaves out the pages reached only by signing up (the Adventures lessons)', async () => {
    await page({
      lang_code: 'en',
      url: '/kids-corner/adventures-in-the-holy-bible/download-lessons',
      title: 'Your lessons are ready',
      main_content: '<p>Print a lesson and listen to the matching story.</p>',
    });
    await page({ lang_code: 'en', url: '/lessons-for-all', title: 'Lessons for everyone' });

    const result = await search('lessons');
    expect(result.items.map((i) => i.url)).toEqual(['/lessons-for-all']);
    expect(result.count).toBe(1);
  });

  it('highlights the matched words in a snippet of the text', async () => {
    const { items } = await search('noah');
    expect(items.find((i) => i.url === '/about')?.snippet).toContain('to the story of <mark>Noah</mark> and beyond');
    expect(items.find((i) => i.kind === 'track')?.snippet).toBe('<mark>Noah</mark> builds the ark');
    // No match in the text: the snippet is its beginning, unmarked.
    expect(items.find((i) => i.url === '/noah')?.snippet).toBe('A big boat, many animals and a rainbow.');
  });

  it('finds a word while it is still being typed (the last word as a prefix)', async () => {
    const { items } = await search('Noa');
    expect(items.map((i) => i.url)).toContain('/noah');
  });

  it('links the home page as /', async () => {
    const { items } = await search('lighthouse');
    expect(items).toEqual([expect.objectContaining({ kind: 'page', url: '/' })]);
  });

  it('searches the Spanish site in Spanish, without accents, and shows the text with its accents', async () => {
    const { items } = await search('jonas', { lang: 'es' });
    expect(items.map((i) => `${i.kind} ${i.title}`)).toEqual(
      expect.arrayContaining(['page Jonás y el gran pez', 'product Jonás y el gran pez']),
    );
    expect(items).toHaveLength(2);
    expect(items.find((i) => i.kind === 'page')?.snippet).toBe('<mark>Jonás</mark> huyó en un barco a Tarsis');
    expect(items.find((i) => i.kind === 'product')?.snippet).toContain('historia de <mark>Jonás</mark>, contada para niños');
    // The Spanish pages are not on the English site, nor the English ones on the Spanish site.
    expect((await search('jonas')).count).toBe(0);
    expect((await search('noah', { lang: 'es' })).count).toBe(0);
  });

  it('searches the Russian site with the Russian dictionary (ё typed as е, other word forms)', async () => {
    const { items } = await search('котенка', { lang: 'ru' });
    expect(items.map((i) => i.title)).toEqual(['Котёнок и ёлка']);
    expect(items[0]?.snippet).toBe('Рождественская история про <mark>котёнка</mark>');
  });

  it('does not take a word whose stem is two letters as a prefix: "ной" finds Noah, not every "новый"', async () => {
    const { items } = await search('ной', { lang: 'ru' });
    expect(items.map((i) => i.title)).toEqual(['Ноев ковчег']);
    // A longer unfinished word still is a prefix.
    expect((await search('ковч', { lang: 'ru' })).items.map((i) => i.title)).toEqual(['Ноев ковчег']);
  });

  it('returns snippets as escaped text whose only markup is <mark>', async () => {
    const { items } = await search('lions');
    expect(items.map((i) => i.title).sort()).toEqual(['Daniel', 'Daniel and the den']);
    for (const item of items) {
      expect(onlyMarks(item.snippet), item.snippet).not.toMatch(/[<>]/);
      expect(item.snippet).toContain('<mark>');
    }
    const pageSnippet = items.find((i) => i.kind === 'page')?.snippet;
    // The page's escaped text stays text: the visitor reads "<script>", the browser runs nothing.
    expect(pageSnippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(pageSnippet).toContain('roar &amp; sleep');
    // A product's description is HTML, as its page shows it: its tags are no words of the snippet, its text is escaped.
    const productSnippet = items.find((i) => i.kind === 'product')?.snippet;
    expect(productSnippet).not.toMatch(/img|onerror|<b>/);
    expect(productSnippet).toContain('&quot;quiet&quot;');
  });

  it('pages the results ten at a time with the total count', async () => {
    const first = await search('parable');
    expect(first).toMatchObject({ page: 1, per_page: 10, count: 12 });
    expect(first.items).toHaveLength(10);
    const second = await search('parable', { page: 2 });
    expect(second).toMatchObject({ page: 2, count: 12 });
    expect(second.items).toHaveLength(2);
    const urls = new Set([...first.items, ...second.items].map((i) => i.url));
    expect(urls.size).toBe(12);
    const past = await search('parable', { page: 3 });
    expect(past).toMatchObject({ page: 3, count: 12, items: [] });
  });

  it('finds nothing, without an error, for an empty query, stop words only or stray operators', async () => {
    for (const q of ['', '   ', 'the', 'noah\'s & | ! ( :* "', '<script>']) {
      const result = await search(q);
      expect(result.items.every((i) => onlyMarks(i.snippet).match(/[<>]/) === null)).toBe(true);
      if (q.trim() === '' || q === 'the') expect(result.count, q).toBe(0);
    }
    // Markup in a query is just words: "<script>" finds the page that shows that text.
    expect((await search('<script>')).items.map((i) => i.url)).toEqual(['/lions']);
    expect((await search('noah\'s & | ! ( :* "')).items.map((i) => i.url)).toContain('/noah');
  });

  it('may be cached publicly, but keyed on what picks the site language (Host, and the flag cookie)', async () => {
    const english = await t.app.inject({ method: 'GET', url: '/crud/search', query: { q: 'noah' } });
    const flagged = await t.app.inject({
      method: 'GET',
      url: '/crud/search',
      query: { q: 'noah' },
      headers: { cookie: 'test_spanish_site=1' },
    });

    expect(english.headers['cache-control']).toBe('public, max-age=60');
    expect(flagged.json().items).not.toEqual(english.json().items);
    for (const res of [english, flagged]) {
      const vary = String(res.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/);
      expect(vary).toEqual(expect.arrayContaining(['host', 'cookie']));
    }
  });

  it('answers 400 for a query that is too long or a bad page', async () => {
    const queries: Record<string, string>[] = [{ q: 'x'.repeat(201) }, { q: 'noah', page: '0' }, { q: 'noah', page: 'abc' }];
    for (const query of queries) {
      const res = await t.app.inject({ method: 'GET', url: '/crud/search', query });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('GET /crud/search: words inside stories (issue 43)', () => {
  /** A track of a new album in `lang` with its transcript; its sku id and album slug. */
  async function toldTrack(
    lang: Lang,
    album: string,
    track: string,
    cues: { start_ms: number; end_ms: number; text: string }[],
    { available = true, hidden = false } = {},
  ) {
    slugs += 1;
    const slug = `search-told-${slugs}`;
    const product = await t.db
      .insertInto('products')
      .values({ slug, title: album, lang_code: lang, is_available: available })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sku = await t.db
      .insertInto('skus')
      .values({
        product_id: product.id,
        type: 'digital_track',
        title: track,
        full_price_cents: 99,
        length_seconds: 60,
        media_full: `audio/${slug}/01.mp3`,
        lang_code: lang,
        is_hidden: hidden,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('transcripts').values({ sku_id: sku.id }).execute();
    await t.db
      .insertInto('transcript_cues')
      .values(cues.map((c, position) => ({ sku_id: sku.id, position, lang_code: lang, ...c })))
      .execute();
    return { skuId: sku.id, slug };
  }

  let ark: { skuId: number; slug: string };
  let whale: { skuId: number; slug: string };

  beforeAll(async () => {
    ark = await toldTrack('es', 'El arca flotante', 'Los animales entran', [
      { start_ms: 0, end_ms: 4000, text: 'Llovió cuarenta días.' },
      { start_ms: 4000, end_ms: 9000, text: 'Entraron dos leones y una ballena.' },
      { start_ms: 9000, end_ms: 12_000, text: 'Los leones rugían de noche.' },
    ]);
    await toldTrack('es', 'Arca retirada', 'Leones escondidos', [{ start_ms: 0, end_ms: 1000, text: 'Un león retirado.' }], {
      available: false,
    });
    await toldTrack('es', 'Arca oculta', 'Pista oculta', [{ start_ms: 0, end_ms: 1000, text: 'Un león oculto.' }], {
      hidden: true,
    });
    whale = await toldTrack('ru', 'Пророк в море', 'Большая рыба', [
      { start_ms: 0, end_ms: 3000, text: 'Иона плыл на корабле.' },
      { start_ms: 3000, end_ms: 7500, text: 'Большой кит проглотил Иону.' },
    ]);
  });

  it('finds a Russian word in a Russian transcript, in another form, naming the story, the track and the sentence', async () => {
    const { items, count } = await search('кита', { lang: 'ru' });
    expect(count).toBe(1);
    expect(items).toEqual([
      {
        kind: 'transcript',
        title: 'Большая рыба',
        url: `/story/${whale.slug}`,
        album_title: 'Пророк в море',
        sku_id: whale.skuId,
        start_ms: 3000,
        snippet: 'Большой <mark>кит</mark> проглотил Иону',
      },
    ]);
  });

  it('finds an inflected Spanish form by its stem, one hit per track, only in published tracks of the site language', async () => {
    // "león" is written "leones" in the story; the Spanish stemmer takes both to "leon".
    const { items } = await search('león', { lang: 'es' });
    expect(items.map((i) => [i.kind, i.title, i.sku_id])).toEqual([['transcript', 'Los animales entran', ark.skuId]]);
    expect(items[0]).toMatchObject({ url: `/story/${ark.slug}`, album_title: 'El arca flotante', start_ms: 4000 });
    expect(items[0]?.snippet).toContain('<mark>leones</mark>');
    // "ballenas" is not in the text at all: the stem "ballen" finds "ballena".
    const whales = await search('ballenas', { lang: 'es' });
    expect(whales.items.map((i) => [i.sku_id, i.start_ms, i.snippet])).toEqual([
      [ark.skuId, 4000, 'Entraron dos leones y una <mark>ballena</mark>'],
    ]);
    expect((await search('leones')).count).toBe(0);
  });

  it('keeps hits of other kinds without a track or a time', async () => {
    const { items } = await search('noah');
    expect(items.every((i) => i.sku_id === null && i.start_ms === null)).toBe(true);
  });
});
