import type {
  AdminProduct,
  AdminProductsResponse,
  AdminPromoted,
  AuditResponse,
  MyLibraryResponse,
  Product,
  ProductListResponse,
  ProductsResponse,
  TopStoriesResponse,
} from '@storyhouse/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createUser, signIn } from '../../../test/factories';
import { payCart } from '../../../test/payments-client';

/** Issue 30 item 1: the catalogue edited in the back office, read back through the storefront's own calls. */
let t: TestApp;
let admin: Caller;
let visitor: Caller;

type Method = 'GET' | 'POST' | 'PUT';
type Caller = (method: Method, url: string, payload?: object) => Promise<LightMyRequestResponse>;
const caller =
  (cookie?: string, host?: string): Caller =>
  (method, url, payload) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { ...(cookie ? { cookie } : {}), ...(host ? { host } : {}) },
    });

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_HOSTS_ES: 'es.example.org' } });
  const user = await createUser(t.db, { email: 'catalogue-admin@example.test', password: 'edits-the-shop', is_admin: true });
  admin = caller(await signIn(t.db, user.id));
  visitor = caller();
});
afterAll(() => t.close());

let slugs = 0;
const newSlug = (stem: string) => `${stem}-${++slugs}`;

const productBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Jonah and the great fish',
  slug: newSlug('jonah'),
  description: '<p>A prophet runs, and <strong>God</strong> follows.</p>',
  lang_code: 'en',
  primary_image: 'covers/jonah.jpg',
  release_date: '2026-03-01',
  ...overrides,
});

const trackBody = (updated_at: string, overrides: Record<string, unknown> = {}) => ({
  updated_at,
  type: 'digital_track',
  title: 'Into the storm',
  full_price_usd: 1.29,
  media_full: 'tracks/jonah-1.mp3',
  length_seconds: 312,
  ...overrides,
});

