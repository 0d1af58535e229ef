import { cpSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { imageResizeMultipleSearch } from '@storyhouse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { demoMediaDir } from '../../config';

const COVER = 'covers/noahs-big-boat.jpg';

/** Every file under a folder, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe('image resizing', () => {
  let t: TestApp;
  let mediaDir: string;
  let cacheDir: string;

  beforeAll(async () => {
    // A media folder of its own, so a test can replace a cover.
    const scratch = mkdtempSync(path.join(tmpdir(), 'storyhouse-images-'));
    mediaDir = path.join(scratch, 'media');
    cacheDir = path.join(scratch, 'cache');
    cpSync(path.join(demoMediaDir, 'covers'), path.join(mediaDir, 'covers'), { recursive: true });
    cpSync(path.join(demoMediaDir, 'banners'), path.join(mediaDir, 'banners'), { recursive: true });
    cpSync(path.join(demoMediaDir, 'audio/noahs-big-boat'), path.join(mediaDir, 'audio/noahs-big-boat'), { recursive: true });
    t = await createTestApp({ env: { MEDIA_DIR: mediaDir, IMAGE_CACHE_DIR: cacheDir } });
    return () => rmSync(scratch, { recursive: true, force: true });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const resize = (params: Record<string, string | number>) =>
    get(`/crud/image/resize?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`);
  const pathOf = async (params: Record<string, string | number>) => {
    const res = await resize(params);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().path as string;
  };
  const imageAt = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    return { res, meta: await sharp(res.rawPayload).metadata() };
  };

  it('returns the path of a WebP at the requested width, keeping the aspect ratio', async () => {
    const res = await resize({ url: `/media/${COVER}`, width: 400 });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ path: expect.stringMatching(/^\/media\/resized\/.+\.webp$/) });
    const { res: image, meta } = await imageAt(res.json().path);
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers.etag).toBeDefined();
  });

  it('crops to cover both sides when a height is given', async () => {
    const { meta } = await imageAt(await pathOf({ url: '/media/banners/free-story-en.jpg', width: 300, height: 200 }));

    expect(meta).toMatchObject({ width: 300, height: 200 });
  });

  it('never enlarges an image', async () => {
    const original = await sharp(path.join(mediaDir, COVER)).metadata();

    const { meta } = await imageAt(await pathOf({ url: `/media/${COVER}`, width: 2000 }));

    expect(meta.width).toBe(original.width);
  });

  it('accepts the bare storage key and an absolute URL on this host', async () => {
    const byPath = await pathOf({ url: `/media/${COVER}`, width: 320 });

    expect(await pathOf({ url: COVER, width: 320 })).toBe(byPath);
    expect(await pathOf({ url: `http://localhost:80/media/${COVER}`, width: 320 })).toBe(byPath);
  });

  it('answers the same path again from the cache, without making the file again', async () => {
    const first = await pathOf({ url: `/media/${COVER}`, width: 240 });
    const before = filesUnder(cacheDir).length;

    const second = await pathOf({ url: `/media/${COVER}`, width: 240 });

    expect(second).toBe(first);
    expect(filesUnder(cacheDir).length).toBe(before);
  });

  it('makes one file for identical requests arriving together', async () => {
    const before = filesUnder(cacheDir).length;

    const paths = await Promise.all(Array.from({ length: 6 }, () => pathOf({ url: `/media/${COVER}`, width: 123 })));

    expect(new Set(paths).size).toBe(1);
    expect(filesUnder(cacheDir).length).toBe(before + 1);
    expect(filesUnder(cacheDir).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('gives a replaced source a new name once the server sees it, so cached copies are never stale', async () => {
    const key = 'covers/replaceable.jpg';
    cpSync(path.join(mediaDir, COVER), path.join(mediaDir, key));
    const before = await pathOf({ url: key, width: 200 });

    writeFileSync(
      path.join(mediaDir, key),
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer(),
    );
    utimesSync(path.join(mediaDir, key), new Date(), new Date(Date.now() + 5000));
    // The server reuses an open file for a few seconds (storage-local.ts), as nginx can: let them pass.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const after = await pathOf({ url: key, width: 200 }).finally(() => vi.useRealTimers());

    expect(after).not.toBe(before);
    expect((await imageAt(after)).meta).toMatchObject({ width: 200, height: 150 });
  });

  it('makes a resized file again on a server whose cache lacks it (another instance, a cleared cache)', async () => {
    const url = await pathOf({ url: `/media/${COVER}`, width: 180 });
    rmSync(cacheDir, { recursive: true, force: true });

    const { meta } = await imageAt(url);

    expect(meta.width).toBe(180);
  });

  it.each([
    ['a name whose hash does not match its source', (p: string) => p.replace(/resized\/[0-9a-f]{4}/, 'resized/0000')],
    ['a name for an audio file', (p: string) => p.replace(COVER, 'audio/noahs-big-boat/01.mp3')],
    ['a size out of bounds', (p: string) => p.replace('/190/', '/9999/')],
    ['a name with no size', (p: string) => p.replace('/190/', '/')],
  ])('answers 404 for %s', async (_what, tamper) => {
    const url = await pathOf({ url: `/media/${COVER}`, width: 190 });
    rmSync(cacheDir, { recursive: true, force: true });

    const res = await get(tamper(url));

    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('item_not_found');
  });

  it.each([
    ['another host', 'https://images.example.org/media/covers/noahs-big-boat.jpg'],
    ['a protocol-relative URL', '//images.example.org/media/covers/noahs-big-boat.jpg'],
    ['a path that climbs out of the covers', '/media/covers/../audio/noahs-big-boat/01.mp3'],
    ['a key that climbs out', 'covers/../../catalogue.json'],
    ['an audio file', '/media/audio/noahs-big-boat/01.mp3'],
    ['an already resized image', '/media/resized/0123456789abcdef/400/covers/noahs-big-boat.jpg.webp'],
    ['an API path', '/crud/session'],
    ['a script URL', 'javascript:alert(1)'],
    ['a backslash', 'covers\\noahs-big-boat.jpg'],
    ['a file that is not an image', 'covers/notes.txt'],
  ])('refuses %s with image_not_resizable', async (_what, url) => {
    const res = await resize({ url, width: 200 });

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('image_not_resizable');
  });

  it('answers item_not_found for an image that does not exist', async () => {
    const res = await resize({ url: '/media/covers/no-such-album.jpg', width: 200 });

    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('item_not_found');
  });

  it.each([
    ['too narrow', { width: 8 }],
    ['too wide', { width: 5000 }],
    ['not a number', { width: 'wide' }],
    ['a fraction', { width: 200.5 }],
    ['too tall', { width: 200, height: 9000 }],
  ])('refuses a width or height that is %s', async (_why, size) => {
    const res = await resize({ url: COVER, ...size });

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('refuses a request without a url', async () => {
    const res = await get('/crud/image/resize?width=200');

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(['querystring.url']);
  });

  describe('resize-multiple', () => {
    it('returns one resized image per option, with its media query', async () => {
      const search = imageResizeMultipleSearch(`/media/${COVER}`, [
        { width: 580, media_query: '(max-width: 600px)' },
        { width: 990, media_query: '(max-width: 1000px)' },
        { width: 300, height: 100 },
      ]);

      const res = await get(`/crud/image/resize-multiple?${search}`);

      expect(res.statusCode, res.body).toBe(200);
      const list = res.json();
      expect(list).toEqual([
        {
          width: 580,
          height: null,
          media_query: '(max-width: 600px)',
          resized_url: expect.stringMatching(/^\/media\/resized\//),
        },
        {
          width: 990,
          height: null,
          media_query: '(max-width: 1000px)',
          resized_url: expect.stringMatching(/^\/media\/resized\//),
        },
        { width: 300, height: 100, media_query: null, resized_url: expect.stringMatching(/^\/media\/resized\//) },
      ]);
      const sizes = await Promise.all(list.map(async (o: { resized_url: string }) => (await imageAt(o.resized_url)).meta));
      expect(sizes.map((m) => [m.width, m.height])).toEqual([
        [580, 580],
        [990, 990],
        [300, 100],
      ]);
    });

    it('reads the bracketed keys as the spec writes them, unencoded', async () => {
      const res = await get(`/crud/image/resize-multiple?url=${COVER}&options[0][width]=400&options[0][media_query]=all`);

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ width: 400, media_query: 'all' })]);
    });

    it.each([
      ['no options', `url=${COVER}`],
      ['an option without a width', `url=${COVER}&options[0][media_query]=all`],
      ['a gap in the options', `url=${COVER}&options[0][width]=400&options[2][width]=500`],
      ['an unknown option field', `url=${COVER}&options[0][width]=400&options[0][quality]=10`],
      ['an index far out', `url=${COVER}&options[500][width]=400`],
      ['too many options', `url=${COVER}&${Array.from({ length: 9 }, (_, i) => `options[${i}][width]=${100 + i}`).join('&')}`],
      ['a width out of bounds', `url=${COVER}&options[0][width]=4000`],
    ])('refuses %s', async (_why, search) => {
      const res = await get(`/crud/image/resize-multiple?${search}`);

      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    });

    it('refuses an image of another host', async () => {
      const res = await get(`/crud/image/resize-multiple?url=https://example.org/a.jpg&options[0][width]=400`);

      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('image_not_resizable');
    });
  });
});
