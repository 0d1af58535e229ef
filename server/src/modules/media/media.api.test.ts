import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AdminProduct, adminMediaPaths, mediaPaths } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';
import { tablesRead } from '../../../test/query-plan';
import { demoMediaDir } from '../../config';
import type { Db } from '../../db/database';
import { versionedTables } from '../entitlements/family-tag';
import { readTrackQuery } from './media.repository';

const FULL_KEY = 'audio/noahs-big-boat/01.mp3';
const PREVIEW_KEY = 'audio/noahs-big-boat/01-preview.mp3';
const full = readFileSync(path.join(demoMediaDir, FULL_KEY));
const preview = readFileSync(path.join(demoMediaDir, PREVIEW_KEY));

let slugs = 0;

/** An album with one track per entry, all pointing at the same demo recording; returns the track sku ids. */
async function album(
  db: Db,
  { freeStreaming = false, tracks }: { freeStreaming?: boolean; tracks: { isFree: boolean; title?: string }[] },
) {
  slugs += 1;
  const product = await db
    .insertInto('products')
    .values({ slug: `media-test-${slugs}`, title: `Media test ${slugs}`, lang_code: 'en', is_free_streaming: freeStreaming })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, track] of tracks.entries()) {
    const sku = await db
      .insertInto('skus')
      .values({
        product_id: product.id,
        type: 'digital_track',
        title: track.title ?? `Track ${i + 1}`,
        full_price_cents: 99,
        position: i,
        length_seconds: 12,
        is_free: track.isFree,
        media_full: FULL_KEY,
        media_preview: PREVIEW_KEY,
        lang_code: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(sku.id);
  }
  return { productId: product.id, trackIds: ids };
}

describe('track streams', () => {
  let t: TestApp;
  let freeTrack: number;
  let paidTrack: number;
  let freeStreamingTrack: number;
  let albumSku: number;

  beforeAll(async () => {
    t = await createTestApp();
    const paidAlbum = await album(t.db, { tracks: [{ isFree: true }, { isFree: false }] });
    [freeTrack, paidTrack] = paidAlbum.trackIds as [number, number];
    [freeStreamingTrack] = (await album(t.db, { freeStreaming: true, tracks: [{ isFree: false }] })).trackIds as [number];
    albumSku = (
      await t.db
        .insertInto('skus')
        .values({ product_id: paidAlbum.productId, type: 'digital_album', title: 'Whole album', full_price_cents: 499 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('who may listen', () => {
    it('plays a free track in full for a visitor', async () => {
      const res = await get(mediaPaths.trackFull(freeTrack));

      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(full)).toBe(true);
    });

    it('plays every track of a free-streaming album in full', async () => {
      const res = await get(mediaPaths.trackFull(freeStreamingTrack));

      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(full)).toBe(true);
    });

    it('refuses the full recording of a paid track, to a visitor and to a signed-in listener who does not own it', async () => {
      const visitor = await get(mediaPaths.trackFull(paidTrack));
      const cookie = await signIn(t.db, (await createUser(t.db)).id);
      const member = await get(mediaPaths.trackFull(paidTrack), { cookie });

      for (const res of [visitor, member]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 'not_entitled', message: expect.stringContaining('preview') });
      }
    });

    it('stops playing an owned track at the next range once it is refunded', async () => {
      const owner = await createUser(t.db);
      const cookie = await signIn(t.db, owner.id);
      await t.db.insertInto('ownership').values({ user_id: owner.id, sku_id: paidTrack, type: 'digital_track' }).execute();
      const range = (from: number) => get(mediaPaths.trackFull(paidTrack), { cookie, range: `bytes=${from}-${from + 65_535}` });

      const first = await range(0);
      expect(first.statusCode).toBe(206);
      expect(first.rawPayload.equals(full.subarray(0, 65_536))).toBe(true);

      // As a refund takes the track back (admin-orders refunds.repository.ts), straight in the database, as another
      // server on it would.
      await t.db.deleteFrom('ownership').where('user_id', '=', owner.id).where('sku_id', '=', paidTrack).execute();
      const next = await range(65_536);

      expect(next.statusCode).toBe(403);
      expect(next.json()).toEqual({ code: 'not_entitled', message: expect.stringContaining('preview') });
    });

    it('plays the preview of a paid track to anyone', async () => {
      const res = await get(mediaPaths.trackPreview(paidTrack));

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.rawPayload.equals(preview)).toBe(true);
    });

    it('answers item_not_found for an unknown sku and for a sku that is not a track', async () => {
      for (const url of [mediaPaths.trackFull(999999), mediaPaths.trackPreview(999999), mediaPaths.trackFull(albumSku)]) {
        const res = await get(url);

        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('item_not_found');
      }
    });

    it('refuses a sku id that is not a number', async () => {
      const res = await get('/crud/media/track/abc/full.mp3');

      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    });

    it('answers the Spanish site in Spanish', async () => {
      const res = await get(`${mediaPaths.trackFull(paidTrack)}?test_spanish_site=1`);

      expect(res.statusCode).toBe(403);
      expect(res.json().message).not.toBe((await get(mediaPaths.trackFull(paidTrack))).json().message);
    });
  });

  describe('headers', () => {
    it('describes the whole file: type, length, ranges, validators, private cache for a full recording', async () => {
      const res = await get(mediaPaths.trackFull(freeTrack));

      expect(res.headers).toMatchObject({
        'content-type': 'audio/mpeg',
        'content-length': String(full.length),
        'accept-ranges': 'bytes',
        'cache-control': 'private, max-age=3600',
        etag: expect.stringMatching(/^"[0-9a-f]+-[0-9a-f]+"$/),
        'last-modified': expect.stringMatching(/GMT$/),
      });
    });

    it('lets shared caches keep a preview for a day', async () => {
      const res = await get(mediaPaths.trackPreview(paidTrack));

      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    });

    it('never compresses audio, even for a client that accepts gzip and brotli', async () => {
      const res = await get(mediaPaths.trackFull(freeTrack), { 'accept-encoding': 'br, gzip' });

      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(full)).toBe(true);
    });

    it('answers HEAD with the same headers and no body', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: mediaPaths.trackFull(freeTrack) });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(full.length));
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.rawPayload.length).toBe(0);
    });

    it('checks access on HEAD too', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: mediaPaths.trackFull(paidTrack) });

      expect(res.statusCode).toBe(403);
    });
  });

  describe('downloads', () => {
    it('saves a free recording under its title with download=1', async () => {
      const [track] = (await album(t.db, { tracks: [{ isFree: true, title: 'Jonás y el "gran" pez' }] })).trackIds as [number];

      const res = await get(`${mediaPaths.trackFull(track)}?download=1`);

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Jonas y el _gran_ pez.mp3"; filename*=UTF-8''Jon%C3%A1s%20y%20el%20%22gran%22%20pez.mp3`,
      );
      expect(res.rawPayload.equals(full)).toBe(true);
    });

    it('plays inline without it, and never attaches an error', async () => {
      const inline = await get(mediaPaths.trackFull(freeTrack));
      const refused = await get(`${mediaPaths.trackFull(paidTrack)}?download=1`);

      expect(inline.headers['content-disposition']).toBeUndefined();
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-disposition']).toBeUndefined();
    });

    it('refuses query parameters it does not know', async () => {
      const res = await get(`${mediaPaths.trackFull(freeTrack)}?download=yes`);

      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    });
  });

  describe('byte ranges', () => {
    const url = () => mediaPaths.trackFull(freeTrack);

    it('sends the first bytes as 206 with Content-Range', async () => {
      const res = await get(url(), { range: 'bytes=0-1023' });

      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-1023/${full.length}`);
      expect(res.headers['content-length']).toBe('1024');
      expect(res.rawPayload.equals(full.subarray(0, 1024))).toBe(true);
      // The security headers every answer carries (plugins/security.ts), a range too.
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('sends a range in the middle, byte for byte', async () => {
      const res = await get(url(), { range: 'bytes=5000-70000' });

      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 5000-70000/${full.length}`);
      expect(res.rawPayload.equals(full.subarray(5000, 70001))).toBe(true);
    });

    it('sends the rest of the file from an offset (bytes=a-)', async () => {
      const res = await get(url(), { range: 'bytes=100000-' });

      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 100000-${full.length - 1}/${full.length}`);
      expect(res.rawPayload.equals(full.subarray(100000))).toBe(true);
    });

    it('sends the last n bytes (bytes=-n)', async () => {
      const res = await get(url(), { range: 'bytes=-500' });

      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${full.length - 500}-${full.length - 1}/${full.length}`);
      expect(res.rawPayload.equals(full.subarray(full.length - 500))).toBe(true);
    });

    it('clips a range that runs past the end', async () => {
      const res = await get(url(), { range: `bytes=${full.length - 10}-${full.length + 1000}` });

      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(full.subarray(full.length - 10))).toBe(true);
    });

    it('ranges a preview too', async () => {
      const res = await get(mediaPaths.trackPreview(paidTrack), { range: 'bytes=0-99' });

      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(preview.subarray(0, 100))).toBe(true);
    });

    it('never compresses a range', async () => {
      const res = await get(url(), { range: 'bytes=0-99999', 'accept-encoding': 'gzip' });

      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBe(100000);
    });

    it.each([
      ['starts past the end', `bytes=${full.length}-`],
      ['is backwards', 'bytes=500-100'],
      ['is garbage', 'garbage'],
      ['has letters for numbers', 'bytes=abc-def'],
    ])('answers 416 range_not_satisfiable with the file size when the range %s', async (_why, range) => {
      const res = await get(url(), { range });

      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${full.length}`);
      expect(res.json()).toEqual({ code: 'range_not_satisfiable', message: expect.any(String) });
    });

    it('sends the whole file for another range unit, as RFC 9110 requires', async () => {
      const res = await get(url(), { range: 'items=0-5' });

      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(full)).toBe(true);
    });

    it('checks access before reading any range', async () => {
      const res = await get(mediaPaths.trackFull(paidTrack), { range: 'bytes=0-99' });

      expect(res.statusCode).toBe(403);
    });

    it('ignores Range on HEAD', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: url(), headers: { range: 'bytes=0-9' } });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(full.length));
    });
  });

  describe('conditional requests', () => {
    const url = () => mediaPaths.trackFull(freeTrack);

    it('answers 304 with no body when the ETag matches', async () => {
      const { etag } = (await get(url())).headers;

      const res = await get(url(), { 'if-none-match': String(etag) });

      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
    });

    it('matches a weak or listed tag too', async () => {
      const etag = String((await get(url())).headers.etag);

      expect((await get(url(), { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    });

    it('sends the file when the ETag differs', async () => {
      const res = await get(url(), { 'if-none-match': '"something-else"' });

      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(full)).toBe(true);
    });

    it('answers 304 to If-Modified-Since at or after Last-Modified', async () => {
      const lastModified = String((await get(url())).headers['last-modified']);

      expect((await get(url(), { 'if-modified-since': lastModified })).statusCode).toBe(304);
      expect((await get(url(), { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' })).statusCode).toBe(200);
    });

    it('honours a range under If-Range while the tag or date still matches', async () => {
      const first = await get(url());

      for (const ifRange of [String(first.headers.etag), String(first.headers['last-modified'])]) {
        const res = await get(url(), { range: 'bytes=0-9', 'if-range': ifRange });

        expect(res.statusCode).toBe(206);
        expect(res.rawPayload.equals(full.subarray(0, 10))).toBe(true);
      }
    });

    it('sends the whole file when If-Range names another version', async () => {
      for (const ifRange of ['"old-version"', 'Mon, 01 Jan 2001 00:00:00 GMT']) {
        const res = await get(url(), { range: 'bytes=0-9', 'if-range': ifRange });

        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(full)).toBe(true);
      }
    });

    it('does not answer 304 to a listener who may not hear the track', async () => {
      const etag = String((await get(url())).headers.etag);

      expect((await get(mediaPaths.trackFull(paidTrack), { 'if-none-match': etag })).statusCode).toBe(403);
    });
  });
});

describe('a track changed in the back office', () => {
  // Two servers of one database, as behind the load balancer: the admin saves on the first; a visitor and a family
  // listen on both.
  let one: TestApp;
  let other: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    one = await createTestApp();
    other = await createTestApp({ database: one.database });
    adminCookie = await signIn(one.db, (await createUser(one.db, { is_admin: true })).id);
  });
  afterAll(async () => {
    await other.close();
    await one.close();
  });

  const admin = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await one.app.inject({ method, url, headers: { cookie: adminCookie }, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminProduct;
  };
  const productBody = (slug: string) => ({ title: 'Made paid', slug, lang_code: 'en' });
  const trackBody = (updated_at: string, is_free: boolean) => ({
    updated_at,
    type: 'digital_track',
    title: 'The first story',
    full_price_usd: 0.99,
    media_full: FULL_KEY,
    media_preview: PREVIEW_KEY,
    length_seconds: 12,
    is_free,
  });

  /** An album with one free track, made in the back office as a volunteer makes it. */
  async function freeTrack(slug: string) {
    const made = await admin('POST', '/crud/admin/products', productBody(slug));
    const product = await admin('POST', `/crud/admin/products/${made.id}/skus`, trackBody(made.updated_at, true));
    return { product, skuId: product.skus[0]!.id };
  }

  /** A visitor and a family (`family`: its cookie) on each server. */
  const everyone = (family: string) =>
    [
      [one, undefined],
      [other, undefined],
      [one, family],
      [other, family],
    ] as const;

  const range = (app: TestApp, skuId: number, from: number, cookie?: string) =>
    app.app.inject({
      method: 'GET',
      url: mediaPaths.trackFull(skuId),
      headers: { range: `bytes=${from}-${from + 65_535}`, ...(cookie ? { cookie } : {}) },
    });

  it('refuses the next range once a free track is made paid, on the server that saved it and on the other', async () => {
    const { product, skuId } = await freeTrack('made-paid');
    const family = await signIn(one.db, (await createUser(one.db)).id);
    // A visitor and a family that does not own it, on each server.
    const listeners = everyone(family);
    for (const [app, cookie] of listeners) {
      const first = await range(app, skuId, 0, cookie);
      expect(first.statusCode).toBe(206);
      expect(first.rawPayload.equals(full.subarray(0, 65_536))).toBe(true);
    }

    await admin('PUT', `/crud/admin/products/${product.id}/skus/${skuId}`, trackBody(product.updated_at, false));

    // No waiting: the very next range is a paid track's answer, to a visitor and to a family that does not own it.
    for (const [app, cookie] of listeners) {
      const next = await range(app, skuId, 65_536, cookie);
      expect(next.statusCode).toBe(403);
      expect(next.json()).toEqual({ code: 'not_entitled', message: expect.stringContaining('preview') });
    }
    // The preview stays everyone's.
    expect((await other.app.inject({ method: 'GET', url: mediaPaths.trackPreview(skuId) })).statusCode).toBe(200);
  });

  it('refuses the next range once an album stops streaming free, and plays on for a family that owns it', async () => {
    const made = await admin('POST', '/crud/admin/products', { ...productBody('free-streaming'), is_free_streaming: true });
    const product = await admin('POST', `/crud/admin/products/${made.id}/skus`, trackBody(made.updated_at, false));
    const skuId = product.skus[0]!.id;
    const owner = await createUser(one.db);
    await one.db.insertInto('ownership').values({ user_id: owner.id, sku_id: skuId, type: 'digital_track' }).execute();
    const family = await signIn(one.db, owner.id);
    expect((await range(other, skuId, 0)).statusCode).toBe(206);
    expect((await range(other, skuId, 0, family)).statusCode).toBe(206);

    await admin('PUT', `/crud/admin/products/${made.id}`, {
      ...productBody('free-streaming'),
      is_free_streaming: false,
      updated_at: product.updated_at,
    });

    for (const app of [other, one]) {
      const next = await range(app, skuId, 65_536);
      expect([next.statusCode, next.statusCode === 403 && next.json().code]).toEqual([403, 'not_entitled']);
    }
    expect((await range(other, skuId, 65_536, family)).statusCode).toBe(206);
  });

  it('stops playing a track once it is hidden, to the family that owns it too, while the back office still hears it', async () => {
    const { product, skuId } = await freeTrack('hidden-track');
    const owner = await createUser(one.db);
    await one.db.insertInto('ownership').values({ user_id: owner.id, sku_id: skuId, type: 'digital_track' }).execute();
    const family = await signIn(one.db, owner.id);
    for (const [app, cookie] of everyone(family)) expect((await range(app, skuId, 0, cookie)).statusCode).toBe(206);

    await admin('PUT', `/crud/admin/products/${product.id}/skus/${skuId}`, {
      ...trackBody(product.updated_at, true),
      is_hidden: true,
    });

    // Shown nowhere (the shop, the family's library), it plays nowhere: neither in full nor its preview.
    for (const [app, cookie] of everyone(family)) {
      for (const url of [mediaPaths.trackFull(skuId), mediaPaths.trackPreview(skuId)]) {
        const next = await app.app.inject({
          method: 'GET',
          url,
          headers: { range: 'bytes=65536-131071', ...(cookie ? { cookie } : {}) },
        });
        expect([next.statusCode, next.json().code]).toEqual([404, 'item_not_found']);
      }
    }
    // The back office's own player (the track's Transcript tab) plays it on.
    const heard = await other.app.inject({
      method: 'GET',
      url: adminMediaPaths.audio(FULL_KEY),
      headers: { cookie: adminCookie },
    });
    expect(heard.statusCode).toBe(200);
  });

  it('keeps a track only from tables whose every change moves the catalogue version', async () => {
    // The facts a server keeps are read by the visitor's statement; the listener's adds the rights, read every time.
    const read = await tablesRead(one.db, readTrackQuery(one.db, 1, null));
    const versioned = await versionedTables(one.db, ['catalogue']);
    expect([...read].filter((table) => !versioned.has(table))).toEqual(['shared_versions']);
    expect(read.has('skus') && read.has('products')).toBe(true);
  });
});

describe('public images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a cover by its storage key with a long-lived cache header', async () => {
    const res = await t.app.inject({ method: 'GET', url: mediaPaths.image('covers/noahs-big-boat.jpg') });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.rawPayload.equals(readFileSync(path.join(demoMediaDir, 'covers/noahs-big-boat.jpg')))).toBe(true);
  });

  it('serves banners', async () => {
    const res = await t.app.inject({ method: 'GET', url: mediaPaths.image('banners/free-story-en.jpg') });

    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a full recording', `/media/${FULL_KEY}`],
    ['a preview', `/media/${PREVIEW_KEY}`],
    ['a path that climbs out', '/media/covers/../audio/noahs-big-boat/01.mp3'],
    ['an encoded climb', '/media/covers/%2e%2e/audio/noahs-big-boat/01.mp3'],
    ['a backslash', '/media/covers%5c..%5caudio%5cnoahs-big-boat%5c01.mp3'],
    ['the catalogue file', '/media/../catalogue.json'],
    ['a missing cover', '/media/covers/no-such-cover.jpg'],
    ['a folder', '/media/covers'],
  ])('answers 404 for %s', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });

    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toBe('audio/mpeg');
  });
});

describe('the demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('has every recording and image it names in the media storage', async () => {
    const tracks = await t.db
      .selectFrom('skus')
      .where('type', '=', 'digital_track')
      .select(['id', 'is_free', 'media_full', 'media_preview'])
      .execute();
    const images = await t.db.selectFrom('products').select(['primary_image', 'wide_image']).execute();

    const missing: string[] = [];
    for (const track of tracks) {
      const res = await t.app.inject({ method: 'HEAD', url: mediaPaths.trackPreview(track.id) });
      if (res.statusCode !== 200) missing.push(String(track.media_preview));
      if (!existsSync(path.join(demoMediaDir, track.media_full!))) missing.push(track.media_full!);
    }
    for (const key of images.flatMap((i) => [i.primary_image, i.wide_image]).filter((k) => k !== null)) {
      const res = await t.app.inject({ method: 'HEAD', url: mediaPaths.image(key) });
      if (res.statusCode !== 200) missing.push(key);
    }

    expect(tracks.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('streams its free tracks in full to a visitor', async () => {
    const free = await t.db
      .selectFrom('skus')
      .where('type', '=', 'digital_track')
      .where('is_free', '=', true)
      .select('id')
      .execute();

    for (const { id } of free) {
      const res = await t.app.inject({ method: 'GET', url: mediaPaths.trackFull(id), headers: { range: 'bytes=0-1' } });
      expect(res.statusCode, `track ${id}`).toBe(206);
    }
  });
});