async function newProduct(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const res = await admin('POST', '/crud/admin/products', productBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function audit(action: string) {
  return ((await admin('GET', `/crud/admin/audit?action=${action}`)).json() as AuditResponse).items;
}

describe('a product made in the back office', () => {
  it('shows in the shop and on its page in its language, with its album, track and sale price', async () => {
    const made = await newProduct({ title: 'Jonás y el gran pez', slug: 'jonas-y-el-gran-pez', lang_code: 'es' });
    expect(made).toMatchObject({ slug: 'jonas-y-el-gran-pez', lang_code: 'es', is_available: true, skus: [], in_orders: false });

    const album = await admin('POST', `/crud/admin/products/${made.id}/skus`, {
      updated_at: made.updated_at,
      type: 'digital_album',
      title: 'Jonás y el gran pez',
      full_price_usd: 8.99,
      sale_price_usd: 6.5,
    });
    expect(album.statusCode, album.body).toBe(200);
    const withAlbum = album.json() as AdminProduct;
    const track = await admin(
      'POST',
      `/crud/admin/products/${made.id}/skus`,
      trackBody(withAlbum.updated_at, { title: 'La tormenta' }),
    );
    expect(track.statusCode, track.body).toBe(200);
    expect((track.json() as AdminProduct).skus.map((s) => [s.type, s.title, s.sale_price_usd])).toEqual([
      ['digital_album', 'Jonás y el gran pez', 6.5],
      ['digital_track', 'La tormenta', null],
    ]);

    const shop = (await visitor('GET', '/crud/product/skus?lang_code=es&search=Jon%C3%A1s')).json() as ProductListResponse;
    const listed = shop.items.find((p) => p.id === made.id);
    expect(listed?.digitalAlbumPrice).toEqual({ original: 8.99, salePrice: 6.5, onSale: true });
    expect(listed?.tracks.map((tr) => [tr.title, tr.length_seconds])).toEqual([['La tormenta', 312]]);
    const english = (await visitor('GET', '/crud/product/skus?lang_code=en')).json() as ProductListResponse;
    expect(english.items.map((p) => p.id)).not.toContain(made.id);

    const page = (await visitor('GET', '/crud/product-by-slug/jonas-y-el-gran-pez/skus')).json() as Product;
    expect(page).toMatchObject({
      title: 'Jonás y el gran pez',
      primary_image: '/media/covers/jonah.jpg',
      release_date: '2026-03-01',
    });

    const created = await audit('product.create');
    expect(created[0]).toMatchObject({
      target: 'product jonas-y-el-gran-pez',
      target_kind: 'product',
      details: { product_id: made.id, lang_code: 'es' },
    });
    expect((await audit('sku.create')).slice(0, 2).map((e) => e.details.type)).toEqual(['digital_track', 'digital_album']);
  });

  it('refuses a slug another product has, one of markup, and answers in the site language', async () => {
    const first = await newProduct();
    const taken = await admin('POST', '/crud/admin/products', productBody({ slug: first.slug }));
    expect([taken.statusCode, taken.json().code, taken.json().fields]).toEqual([
      409,
      'slug_taken',
      { slug: 'Another product has or had this address' },
    ]);
    const markup = await admin('POST', '/crud/admin/products', productBody({ slug: '<b>jonah</b>' }));
    expect([markup.statusCode, markup.json().fields.slug]).toEqual([
      400,
      'Use lower-case letters, digits and single dashes (like noahs-big-boat)',
    ]);
    const inSpanish = await t.app.inject({
      method: 'POST',
      url: '/crud/admin/products',
      payload: productBody({ slug: 'Con Espacios' }),
      headers: { host: 'es.example.org', cookie: (await adminCookie()) as string },
    });
    expect(inSpanish.json().fields.slug).toBe('Usa minúsculas, números y guiones sueltos (como el-arca-de-noe)');
  });

  it('refuses scripts, event attributes and javascript: links in a description, and keeps what is safe', async () => {
    for (const description of [
      '<p>Hi</p><script>alert(1)</script>',
      '<p onclick="steal()">Hi</p>',
      '<a href="javascript:alert(1)">Hi</a>',
      '<a href="jav&#x61;script:alert(1)">Hi</a>',
    ]) {
      const res = await admin('POST', '/crud/admin/products', productBody({ description }));
      expect([res.statusCode, res.json().fields?.description], description).toEqual([
        400,
        'Scripts, event attributes and javascript: links are not allowed',
      ]);
    }
    const safe = await newProduct({ description: '<p>Read <a href="https://example.org">more</a></p>' });
    expect(safe.description).toContain('href="https://example.org"');
  });
});

describe('prices', () => {
  it('refuses a price below 0 or above $10,000, and a sale price not below the full price, writing nothing', async () => {
    const p = await newProduct();
    const bad: [Record<string, unknown>, string, string][] = [
      [{ full_price_usd: -1 }, 'full_price_usd', 'The smallest amount is $0'],
      [{ full_price_usd: 10_000.01 }, 'full_price_usd', 'Must be at most 10000'],
      [{ full_price_usd: 5, sale_price_usd: 7 }, 'sale_price_usd', 'Must be lower than the full price'],
      [{ full_price_usd: 1.234 }, 'full_price_usd', 'Use at most two decimal places'],
    ];
    for (const [prices, field, message] of bad) {
      const res = await admin('POST', `/crud/admin/products/${p.id}/skus`, {
        updated_at: p.updated_at,
        type: 'physical',
        title: 'CD',
        ...prices,
      });
      expect([res.statusCode, res.json().fields?.[field]], JSON.stringify(prices)).toEqual([400, message]);
    }
    const after = (await admin('GET', `/crud/admin/products/${p.id}`)).json() as AdminProduct;
    expect([after.skus, after.updated_at]).toEqual([[], p.updated_at]);
  });

  it('puts a CD on sale, ships it free, hides it and shows it again', async () => {
    const p = await newProduct();
    let product = (
      await admin('POST', `/crud/admin/products/${p.id}/skus`, {
        updated_at: p.updated_at,
        type: 'physical',
        title: 'CD',
        full_price_usd: 12,
      })
    ).json() as AdminProduct;
    const cd = product.skus[0]!;
    const edit = (body: Record<string, unknown>) =>
      admin('PUT', `/crud/admin/products/${p.id}/skus/${cd.id}`, {
        updated_at: product.updated_at,
        type: 'physical',
        title: 'CD',
        full_price_usd: 12,
        ...body,
      });
    let res = await edit({ sale_price_usd: 9.5, is_shipped_free: true });
    expect(res.statusCode, res.body).toBe(200);
    product = res.json();
    let page = (await visitor('GET', `/crud/product/${p.id}/skus`)).json() as Product;
    expect([page.physicalAlbumPrice, page.physicalAlbumIsShippedFree]).toEqual([
      { original: 12, salePrice: 9.5, onSale: true },
      true,
    ]);

    res = await edit({ is_hidden: true });
    product = res.json();
    page = (await visitor('GET', `/crud/product/${p.id}/skus`)).json() as Product;
    expect(page.physicalAlbum).toBeNull();
    expect((await audit('sku.update'))[0]?.details).toMatchObject({ sku_id: cd.id, is_hidden: true });
    product = (await edit({ is_hidden: false })).json();
    page = (await visitor('GET', `/crud/product/${p.id}/skus`)).json() as Product;
    expect(page.physicalAlbum?.price_usd).toBe(12);

    const twice = await admin('POST', `/crud/admin/products/${p.id}/skus`, {
      updated_at: product.updated_at,
      type: 'physical',
      title: 'CD again',
      full_price_usd: 3,
    });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'sku_format_taken']);
  });
});

