import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mediaPaths } from '@storyhouse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { demoMediaDir } from '../../config';
import { sha256Hex, signV4 } from './sigv4';
import { readAll } from './storage';
import { S3Storage } from './storage-s3';

const BUCKET = 'storyhouse-media';
const KEYS = { accessKeyId: 'AKIDTESTMEDIA', secretAccessKey: 'test-secret-of-the-bucket' };
const COVER = 'covers/noahs-big-boat.jpg';
const TRACK = 'audio/noahs-big-boat/02.mp3';

/**
 * A small S3-compatible server (path-style, like MinIO): it checks each
 * request's SigV4 signature with the bucket's keys, answers HEAD, GET with a
 * Range, and PUT, and keeps objects in memory.
 */
async function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string; mtime: Date }>();
  for (const key of [COVER, TRACK]) {
    objects.set(key, {
      body: readFileSync(path.join(demoMediaDir, key)),
      type: 'application/octet-stream',
      mtime: new Date('2026-01-02T03:04:05Z'),
    });
  }
  const requests: string[] = [];
  const server = http.createServer(async (req, res) => {
    const body = await readAll(req);
    const url = new URL(req.url!, `http://${req.headers.host}`);
    requests.push(`${req.method} ${url.pathname}`);
    const auth = String(req.headers.authorization ?? '');
    const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const at = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const signed = Object.fromEntries(
      signedNames.filter((n) => n !== 'host' && n !== 'x-amz-date').map((n) => [n, String(req.headers[n])]),
    );
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    const expected = signV4(
      { method: req.method!, url, headers: signed, payloadHash },
      { ...KEYS, region: 'us-east-1', service: 's3' },
      at,
    );
    if (expected.authorization !== auth || payloadHash !== sha256Hex(body)) {
      res.writeHead(403).end('SignatureDoesNotMatch');
      return;
    }
    const key = decodeURIComponent(url.pathname.slice(`/${BUCKET}/`.length));
    if (req.method === 'PUT') {
      objects.set(key, { body, type: String(req.headers['content-type']), mtime: new Date() });
      res.writeHead(200).end();
      return;
    }
    const object = objects.get(key);
    if (!object) {
      res.writeHead(404).end();
      return;
    }
    const headers = {
      etag: `"${sha256Hex(object.body).slice(0, 32)}"`,
      'last-modified': object.mtime.toUTCString(),
      'content-type': object.type,
    };
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
    if (req.method === 'GET' && range) {
      const [start, end] = [Number(range[1]), Number(range[2])];
      const part = object.body.subarray(start, end + 1);
      res.writeHead(206, {
        ...headers,
        'content-length': part.length,
        'content-range': `bytes ${start}-${end}/${object.body.length}`,
      });
      res.end(part);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': object.body.length });
    res.end(req.method === 'HEAD' ? undefined : object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, objects, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('media in an S3-compatible bucket', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  let t: TestApp;
  let cacheDir: string;
  let track: number;

  beforeAll(async () => {
    s3 = await fakeS3();
    cacheDir = mkdtempSync(path.join(tmpdir(), 'storyhouse-s3-cache-'));
    t = await createTestApp({
      env: {
        MEDIA_STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
        IMAGE_CACHE_DIR: cacheDir,
      },
    });
    const product = await t.db
      .insertInto('products')
      .values({ slug: 'bucket-album', title: 'Bucket album', lang_code: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sku = await t.db
      .insertInto('skus')
      .values({
        product_id: product.id,
        type: 'digital_track',
        title: 'Free from the bucket',
        full_price_cents: 0,
        length_seconds: 10,
        is_free: true,
        media_full: TRACK,
        media_preview: 'audio/noahs-big-boat/missing-preview.mp3',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    track = sku.id;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const recording = () => s3.objects.get(TRACK)!.body;

  it('streams a byte range of a track from the bucket', async () => {
    const res = await t.app.inject({ method: 'GET', url: mediaPaths.trackFull(track), headers: { range: 'bytes=1000-1999' } });

    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-1999/${recording().length}`);
    expect(res.rawPayload.equals(recording().subarray(1000, 2000))).toBe(true);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers['last-modified']).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
  });

  it('streams the whole track, and answers HEAD without fetching the body', async () => {
    const whole = await t.app.inject({ method: 'GET', url: mediaPaths.trackFull(track) });
    s3.requests.length = 0;
    const head = await t.app.inject({ method: 'HEAD', url: mediaPaths.trackFull(track) });

    expect(whole.rawPayload.equals(recording())).toBe(true);
    expect(head.headers['content-length']).toBe(String(recording().length));
    expect(s3.requests).toEqual([`HEAD /${BUCKET}/${TRACK}`]);
  });

  it('answers item_not_found for a key missing from the bucket', async () => {
    const res = await t.app.inject({ method: 'GET', url: mediaPaths.trackPreview(track) });

    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('item_not_found');
  });

  it('serves covers and resizes them from the bucket', async () => {
    const cover = await t.app.inject({ method: 'GET', url: mediaPaths.image(COVER) });
    const resized = await t.app.inject({ method: 'GET', url: `/crud/image/resize?url=/media/${COVER}&width=400` });
    const image = await t.app.inject({ method: 'GET', url: resized.json().path });

    expect(cover.rawPayload.equals(s3.objects.get(COVER)!.body)).toBe(true);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(400);
  });

  it('signs its writes too, and refuses keys outside the storage', async () => {
    const storage = new S3Storage({ endpoint: s3.endpoint, bucket: BUCKET, region: 'us-east-1', pathStyle: true, ...KEYS });

    await storage.write('covers/new.jpg', Buffer.from('new cover'), 'image/jpeg');

    expect(s3.objects.get('covers/new.jpg')).toMatchObject({ body: Buffer.from('new cover'), type: 'image/jpeg' });
    expect((await readAll(await storage.read('covers/new.jpg', { start: 4, end: 8 }))).toString()).toBe('cover');
    await expect(storage.stat('../secrets')).rejects.toThrow(/Not a storage key/);
  });

  it('fails loudly, not as a missing file, when the bucket refuses the keys', async () => {
    const wrong = new S3Storage({
      endpoint: s3.endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      pathStyle: true,
      ...KEYS,
      secretAccessKey: 'wrong',
    });

    await expect(wrong.stat(COVER)).rejects.toThrow(/403/);
  });
});
