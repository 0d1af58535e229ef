import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cmsAssetUrl } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { demoMediaDir } from '../../config';

const FREE_KEY = 'audio/noahs-big-boat/01.mp3';
const PAID_KEY = 'audio/noahs-big-boat/02.mp3';
const DRAFT_KEY = 'audio/noahs-big-boat/03.mp3';
const free = readFileSync(path.join(demoMediaDir, FREE_KEY));

let t: TestApp;

async function entry(values: {
  url: string;
  lang_code: 'en' | 'es';
  mp3: string;
  status: 'draft' | 'published';
  free_story_title?: string;
}) {
  await t.db
    .insertInto('cms_entries')
    .values({ type: 'free-mp3', title: 'Get a free MP3', ...values })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ webRoot: null });
  await entry({
    url: '/get-a-free-mp3',
    lang_code: 'en',
    mp3: FREE_KEY,
    status: 'published',
    free_story_title: 'Noah’s Big Boat',
  });
  await entry({ url: '/draft-free-mp3', lang_code: 'en', mp3: DRAFT_KEY, status: 'draft' });
  // A paid track's recording, in the catalogue but offered by no CMS page.
  const product = await t.db
    .insertInto('products')
    .values({ slug: 'cms-asset-test', title: 'Asset test', lang_code: 'en' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('skus')
    .values({
      product_id: product.id,
      type: 'digital_track',
      title: 'Paid story',
      full_price_cents: 99,
      length_seconds: 10,
      media_full: PAID_KEY,
      lang_code: 'en',
    })
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('GET /crud/cms-asset/download', () => {
  it("serves a published free-mp3 page's MP3 as a download named after the story", async () => {
    const res = await t.app.inject({ method: 'GET', url: cmsAssetUrl(FREE_KEY) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Noah_s Big Boat.mp3"; filename*=UTF-8''Noah%E2%80%99s%20Big%20Boat.mp3`,
    );
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(free)).toBe(true);
  });

  it('serves byte ranges (206) and HEAD, for players and resumed downloads', async () => {
    const res = await t.app.inject({ method: 'GET', url: cmsAssetUrl(FREE_KEY), headers: { range: 'bytes=0-99' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${free.length}`);
    expect(res.rawPayload.equals(free.subarray(0, 100))).toBe(true);

    const head = await t.app.inject({ method: 'HEAD', url: cmsAssetUrl(FREE_KEY) });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(free.length);
  });

  it('refuses anything a published CMS entry does not offer: 404 item_not_found', async () => {
    for (const key of [PAID_KEY, DRAFT_KEY, '../../package.json', 'audio/../../../server/package.json', 'nothing/here.mp3']) {
      const res = await t.app.inject({ method: 'GET', url: cmsAssetUrl(key) });
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual({ code: 'item_not_found', message: 'We could not find that item.' });
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    const es = await t.app.inject({ method: 'GET', url: `${cmsAssetUrl(PAID_KEY)}&test_spanish_site=1` });
    expect(es.statusCode).toBe(404);
    expect(es.json().code).toBe('item_not_found');
    expect(es.json().message).not.toBe('We could not find that item.');
  });

  it('stops serving a file once its page is unpublished', async () => {
    await entry({ url: '/temporary-free-mp3', lang_code: 'es', mp3: PAID_KEY, status: 'published' });
    expect((await t.app.inject({ method: 'HEAD', url: cmsAssetUrl(PAID_KEY) })).statusCode).toBe(200);
    // With no CMS name, the catalogue track in the same file names the download.
    const named = await t.app.inject({ method: 'HEAD', url: cmsAssetUrl(PAID_KEY) });
    expect(named.headers['content-disposition']).toContain('filename="Paid story.mp3"');
    await t.db.updateTable('cms_entries').set({ status: 'draft' }).where('url', '=', '/temporary-free-mp3').execute();
    expect((await t.app.inject({ method: 'HEAD', url: cmsAssetUrl(PAID_KEY) })).statusCode).toBe(404);
  });

  it('answers 400 without a url', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/cms-asset/download' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});