describe('two admins editing one product', () => {
  it('tells the second save the product changed (409) and never overwrites the first', async () => {
    const p = await newProduct({ title: 'Ruth' });
    const first = await admin('PUT', `/crud/admin/products/${p.id}`, {
      ...productBody({ slug: p.slug }),
      title: 'Ruth and Naomi',
      updated_at: p.updated_at,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await admin('PUT', `/crud/admin/products/${p.id}`, {
      ...productBody({ slug: p.slug }),
      title: 'Ruth the Moabite',
      updated_at: p.updated_at,
    });
    expect([second.statusCode, second.json().code]).toEqual([409, 'product_changed']);
    const track = await admin('POST', `/crud/admin/products/${p.id}/skus`, trackBody(p.updated_at));
    expect(track.statusCode).toBe(409);
    const now = (await admin('GET', `/crud/admin/products/${p.id}`)).json() as AdminProduct;
    expect([now.title, now.skus.length, now.updated_at]).toEqual(['Ruth and Naomi', 0, first.json().updated_at]);
    expect((await audit('product.update'))[0]?.details).toMatchObject({ product_id: p.id, fields: 'title' });
  });
});

describe('the ages a product is for, and its length', () => {
  it('saves an age band with the other fields: audited, shown in the shop, refused when unknown or stale', async () => {
    const p = await newProduct({ title: 'Little Lamb' });
    expect([p.age_band, p.length_minutes]).toEqual([null, null]);

    const saved = await admin('PUT', `/crud/admin/products/${p.id}`, {
      ...productBody({ slug: p.slug, title: 'Little Lamb' }),
      age_band: '0-2',
      updated_at: p.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as AdminProduct).age_band).toBe('0-2');
    expect((await audit('product.update'))[0]?.details).toMatchObject({ product_id: p.id, fields: 'age_band' });
    const page = (await visitor('GET', `/crud/product/${p.id}/skus`)).json() as Product;
    expect(page.age_band).toBe('0-2');
    const toddlers = (await visitor('GET', '/crud/product/skus?age_band=0-2')).json() as ProductListResponse;
    expect(toddlers.items.map((i) => i.id)).toContain(p.id);

    const unknown = await admin('PUT', `/crud/admin/products/${p.id}`, {
      ...productBody({ slug: p.slug }),
      age_band: '13-17',
      updated_at: saved.json().updated_at,
    });
    expect([unknown.statusCode, unknown.json().code, Object.keys(unknown.json().fields)]).toEqual([
      400,
      'validation_failed',
      ['age_band'],
    ]);
    const stale = await admin('PUT', `/crud/admin/products/${p.id}`, {
      ...productBody({ slug: p.slug, title: 'Little Lamb' }),
      age_band: '9-12',
      updated_at: p.updated_at,
    });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'product_changed']);
    const now = (await admin('GET', `/crud/admin/products/${p.id}`)).json() as AdminProduct;
    expect([now.age_band, now.updated_at]).toEqual(['0-2', saved.json().updated_at]);

    const everyone = await admin('PUT', `/crud/admin/products/${p.id}`, {
      ...productBody({ slug: p.slug, title: 'Little Lamb' }),
      age_band: null,
      updated_at: now.updated_at,
    });
    expect((everyone.json() as AdminProduct).age_band).toBeNull();
  });

  it('shows the length its tracks add up to, following each track added, edited or hidden', async () => {
    const p = await newProduct();
    const lengths = async (product: AdminProduct) => {
      const shop = (await visitor('GET', `/crud/product/${p.id}/skus`)).json() as Product;
      return [product.length_minutes, shop.length_minutes];
    };
    let product = (await admin('POST', `/crud/admin/products/${p.id}/skus`, trackBody(p.updated_at))).json() as AdminProduct;
    expect(await lengths(product)).toEqual([5, 5]); // 312 s

    product = (
      await admin('POST', `/crud/admin/products/${p.id}/skus`, trackBody(product.updated_at, { length_seconds: 100 }))
    ).json();
    expect(await lengths(product)).toEqual([7, 7]); // 412 s

    const second = product.skus.find((s) => s.length_seconds === 100)!;
    const edit = (body: Record<string, unknown>) =>
      admin('PUT', `/crud/admin/products/${p.id}/skus/${second.id}`, trackBody(product.updated_at, body));
    product = (await edit({ length_seconds: 700 })).json();
    expect(await lengths(product)).toEqual([17, 17]); // 1012 s
    product = (await edit({ length_seconds: 700, is_hidden: true })).json();
    expect(await lengths(product)).toEqual([5, 5]); // a hidden track is not heard
  });
});

