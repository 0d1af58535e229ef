import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { imageResizeMultipleSearch, isResizableSize, resizableWidths } from '@storyhouse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLogs, createTestApp, type TestApp } from '../../../test/app';
import { demoMediaDir } from '../../config';
import { LocalStorage } from '../../providers/storage/storage-local';
import { hitRateLimit } from '../rate-limit/rate-limit';
import { RESIZE_RATE_LIMIT, resizedName } from './images';

const COVER = 'covers/noahs-big-boat.jpg';

/** Every file under a folder, relative to it (none when the folder is gone). */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];

/** The cache file behind a resized path. */
const cacheFileOf = (cacheDir: string, resizedPath: string) => path.join(cacheDir, resizedPath.replace('/media/resized/', ''));

/** A client address of its own per call, so each test's resizes count against a fresh limit. */
let clientSeq = 0;
const newClient = () => `10.20.0.${++clientSeq}`;

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

  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress });
  const resize = (params: Record<string, string | number>, remoteAddress?: string) =>
    get(
      `/crud/image/resize?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`,
      {},
      remoteAddress,
    );
  const pathOf = async (params: Record<string, string | number>, remoteAddress?: string) => {
    const res = await resize(params, remoteAddress);
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

  it('never enlarges an image', async () => {
    const original = await sharp(path.join(mediaDir, COVER)).metadata();
    expect(original.width).toBeLessThan(1500);

    const { meta } = await imageAt(await pathOf({ url: `/media/${COVER}`, width: 1500 }));

    expect(meta.width).toBe(original.width);
  });

  it('accepts the bare storage key and an absolute URL on this host', async () => {
    const byPath = await pathOf({ url: `/media/${COVER}`, width: 580 });

    expect(await pathOf({ url: COVER, width: 580 })).toBe(byPath);
    expect(await pathOf({ url: `http://localhost:80/media/${COVER}`, width: 580 })).toBe(byPath);
  });

  it('answers the same path again from the cache, without making the file again', async () => {
    const first = await pathOf({ url: `/media/${COVER}`, width: 990 });
    const before = filesUnder(cacheDir).length;

    const second = await pathOf({ url: `/media/${COVER}`, width: 990 });

    expect(second).toBe(first);
    expect(filesUnder(cacheDir).length).toBe(before);
  });

  it('makes one file for identical requests arriving together', async () => {
    const before = filesUnder(cacheDir).length;

    const paths = await Promise.all(Array.from({ length: 6 }, () => pathOf({ url: `/media/${COVER}`, width: 350 })));

    expect(new Set(paths).size).toBe(1);
    expect(filesUnder(cacheDir).length).toBe(before + 1);
    expect(filesUnder(cacheDir).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('gives a replaced source a new name once the server sees it, so cached copies are never stale', async () => {
    const key = 'covers/replaceable.jpg';
    cpSync(path.join(mediaDir, COVER), path.join(mediaDir, key));
    const before = await pathOf({ url: key, width: 400 });

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
    const after = await pathOf({ url: key, width: 400 }).finally(() => vi.useRealTimers());

    expect(after).not.toBe(before);
    expect((await imageAt(after)).meta).toMatchObject({ width: 400, height: 300 });
  });

  it('makes a resized file again on a server whose cache lacks it (another instance, a cleared cache)', async () => {
    const url = await pathOf({ url: `/media/${COVER}`, width: 500 });
    rmSync(cacheDir, { recursive: true, force: true });

    const { meta } = await imageAt(url);

    expect(meta.width).toBe(500);
  });

  it.each([
    ['a name whose hash does not match its source', (p: string) => p.replace(/resized\/[0-9a-f]{4}/, 'resized/0000')],
    ['a name for an audio file', (p: string) => p.replace(COVER, 'audio/noahs-big-boat/01.mp3')],
    ['a size out of bounds', (p: string) => p.replace('/700/', '/9999/')],
    ['a name with no size', (p: string) => p.replace('/700/', '/')],
  ])('answers 404 for %s', async (_what, tamper) => {
    const url = await pathOf({ url: `/media/${COVER}`, width: 700 });
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
    const res = await resize({ url, width: 400 });

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('image_not_resizable');
  });

  it('answers item_not_found for an image that does not exist', async () => {
    const res = await resize({ url: '/media/covers/no-such-album.jpg', width: 400 });

    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('item_not_found');
  });

  it.each([
    ['too narrow', { width: 8 }],
    ['too wide', { width: 5000 }],
    ['not a number', { width: 'wide' }],
    ['a fraction', { width: 200.5 }],
    ['too tall', { width: 400, height: 9000 }],
  ])('refuses a width or height that is %s', async (_why, size) => {
    const res = await resize({ url: COVER, ...size });

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('refuses a request without a url', async () => {
    const res = await get('/crud/image/resize?width=400');

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(['querystring.url']);
  });

  describe('only the sizes the site uses (contracts image-sizes.ts)', () => {
    /** 50 sizes no page asks for: widths across the old 16–2000 range, and allowed widths with a crop. */
    const refused: { width: number; height?: number }[] = [
      ...Array.from({ length: 40 }, (_, i) => 16 + i * 49)
        .filter((w) => !isResizableSize(w))
        .map((width) => ({ width })),
      ...resizableWidths.flatMap((width) => [
        { width, height: width },
        { width, height: 200 },
      ]),
    ].slice(0, 50);

    it('refuses every other size with 400, in the site language, and makes no file', async () => {
      expect(refused).toHaveLength(50);
      const before = filesUnder(cacheDir);

      for (const size of refused) {
        const res = await resize({ url: COVER, ...size }, newClient());
        expect(res.statusCode, JSON.stringify(size)).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'validation_failed',
          fields: { [`querystring.${size.height ? 'height' : 'width'}`]: 'Not an image size this site offers' },
        });
      }
      const multiple = await get(
        `/crud/image/resize-multiple?${imageResizeMultipleSearch(COVER, [{ width: 400 }, { width: 401 }])}`,
      );
      expect(multiple.statusCode).toBe(400);
      expect(multiple.json().fields).toEqual({ 'querystring.options.1.width': 'Not an image size this site offers' });

      expect(filesUnder(cacheDir)).toEqual(before);
    });

    it('says so in Spanish on the Spanish site', async () => {
      const res = await get(`/crud/image/resize?url=${COVER}&width=640`, { host: 'es.localhost' });

      expect(res.statusCode).toBe(400);
      expect(res.json().fields['querystring.width']).toBe('No es un tamaño de imagen que ofrezca este sitio');
    });

    it('makes every width the web asks for', async () => {
      for (const width of resizableWidths) {
        const { meta } = await imageAt(await pathOf({ url: '/media/banners/free-story-en.jpg', width }, newClient()));
        expect(meta.format).toBe('webp');
      }
    });

    it('answers 404 for a resized name of another size, even with the right hash (anyone can compute one)', async () => {
      const file = (await new LocalStorage(mediaDir).stat(COVER))!;
      const name = resizedName(COVER, file, { width: 640 });
      const before = filesUnder(cacheDir);

      const res = await get(`/media/resized/${name}`);

      expect(res.statusCode).toBe(404);
      expect(filesUnder(cacheDir)).toEqual(before);
    });
  });

  describe('new resizes per client', () => {
    const limited = '203.0.113.7';
    const fresh = { url: '/media/covers/in-the-beginning.jpg', width: 1000 };

    beforeAll(async () => {
      // The client's whole budget, spent (as many real resizes would, only quicker).
      for (let i = 0; i < RESIZE_RATE_LIMIT.limit; i++) {
        await hitRateLimit(t.db, `image-resize:${limited}`, RESIZE_RATE_LIMIT);
      }
    });

    it('refuses new resizes beyond the limit with 429 and Retry-After, while serving what is made', async () => {
      const made = await pathOf({ url: `/media/${COVER}`, width: 400 }, newClient());

      const refused = await resize(fresh, limited);
      const cached = await resize({ url: `/media/${COVER}`, width: 400 }, limited);

      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(filesUnder(cacheDir).some((f) => f.includes('/1000/covers/in-the-beginning.jpg'))).toBe(false);
      expect(cached.statusCode).toBe(200);
      expect(cached.json().path).toBe(made);
      // Another client is not held back by this one.
      expect((await resize(fresh, newClient())).statusCode).toBe(200);
    });

    it('counts a resized file made again on request too', async () => {
      const url = await pathOf({ url: `/media/${COVER}`, width: 1000 }, newClient());
      rmSync(cacheFileOf(cacheDir, url));

      const res = await get(url, {}, limited);

      expect(res.statusCode).toBe(429);
      expect((await get(url, {}, newClient())).statusCode).toBe(200);
    });
  });

  describe('cache size', () => {
    let small: TestApp;
    let smallCache: string;
    const OLD = '0123456789abcdef/400/covers/old.jpg.webp';

    beforeAll(async () => {
      // Three covers whose resized copies are the same size, and a cap of two and a half of them.
      const scratch = mkdtempSync(path.join(tmpdir(), 'storyhouse-image-cap-'));
      const media = path.join(scratch, 'media');
      smallCache = path.join(scratch, 'cache');
      mkdirSync(path.join(media, 'covers'), { recursive: true });
      // A cover no other test resizes, so its file is surely on disk (not only in the open-file cache).
      const source = 'covers/david-the-shepherd-boy.jpg';
      for (const name of ['a', 'b', 'c']) cpSync(path.join(mediaDir, source), path.join(media, 'covers', `${name}.jpg`));
      const sample = cacheFileOf(cacheDir, await pathOf({ url: source, width: 400 }, newClient()));
      const bytes = statSync(sample).size;
      // A file a previous run left, used long ago: counted at start, and the first to go.
      mkdirSync(path.dirname(path.join(smallCache, OLD)), { recursive: true });
      cpSync(sample, path.join(smallCache, OLD));
      utimesSync(path.join(smallCache, OLD), new Date('2020-01-01'), new Date('2020-01-01'));
      small = await createTestApp({
        env: { MEDIA_DIR: media, IMAGE_CACHE_DIR: smallCache, IMAGE_CACHE_MAX_MB: String((bytes * 2.5) / 1024 / 1024) },
      });
      return async () => {
        await small.close();
        rmSync(scratch, { recursive: true, force: true });
      };
    });

    const make = async (name: string) => {
      const res = await small.app.inject({ method: 'GET', url: `/crud/image/resize?url=covers/${name}.jpg&width=400` });
      expect(res.statusCode, res.body).toBe(200);
      return cacheFileOf(smallCache, res.json().path);
    };

    it('deletes the least recently used files beyond IMAGE_CACHE_MAX_MB, and their folders', async () => {
      const a = await make('a');
      const b = await make('b');

      expect(existsSync(path.join(smallCache, OLD))).toBe(false);
      expect(existsSync(path.join(smallCache, OLD.split('/')[0]!))).toBe(false);
      expect([existsSync(a), existsSync(b)]).toEqual([true, true]);

      await make('a'); // a hit: a is now the most recently used
      const c = await make('c');

      expect([existsSync(a), existsSync(b), existsSync(c)]).toEqual([true, false, true]);
      expect(filesUnder(smallCache)).toHaveLength(2);
    });

    it('makes an evicted file again when it is asked for', async () => {
      const b = await make('b');
      const url = `/media/resized/${path.relative(smallCache, b)}`;
      await make('a');
      await make('c');
      expect(existsSync(b)).toBe(false);

      const res = await small.app.inject({ method: 'GET', url });

      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
      expect(filesUnder(smallCache)).toHaveLength(2);
    });
  });

  describe('resize-multiple', () => {
    it('returns one resized image per option, with its media query', async () => {
      const search = imageResizeMultipleSearch(`/media/${COVER}`, [
        { width: 580, media_query: '(max-width: 600px)' },
        { width: 990, media_query: '(max-width: 1000px)' },
        { width: 800 },
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
        { width: 800, height: null, media_query: null, resized_url: expect.stringMatching(/^\/media\/resized\//) },
      ]);
      const sizes = await Promise.all(list.map(async (o: { resized_url: string }) => (await imageAt(o.resized_url)).meta));
      expect(sizes.map((m) => [m.width, m.height])).toEqual([
        [580, 580],
        [990, 990],
        [800, 800],
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

describe('a resized-image cache that cannot be written (a full disk)', () => {
  let t: TestApp;
  let cacheDir: string;
  let logs: ReturnType<typeof captureLogs>;

  beforeAll(async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'storyhouse-full-cache-'));
    cacheDir = path.join(scratch, 'cache');
    logs = captureLogs();
    t = await createTestApp({ env: { IMAGE_CACHE_DIR: cacheDir }, logger: logs.logger });
    return () => rmSync(scratch, { recursive: true, force: true });
  });
  afterAll(() => t.close());

  /** While set, every write into the cache's folder fails as on a full disk; the media folder is not touched. */
  function fillTheDisk() {
    const write = LocalStorage.prototype.write;
    return vi.spyOn(LocalStorage.prototype, 'write').mockImplementation(async function (this: LocalStorage, ...args) {
      if (this.root === cacheDir) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return write.apply(this, args);
    });
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress: newClient() });
  const resizedTo = async (width: number) => {
    const res = await get(`/crud/image/resize?url=/media/${COVER}&width=${width}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().path as string;
  };
  const notCachedWarnings = () =>
    logs.lines.filter((l) => l.level === 40 && String(l.msg).startsWith('resized image not cached'));

  it('serves resized images without keeping them, warns once, and keeps them again once the disk has room', async () => {
    const full = fillTheDisk();
    try {
      const paths = [await resizedTo(400), await resizedTo(500)];
      for (const [i, url] of paths.entries()) {
        const res = await get(url);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await sharp(res.rawPayload).metadata()).width).toBe([400, 500][i]);
        const part = await get(url, { range: 'bytes=0-99' });
        expect([part.statusCode, part.rawPayload.length]).toEqual([206, 100]);
      }
      expect(filesUnder(cacheDir).filter((f) => f.endsWith('.webp'))).toEqual([]);
      expect(notCachedWarnings()).toHaveLength(1);
      expect(logs.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    } finally {
      full.mockRestore();
    }

    const url = await resizedTo(700);
    expect((await get(url)).statusCode).toBe(200);
    expect(existsSync(cacheFileOf(cacheDir, url))).toBe(true);
    expect(logs.lines.some((l) => l.msg === 'resized images are kept in the cache again')).toBe(true);
  });
});
