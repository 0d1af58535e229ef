import { imageWidths } from '@storyhouse/contracts';
import { FIRST_DATA_ELEMENT_ID, type FirstData } from '@storyhouse/contracts/first-data';
import { imageSizes } from '@storyhouse/contracts/image-srcset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCmsEntry } from '../../../test/factories';

// Decision 014: a page carries the answers its first render asks the API for.
let t: TestApp;
beforeAll(async () => {
  // Time enough for every answer on a busy machine: what a late one does is first-data.unit.test.ts's.
  t = await createTestApp({ seed: true, env: { FIRST_DATA_WAIT_MS: '5000' } });
});
afterAll(() => t.close());

const firstDataOf = (html: string): FirstData => {
  const text = new RegExp(`<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1];
  if (text === undefined) throw new Error('no first data in the page');
  return JSON.parse(text) as FirstData;
};

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, data: firstDataOf(res.body) };
};

/** Every embedded answer is what the API answers for its path, to the same visitor, status and body. */
async function expectSameAsApi(data: FirstData, headers: Record<string, string> = {}) {
  for (const [path, answer] of Object.entries(data)) {
    const res = await t.app.inject({ method: 'GET', url: path, headers });
    expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: res.statusCode, body: res.json() });
  }
}

describe('the answers a page embeds for its first render', () => {
  it('are, on the home page, the shell’s calls, the page, its promoted albums and stories and every image’s copies', async () => {
    const { status, data } = await page('/');
    expect(status).toBe(200);
    const paths = Object.keys(data);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/crud/session',
        '/crud/cart-session/skus/quantity',
        '/crud/content/entry/list/site-navigation',
        '/crud/content/entry/by/url?swr=1&url=%2F',
        '/crud/promoted-sku/recommended-albums/en',
        '/crud/promoted-sku/top-stories/en',
        '/crud/free-story/en?swr=1',
      ]),
    );
    // The recommended albums' covers and the Kids Corner pictures.
    expect(paths.filter((p) => p.startsWith('/crud/image/resize-multiple?')).length).toBeGreaterThanOrEqual(4);
    await expectSameAsApi(data);
  });

  it('are exactly what the API answers on the Spanish site, the shop, a story, free streaming, subscriptions and a CMS subpage', async () => {
    for (const [url, headers] of [
      ['/', { host: 'es.localhost' }],
      ['/shop?page=1&search=noah', {}],
      ['/story/david-the-shepherd-boy', {}],
      ['/free-streaming', {}],
      ['/subscription', {}],
      ['/suscripcion', { host: 'es.localhost' }],
      ['/privacy', {}],
      ['/apoyar', { host: 'es.localhost' }],
      ['/gift-card', {}],
    ] as const) {
      const { status, data } = await page(url, headers);
      expect(status, url).toBe(200);
      expect(Object.keys(data).length, url).toBeGreaterThan(3);
      await expectSameAsApi(data, headers);
    }
  });

  it('include, on a home page without a header image, its hero: the free story’s cover, preloaded at the cover widths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const story = firstDataOf(res.body)['/crud/free-story/en?swr=1']?.body as { primary_image: string };
    const key = `/crud/image/resize-multiple?${new URLSearchParams({ 'options[0][width]': '400', 'options[1][width]': '800', url: story.primary_image })}`;
    const copies = firstDataOf(res.body)[key]?.body as { resized_url: string; width: number }[];
    expect(copies.map((c) => c.width)).toEqual([...imageWidths.cover]);
    const preload = /<link rel="preload" as="image" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high">/.exec(
      res.body,
    );
    expect(preload?.[1]?.replaceAll('&amp;', '&')).toBe(copies.map((c) => `${c.resized_url} ${c.width}w`).join(', '));
    expect(preload?.[2]).toBe(imageSizes.cover);
  });

  it('carry the shop’s page and search from the address, the story’s product and the subscription plans', async () => {
    const shop = await page('/shop?search=%20noah%20&page=1');
    expect(Object.keys(shop.data)).toContain('/crud/product/skus?available=1&lang_code=en&page=1&search=noah');
    const young = await page('/shop?age_band=3-5&sort=length');
    expect(young.data['/crud/product/skus?age_band=3-5&available=1&lang_code=en&page=1&sort=length']).toMatchObject({
      status: 200,
      body: { items: [{ slug: 'the-first-christmas', age_band: '3-5' }, { slug: 'noahs-big-boat' }] },
    });
    // What the shop does not offer, its screen leaves out of its call: so does the page's first data.
    const unknown = await page('/shop?age_band=4-6&sort=cheapest');
    expect(Object.keys(unknown.data)).toContain('/crud/product/skus?available=1&lang_code=en&page=1');
    const story = await page('/story/david-the-shepherd-boy');
    expect(story.data['/crud/product-by-slug/david-the-shepherd-boy/skus']).toMatchObject({
      status: 200,
      body: { slug: 'david-the-shepherd-boy' },
    });
    // The subscription page's plans, and the cart lines its Add to cart buttons read.
    const subscription = await page('/subscription');
    expect(subscription.data['/crud/subscription-skus']).toMatchObject({
      status: 200,
      body: { items: [{ code: 'monthly' }, { code: 'annual' }] },
    });
    expect(subscription.data['/crud/cart-session/skus']).toEqual({ status: 200, body: [] });
    // The gift card page's form is blocked by a gift card in the cart: its lines come with it.
    const giftCard = await page('/gift-card');
    expect(giftCard.data['/crud/cart-session/skus']).toEqual({ status: 200, body: [] });
  });

  it('say "not found" for a path the CMS does not have, as the API would, and the page is a 404', async () => {
    const { status, data } = await page('/no-such-page');
    expect(status).toBe(404);
    expect(data['/crud/content/entry/by/url?swr=1&url=%2Fno-such-page']).toMatchObject({
      status: 404,
      body: { code: 'page_not_found' },
    });
    await expectSameAsApi(data);
    const story = await page('/story/no-such-story');
    expect(story.status).toBe(404);
    expect(story.data['/crud/product-by-slug/no-such-story/skus']).toMatchObject({
      status: 404,
      body: { code: 'item_not_found' },
    });
  });

  it('are the signed-in visitor’s own: their session and their cart', async () => {
    const add = await t.app.inject({ method: 'POST', url: '/crud/cart-session/skus', payload: { sku_id: 1, quantity: 1 } });
    expect(add.statusCode).toBe(200);
    const cookie = add.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { data } = await page('/', { cookie });
    expect(data['/crud/cart-session/skus/quantity']).toEqual({ status: 200, body: { quantity: 1 } });
    await expectSameAsApi(data, { cookie });
  });

  it('can hold no text that ends the script element, whatever the CMS page says', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    await createCmsEntry(t.db, { url: '/evil', type: 'basic-subpage', title: evil, description: evil });
    const res = await t.app.inject({ method: 'GET', url: '/evil' });
    const script = new RegExp(`<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(
      res.body,
    )?.[1];
    expect(script).not.toContain('<');
    const data = firstDataOf(res.body);
    expect(data['/crud/content/entry/by/url?swr=1&url=%2Fevil']?.body).toMatchObject({ cms_entry: { title: evil } });
  });
});