describe('a renamed product', () => {
  it('keeps its old address: the page 301s to the new one, the API answers the canonical slug, and no other product takes it', async () => {
    const p = await newProduct({ slug: 'daniel-lions' });
    const renamed = await admin('PUT', `/crud/admin/products/${p.id}`, {
      ...productBody({ slug: 'daniel-in-the-lions-den' }),
      updated_at: p.updated_at,
    });
    expect(renamed.json()).toMatchObject({ slug: 'daniel-in-the-lions-den', old_slugs: ['daniel-lions'] });

    const page = await visitor('GET', '/story/daniel-lions?ref=mail');
    expect([page.statusCode, page.headers.location, page.headers['cache-control']]).toEqual([
      301,
      '/story/daniel-in-the-lions-den?ref=mail',
      'no-cache',
    ]);
    expect((await visitor('GET', '/story/daniel-in-the-lions-den')).statusCode).toBe(200);
    const api = (await visitor('GET', '/crud/product-by-slug/daniel-lions/skus')).json() as Product;
    expect([api.id, api.slug]).toEqual([p.id, 'daniel-in-the-lions-den']);

    const other = await admin('POST', '/crud/admin/products', productBody({ slug: 'daniel-lions' }));
    expect([other.statusCode, other.json().code]).toEqual([409, 'slug_taken']);

    // Renamed back: the old address is the page again, and the other one redirects.
    const back = await admin('PUT', `/crud/admin/products/${p.id}`, {
      ...productBody({ slug: 'daniel-lions' }),
      updated_at: (renamed.json() as AdminProduct).updated_at,
    });
    expect(back.json()).toMatchObject({ slug: 'daniel-lions', old_slugs: ['daniel-in-the-lions-den'] });
    expect((await visitor('GET', '/story/daniel-lions')).statusCode).toBe(200);
    expect((await visitor('GET', '/story/daniel-in-the-lions-den')).headers.location).toBe('/story/daniel-lions');
    expect((await audit('product.update'))[1]).toMatchObject({
      target: 'product daniel-in-the-lions-den',
      details: { old_slug: 'daniel-lions' },
    });
  });
});

