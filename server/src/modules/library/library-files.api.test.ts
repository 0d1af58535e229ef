import { type LibraryAlbum, libraryPaths } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';
import { audioAlbum, COVER, grant, mediaFile, RECORDINGS, readZip, type TestAlbum } from '../../../test/library';

/**
 * Issue 14 items 2 and 3: an owner's files. One track as an MP3 attachment
 * (Range-capable), a whole album as a ZIP built on the fly; nobody else gets
 * a byte of them, by any URL.
 */
let t: TestApp;
let album: TestAlbum;
let owner: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  album = await audioAlbum(t.db, { title: 'Noé: "el arca" / parte 1', tracks: 3 });
  const user = await createUser(t.db);
  await grant(t.db, user.id, album, 'album');
  owner = await signIn(t.db, user.id);
  other = await signIn(t.db, (await createUser(t.db)).id);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

describe('GET /crud/my-library/skus/{skuId}/download', () => {
  it('sends the owner the full MP3 as an attachment named after the album and the track', async () => {
    const res = await get(libraryPaths.trackFile(album.tracks[1]!), owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(mediaFile(RECORDINGS[1]))).toBe(true);
    // Unsafe file-name characters become spaces; the exact title is in filename*.
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Noe el arca parte 1 - Noe el arca parte 1 track 2.mp3"; filename*=UTF-8''${encodeURIComponent(
        'Noé el arca parte 1 - Noé el arca parte 1 track 2.mp3',
      )}`,
    );
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('resumes: a byte range is 206 with its part, HEAD tells the size without the body', async () => {
    const file = mediaFile(RECORDINGS[0]);
    const part = await get(libraryPaths.trackFile(album.tracks[0]!), owner, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(100, 200))).toBe(true);
    const head = await get(libraryPaths.trackFile(album.tracks[0]!), owner, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(file.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('gives no file to a visitor (401), another family or a sku that is not a track (404)', async () => {
    const url = libraryPaths.trackFile(album.tracks[0]!);
    const visitor = await get(url);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('not_authenticated');
    for (const [cookie, skuId] of [
      [other, album.tracks[0]!],
      [owner, album.album],
      [owner, album.cd],
      [owner, 2147483647],
    ] as const) {
      const res = await get(libraryPaths.trackFile(skuId), cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('item_not_found');
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    expect((await get(libraryPaths.trackFile(album.tracks[0]!), other, {}, 'HEAD')).statusCode).toBe(404);
  });

  it('refuses ids of 0, -1, abc and 2^63 with 400', async () => {
    for (const id of ['0', '-1', 'abc', '9223372036854775808']) {
      const res = await get(`/crud/my-library/skus/${id}/download`, owner);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('GET /crud/my-library/product/{id}/download', () => {
  it('streams a ZIP of the album’s MP3s, stored as they are, and its cover', async () => {
    const res = await get(libraryPaths.albumZip(album.id), owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Noé el arca parte 1.zip')}`);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['content-encoding']).toBeUndefined();

    const files = readZip(res.rawPayload);
    expect(files.map((f) => f.name)).toEqual([
      '01 - Noé el arca parte 1 track 1.mp3',
      '02 - Noé el arca parte 1 track 2.mp3',
      '03 - Noé el arca parte 1 track 3.mp3',
      'cover.jpg',
    ]);
    const expected = [...RECORDINGS, COVER].map(mediaFile);
    files.forEach((f, i) => {
      expect(f.method, f.name).toBe(0);
      expect(f.size, f.name).toBe(expected[i]!.length);
      expect(f.compressedSize, f.name).toBe(f.size);
      expect(f.data.equals(expected[i]!), f.name).toBe(true);
    });
  });

  it('holds only the tracks owned when the album itself is not', async () => {
    const user = await createUser(t.db);
    await grant(t.db, user.id, album, { track: album.tracks[2]! });
    const res = await get(libraryPaths.albumZip(album.id), await signIn(t.db, user.id));
    expect(res.statusCode).toBe(200);
    expect(readZip(res.rawPayload).map((f) => f.name)).toEqual(['01 - Noé el arca parte 1 track 3.mp3', 'cover.jpg']);
  });

  it('answers HEAD with the ZIP’s size and no body', async () => {
    const whole = await get(libraryPaths.albumZip(album.id), owner);
    const head = await get(libraryPaths.albumZip(album.id), owner, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(whole.rawPayload.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('tells by its HEAD what keeping the album on the device takes: the files a keep stores, and a few headers each', async () => {
    // "Keep on this device" shows this length before it starts (web keep-store.ts albumSize): a keep stores each
    // track the family may download (file_url) and the cover (image), the very files the ZIP holds.
    const libraryAlbum = (await get(`/crud/my-library/product/${album.id}`, owner)).json() as LibraryAlbum;
    const files = [...libraryAlbum.tracks.map((track) => track.file_url), libraryAlbum.image];
    let kept = 0;
    for (const url of files) {
      expect(url).not.toBeNull();
      const res = await get(String(url), owner);
      expect(res.statusCode, String(url)).toBe(200);
      kept += res.rawPayload.length;
    }
    const head = await get(String(libraryAlbum.zip_url), owner, {}, 'HEAD');
    const overhead = Number(head.headers['content-length']) - kept;
    expect(overhead).toBeGreaterThan(0);
    expect(overhead).toBeLessThanOrEqual(200 * files.length);
  });

  it('gives no ZIP to a visitor (401), another family, a CD owner or for an unknown album (404)', async () => {
    expect((await get(libraryPaths.albumZip(album.id))).statusCode).toBe(401);
    const cdOwner = await createUser(t.db);
    const cdAlbum: TestAlbum = await audioAlbum(t.db);
    await grant(t.db, cdOwner.id, cdAlbum, 'cd');
    for (const [cookie, id] of [
      [other, album.id],
      [await signIn(t.db, cdOwner.id), cdAlbum.id],
      [owner, 2147483647],
    ] as const) {
      const res = await get(libraryPaths.albumZip(id), cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('item_not_found');
    }
  });

  it('refuses ids of 0, -1, abc, free-story and 2^63 with 400', async () => {
    for (const id of ['0', '-1', 'abc', 'free-story', '9223372036854775808']) {
      const res = await get(`/crud/my-library/product/${id}/download`, owner);
      expect(res.statusCode, id).toBe(400);
    }
  });
});
