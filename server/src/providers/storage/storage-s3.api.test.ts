import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { mediaPaths } from '@storyhouse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { logIn } from '../../../test/cart-client';
import { createUser } from '../../../test/factories';
import { demoMediaDir } from '../../config';
import { multipartBody } from '../../modules/admin-media/upload-fixtures';
import { sha256Hex, signV4 } from './sigv4';
import { readAll, StorageLimitError } from './storage';
import { S3_PART_BYTES, S3Storage } from './storage-s3';

const BUCKET = 'storyhouse-media';
const KEYS = { accessKeyId: 'AKIDTESTMEDIA', secretAccessKey: 'test-secret-of-the-bucket' };
const COVER = 'covers/noahs-big-boat.jpg';
const TRACK = 'audio/noahs-big-boat/02.mp3';

/**
 * A small S3-compatible server (path-style, like MinIO): it checks each
 * request's SigV4 signature with the bucket's keys (and the body's hash,
 * unless signed as UNSIGNED-PAYLOAD), answers HEAD, GET with a
 * Range, PUT, and multipart uploads (create, parts, complete, abort), and
 * keeps objects in memory. An object exists only once put or completed.
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
  /** Multipart uploads under way: id → key and parts. */
  const uploads = new Map<string, { key: string; type: string; parts: Map<number, Buffer> }>();
  const aborted: string[] = [];
  let nextUpload = 1;
  /** While set, every part and PUT fails (writes), or every HEAD and GET (reads): a store that stopped answering well. */
  const failing = { writes: false, reads: false };
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
    if (expected.authorization !== auth || (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body))) {
      res.writeHead(403).end('SignatureDoesNotMatch');
      return;
    }
    const key = decodeURIComponent(url.pathname.slice(`/${BUCKET}/`.length));
    const uploadId = url.searchParams.get('uploadId');
    if ((failing.writes && req.method === 'PUT') || (failing.reads && (req.method === 'GET' || req.method === 'HEAD'))) {
      res.writeHead(500).end('<Error><Code>InternalError</Code></Error>');
      return;
    }
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `upload-${nextUpload++}`;
      uploads.set(id, { key, type: String(req.headers['content-type']), parts: new Map() });
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<InitiateMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
      return;
    }
    if (uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) {
        res.writeHead(404).end('<Error><Code>NoSuchUpload</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        upload.parts.set(Number(url.searchParams.get('partNumber')), body);
        res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` }).end();
        return;
      }
      if (req.method === 'DELETE') {
        uploads.delete(uploadId);
        aborted.push(key);
        res.writeHead(204).end();
        return;
      }
      // CompleteMultipartUpload: the parts named, in order, each with the tag its upload answered.
      const named = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber><ETag>([^<]+)<\/ETag>/g)];
      const parts = named.map(([, n, etag]) => {
        const part = upload.parts.get(Number(n));
        return part && `"${sha256Hex(part).slice(0, 32)}"` === etag ? part : undefined;
      });
      if (parts.length === 0 || parts.includes(undefined)) {
        res.writeHead(200).end('<Error><Code>InvalidPart</Code></Error>');
        return;
      }
      uploads.delete(uploadId);
      objects.set(key, { body: Buffer.concat(parts as Buffer[]), type: upload.type, mtime: new Date() });
      res.writeHead(200).end(`<CompleteMultipartUploadResult><Key>${key}</Key></CompleteMultipartUploadResult>`);
      return;
    }
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
  return { endpoint, objects, requests, uploads, aborted, failing, close: () => new Promise((resolve) => server.close(resolve)) };
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

  describe('streamed writes (uploads)', () => {
    const storage = () => new S3Storage({ endpoint: s3.endpoint, bucket: BUCKET, region: 'us-east-1', pathStyle: true, ...KEYS });
    /** A stream of `bytes` bytes in chunks of 60,000 (some straddle two parts), failing after `failAt` bytes when given. */
    function* chunks(bytes: number, failAt = Number.POSITIVE_INFINITY) {
      for (let sent = 0; sent < bytes; sent += 60_000) {
        if (sent >= failAt) throw new Error('connection reset');
        yield Buffer.alloc(Math.min(60_000, bytes - sent), sent % 251);
      }
    }
    const expected = (bytes: number) => Buffer.concat([...chunks(bytes)]);

    it('sends a large file as a multipart upload of 8 MiB parts, shown only once completed', async () => {
      s3.requests.length = 0;
      // Five parts: more than the storage keeps buffers for, so each is reused, and must hold its own bytes when sent.
      const bytes = 4 * S3_PART_BYTES + 123_456;

      const size = await storage().writeStream(
        'uploads/audio/big.mp3',
        Readable.from(chunks(bytes)),
        'audio/mpeg',
        50 * 1024 * 1024,
      );

      expect(size).toBe(bytes);
      // Buffers compared with equals: a deep equality of 16 MB walks every index.
      expect(s3.objects.get('uploads/audio/big.mp3')?.body.equals(expected(bytes))).toBe(true);
      expect(s3.objects.get('uploads/audio/big.mp3')?.type).toBe('audio/mpeg');
      expect(s3.requests).toEqual([
        `POST /${BUCKET}/uploads/audio/big.mp3`,
        ...Array.from({ length: 5 }, () => `PUT /${BUCKET}/uploads/audio/big.mp3`),
        `POST /${BUCKET}/uploads/audio/big.mp3`,
      ]);
      expect(s3.uploads.size).toBe(0);
    });

    it('sends a file smaller than a part as one PUT', async () => {
      s3.requests.length = 0;

      await storage().writeStream('uploads/images/small.jpg', Readable.from(chunks(300_000)), 'image/jpeg', 1024 * 1024);

      expect(s3.requests).toEqual([`PUT /${BUCKET}/uploads/images/small.jpg`]);
      expect(s3.objects.get('uploads/images/small.jpg')?.body.equals(expected(300_000))).toBe(true);
    });

    it('aborts the upload when the stream fails halfway or passes the limit, leaving no object and no parts', async () => {
      const cut = storage().writeStream(
        'uploads/audio/cut.mp3',
        Readable.from(chunks(30_000_000, 20_000_000)),
        'audio/mpeg',
        50e6,
      );
      const over = storage().writeStream('uploads/audio/over.mp3', Readable.from(chunks(30_000_000)), 'audio/mpeg', 17_000_000);

      // Both watched from now on: the one that fails first is never left unhandled while the other is awaited.
      await Promise.all([
        expect(cut).rejects.toThrow('connection reset'),
        expect(over).rejects.toBeInstanceOf(StorageLimitError),
      ]);
      expect(s3.objects.has('uploads/audio/cut.mp3')).toBe(false);
      expect(s3.objects.has('uploads/audio/over.mp3')).toBe(false);
      expect(s3.aborted).toEqual(expect.arrayContaining(['uploads/audio/cut.mp3', 'uploads/audio/over.mp3']));
      expect(s3.uploads.size).toBe(0);
    });

    it('stores an MP3 uploaded in the back office in the bucket, and nothing of one cut off', async () => {
      await createUser(t.db, { email: 'bucket-admin@example.test', password: 'fills-the-bucket', is_admin: true });
      const admin = await logIn(t.app, { email: 'bucket-admin@example.test', password: 'fills-the-bucket' });
      const body = multipartBody(recording(), 'track.mp3');
      const send = (payload: Buffer) =>
        t.app.inject({
          method: 'POST',
          url: '/crud/admin/media?kind=audio',
          headers: { ...body.headers, cookie: admin.cookie! },
          payload,
        });
      const before = s3.objects.size;

      const cut = await send(body.payload.subarray(0, body.payload.length - 5000));
      const whole = await send(body.payload);

      expect([cut.statusCode, cut.json().code]).toEqual([400, 'media_upload_incomplete']);
      expect(whole.statusCode).toBe(200);
      const { key, size, length_seconds } = whole.json();
      expect({ size, length_seconds }).toEqual({ size: recording().length, length_seconds: 34 });
      expect(s3.objects.get(key)?.body.equals(recording())).toBe(true);
      expect(s3.objects.size).toBe(before + 1);

      // A store answering 500 is unavailable for now (503, try again), not the upload's fault; nothing is recorded.
      s3.failing.writes = true;
      const failed = await send(body.payload).finally(() => {
        s3.failing.writes = false;
      });
      expect([failed.statusCode, failed.json().code, failed.headers['retry-after']]).toEqual([503, 'storage_unavailable', '5']);
      expect(s3.objects.size).toBe(before + 1);
      expect(
        Number(
          (
            await t.db
              .selectFrom('media_files')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(1);
    });
  });

  describe('a bucket that does not answer (stopped, unreachable)', () => {
    let down: TestApp;
    beforeAll(async () => {
      // Port 1 of this machine: nothing listens, every connection is refused at once. The same database: the same track.
      down = await createTestApp({
        database: t.database,
        env: {
          MEDIA_STORAGE: 's3',
          S3_ENDPOINT: 'http://127.0.0.1:1',
          S3_BUCKET: BUCKET,
          S3_ACCESS_KEY_ID: KEYS.accessKeyId,
          S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
          IMAGE_CACHE_DIR: mkdtempSync(path.join(tmpdir(), 'storyhouse-s3-down-')),
        },
      });
    });
    afterAll(() => down.close());

    it('answers 503 storage_unavailable in the site language, with Retry-After, for a stream, a download, an image and a resize', async () => {
      const urls = [
        mediaPaths.trackFull(track),
        `${mediaPaths.trackFull(track)}?download=1`,
        mediaPaths.image(COVER),
        `/crud/image/resize?url=/media/${COVER}&width=400`,
      ];
      for (const url of urls) {
        const res = await down.app.inject({ method: 'GET', url });

        expect([res.statusCode, res.headers['retry-after'], res.headers['content-disposition']], url).toEqual([
          503,
          '5',
          undefined,
        ]);
        expect(res.json(), url).toEqual({
          code: 'storage_unavailable',
          message: 'Our file storage is not answering right now. Please try again in a minute.',
          request_id: expect.any(String),
        });
      }
      const spanish = await down.app.inject({
        method: 'GET',
        url: mediaPaths.trackFull(track),
        headers: { host: 'es.localhost' },
      });
      expect(spanish.json().message).toBe(
        'Nuestro almacenamiento de archivos no responde en este momento. Inténtalo de nuevo en un minuto.',
      );
    });

    it('answers 503 too when the bucket answers with its own 5xx, and serves again once it is back', async () => {
      s3.failing.reads = true;
      const failing = await t.app.inject({ method: 'GET', url: mediaPaths.image(COVER) }).finally(() => {
        s3.failing.reads = false;
      });
      const back = await t.app.inject({ method: 'GET', url: mediaPaths.image(COVER) });

      expect([failing.statusCode, failing.json().code]).toEqual([503, 'storage_unavailable']);
      expect(back.statusCode).toBe(200);
    });
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