describe('withdrawing a product', () => {
  let family: CartVisitor;
  beforeAll(async () => {
    await createUser(t.db, { email: 'catalogue-family@example.test', password: 'listen-along' });
    family = await logIn(t.app, { email: 'catalogue-family@example.test', password: 'listen-along' });
  });

  it('stops selling it, while the family that bought it keeps it in their library', async () => {
    let p = await newProduct({ title: 'Esther' });
    p = (
      await admin('POST', `/crud/admin/products/${p.id}/skus`, {
        updated_at: p.updated_at,
        type: 'digital_album',
        title: 'Esther',
        full_price_usd: 5,
      })
    ).json();
    p = (await admin('POST', `/crud/admin/products/${p.id}/skus`, trackBody(p.updated_at))).json();
    const albumSku = p.skus[0]!.id;
    expect((await family.add(albumSku)).statusCode).toBe(200);
    await payCart(family);

    const read = (await admin('GET', `/crud/admin/products/${p.id}`)).json() as AdminProduct;
    expect(read.in_orders).toBe(true);
    const withdrawn = await admin('POST', `/crud/admin/products/${p.id}/withdraw`, { updated_at: read.updated_at });
    expect(withdrawn.json()).toMatchObject({ is_available: false });

    const page = (await visitor('GET', `/crud/product/${p.id}/skus`)).json() as Product;
    expect([page.is_available, page.digitalAlbum?.is_available]).toEqual([false, false]);
    const buyer = caller();
    expect((await buyer('POST', '/crud/cart-session/skus', { sku_id: albumSku, quantity: 1 })).json().code).toBe(
      'sku_not_available',
    );
    const library = (await family.send('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    expect(library.items.find((a) => a.id === p.id)?.tracks.map((tr) => tr.title)).toEqual(['Into the storm']);
    const available = (await admin('GET', '/crud/admin/products?status=withdrawn&search=Esther')).json() as AdminProductsResponse;
    expect(available.items.map((r) => r.id)).toEqual([p.id]);
    expect((await audit('product.withdraw'))[0]).toMatchObject({ details: { product_id: p.id } });
  });
});

describe('tracks in order', () => {
  it('reorders every track of the product, and refuses a list that is not all of them', async () => {
    let p = await newProduct();
    for (const title of ['One', 'Two', 'Three']) {
      p = (await admin('POST', `/crud/admin/products/${p.id}/skus`, trackBody(p.updated_at, { title }))).json();
    }
    const [one, two, three] = p.skus.map((s) => s.id) as [number, number, number];
    const partial = await admin('PUT', `/crud/admin/products/${p.id}/track-order`, {
      updated_at: p.updated_at,
      sku_ids: [one, two],
    });
    expect(partial.statusCode).toBe(400);
    const moved = await admin('PUT', `/crud/admin/products/${p.id}/track-order`, {
      updated_at: p.updated_at,
      sku_ids: [two, three, one],
    });
    expect((moved.json() as AdminProduct).skus.map((s) => s.title)).toEqual(['Two', 'Three', 'One']);
    const page = (await visitor('GET', `/crud/product/${p.id}/skus`)).json() as Product;
    expect(page.tracks.map((tr) => tr.title)).toEqual(['Two', 'Three', 'One']);
  });
});

describe('the home page’s promoted lists', () => {
  it('sets a language’s recommended albums and top stories in order, and refuses skus of another kind or language', async () => {
    let ru = await newProduct({ title: 'Ной', lang_code: 'ru' });
    ru = (
      await admin('POST', `/crud/admin/products/${ru.id}/skus`, {
        updated_at: ru.updated_at,
        type: 'digital_album',
        title: 'Ной',
        full_price_usd: 7,
      })
    ).json();
    ru = (await admin('POST', `/crud/admin/products/${ru.id}/skus`, trackBody(ru.updated_at, { title: 'Ковчег' }))).json();
    const [album, track] = ru.skus.map((s) => s.id) as [number, number];

    const wrong = await admin('PUT', '/crud/admin/promoted/ru', { recommended_albums: [track], top_stories: [] });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'promoted_sku_invalid']);
    const otherLanguage = await admin('PUT', '/crud/admin/promoted/en', { recommended_albums: [album], top_stories: [] });
    expect(otherLanguage.statusCode).toBe(400);

    const set = await admin('PUT', '/crud/admin/promoted/ru', { recommended_albums: [album], top_stories: [track] });
    expect((set.json() as AdminPromoted).recommended_albums.map((a) => a.product_title)).toEqual(['Ной']);
    const home = (await visitor('GET', '/crud/promoted-sku/recommended-albums/ru')).json() as ProductsResponse;
    expect(home.items.map((p) => p.id)).toEqual([ru.id]);
    const top = (await visitor('GET', '/crud/promoted-sku/top-stories/ru')).json() as TopStoriesResponse;
    expect(top.items.map((s) => s.title)).toEqual(['Ковчег']);
    // The lists by title in the audit log, as the volunteer chose them, not by sku ids.
    expect((await audit('promoted.update'))[0]).toMatchObject({
      target: 'promoted ru',
      details: { recommended_albums: 'Ной', top_stories: 'Ковчег (Ной)' },
    });

    await admin('PUT', '/crud/admin/promoted/ru', { recommended_albums: [], top_stories: [] });
    expect(((await visitor('GET', '/crud/promoted-sku/recommended-albums/ru')).json() as ProductsResponse).items).toEqual([]);
  });
});

describe('who may edit', () => {
  it('is an admin acting as themself: 401 for a visitor, 403 for a family and for an admin impersonating', async () => {
    const p = await newProduct();
    const family = await createUser(t.db, { email: 'not-an-admin@example.test' });
    const familyCall = caller(await signIn(t.db, family.id));
    const calls: [Method, string, object?][] = [
      ['GET', '/crud/admin/products'],
      ['POST', '/crud/admin/products', productBody()],
      ['PUT', `/crud/admin/products/${p.id}`, { ...productBody(), updated_at: p.updated_at }],
      ['POST', `/crud/admin/products/${p.id}/skus`, trackBody(p.updated_at)],
      ['POST', `/crud/admin/products/${p.id}/withdraw`, { updated_at: p.updated_at }],
      ['PUT', '/crud/admin/promoted/en', { recommended_albums: [], top_stories: [] }],
    ];
    for (const [method, url, body] of calls) {
      expect((await visitor(method, url, body)).statusCode, url).toBe(401);
      expect((await familyCall(method, url, body)).json().code, url).toBe('forbidden');
    }
    const masquerading = await createUser(t.db, { is_admin: true });
    const asFamily = caller(await signIn(t.db, family.id, { masqueradeAdminId: masquerading.id }));
    expect((await asFamily('POST', '/crud/admin/products', productBody())).statusCode).toBe(403);
    const unchanged = (await admin('GET', `/crud/admin/products/${p.id}`)).json() as AdminProduct;
    expect(unchanged.updated_at).toBe(p.updated_at);
  });
});

async function adminCookie() {
  const user = await createUser(t.db, { is_admin: true });
  return signIn(t.db, user.id);
}

describe('a published edit on every instance', () => {
  it('shows at once on the instance that saved it, and on another within the listing cache’s time', async () => {
    // Two instances over one database, each with its own listing cache (CATALOGUE_CACHE_MS).
    const env = { CATALOGUE_CACHE_MS: '1500' };
    const [one, other] = [await createTestApp({ database: t.database, env }), await createTestApp({ database: t.database, env })];
    try {
      const user = await createUser(t.db, { is_admin: true });
      const cookie = await signIn(t.db, user.id);
      const made = (
        await one.app.inject({
          method: 'POST',
          url: '/crud/admin/products',
          payload: productBody({ title: 'Gideon' }),
          headers: { cookie },
        })
      ).json() as AdminProduct;
      const listed = async (app: TestApp) => {
        const res = await app.app.inject({ method: 'GET', url: '/crud/product/skus?lang_code=en&search=Gideon' });
        return (res.json() as ProductListResponse).items.map((p) => p.title);
      };
      expect([await listed(one), await listed(other)]).toEqual([['Gideon'], ['Gideon']]);

      const renamed = await one.app.inject({
        method: 'PUT',
        url: `/crud/admin/products/${made.id}`,
        payload: { ...productBody({ slug: made.slug, title: 'Gideon and the trumpets' }), updated_at: made.updated_at },
        headers: { cookie },
      });
      expect(renamed.statusCode).toBe(200);
      expect(await listed(one)).toEqual(['Gideon and the trumpets']);
      // The other instance answered from its cache a moment ago: it may still, but not past the cache's time.
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect(await listed(other)).toEqual(['Gideon and the trumpets']);
    } finally {
      await one.app.close();
      await other.app.close();
    }
  });
});

describe('the free story of the week', () => {
  it('is the track chosen for its language from a day on', async () => {
    let p = await newProduct({ title: 'Samuel', lang_code: 'es' });
    p = (
      await admin(
        'POST',
        `/crud/admin/products/${p.id}/skus`,
        trackBody(p.updated_at, { title: 'Samuel escucha', story_of_the_week_from: '2025-01-06' }),
      )
    ).json();
    expect(p.skus[0]?.story_of_the_week_from).toBe('2025-01-06');
    const story = await visitor('GET', '/crud/free-story/es');
    expect(story.json()).toMatchObject({ id: p.skus[0]?.id, title: 'Samuel escucha', product_title: 'Samuel' });
    const notATrack = await admin('POST', `/crud/admin/products/${p.id}/skus`, {
      updated_at: p.updated_at,
      type: 'book',
      title: 'Samuel',
      full_price_usd: 4,
      story_of_the_week_from: '2025-01-06',
    });
    expect([notATrack.statusCode, Object.keys(notATrack.json().fields ?? {})]).toEqual([400, ['story_of_the_week_from']]);
  });
});
