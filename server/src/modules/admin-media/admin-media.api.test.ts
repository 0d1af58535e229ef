import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AdminMediaResponse, type AuditResponse, type MediaUploadResponse, mediaPaths } from '@storyhouse/contracts';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createProduct, createUser } from '../../../test/factories';
import { demoMediaDir } from '../../config';
import { multipartBody, pngClaiming } from './upload-fixtures';

/** Issue 30 item 2: MP3s and pictures uploaded in the back office, checked by their content and stored whole. */
const TRACK = readFileSync(path.join(demoMediaDir, 'audio/daniel-y-los-leones/01.mp3'));
const COVER = readFileSync(path.join(demoMediaDir, 'covers/daniel-y-los-leones.jpg'));

let t: TestApp;
let mediaDir: string;
let admin: CartVisitor;
beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'storyhouse-uploads-'));
  t = await createTestApp({ env: { MEDIA_DIR: mediaDir, IMAGE_CACHE_DIR: path.join(mediaDir, '.cache') } });
  await createUser(t.db, { email: 'media-admin@example.test', password: 'uploads-the-tracks', is_admin: true });
  admin = await logIn(t.app, { email: 'media-admin@example.test', password: 'uploads-the-tracks' });
});
afterAll(async () => {
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

function upload(
  who: CartVisitor | undefined,
  kind: string,
  file: Buffer,
  { filename = 'file.bin', query = '', truncateAt }: { filename?: string; query?: string; truncateAt?: number } = {},
) {
  const body = multipartBody(file, filename);
  return t.app.inject({
    method: 'POST',
    url: `/crud/admin/media?kind=${kind}${query}`,
    headers: { ...body.headers, ...(who?.cookie ? { cookie: who.cookie } : {}) },
    payload: truncateAt === undefined ? body.payload : body.payload.subarray(0, truncateAt),
  });
}

/** The files under a storage's uploads folder: none but the stored ones, never a temporary or half-written one. */
const filesUnder = (root: string) => {
  const dir = path.join(root, 'uploads');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()) : [];
};
const storedFiles = () => filesUnder(mediaDir);

const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('media_files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('uploading an MP3', () => {
  it('stores it under a new key, answers its size and the length read from its frames, and audits it', async () => {
    const res = await upload(admin, 'audio', TRACK, { filename: 'Daniel 01.mp3' });

    expect(res.statusCode).toBe(200);
    const file = res.json() as MediaUploadResponse;
    expect(file).toEqual({
      key: expect.stringMatching(/^uploads\/audio\/[0-9a-f]{32}\.mp3$/),
      kind: 'audio',
      size: TRACK.length,
      length_seconds: 36,
    });
    expect(readFileSync(path.join(mediaDir, file.key)).equals(TRACK)).toBe(true);
    const list = (await admin.send('GET', '/crud/admin/media')).json() as AdminMediaResponse;
    expect(list.items[0]).toMatchObject({
      key: file.key,
      kind: 'audio',
      size: TRACK.length,
      length_seconds: 36,
      original_name: 'Daniel 01.mp3',
      preview_key: null,
      uploaded_by: { email: 'media-admin@example.test' },
    });
    const audit = (await admin.send('GET', '/crud/admin/audit?action=media.upload')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      admin: { email: 'media-admin@example.test' },
      target: `media ${file.key}`,
      details: { kind: 'audio', original_name: 'Daniel 01.mp3', size_bytes: TRACK.length, length_seconds: 36 },
    });
  });

  it('plays back to an admin, with ranges, and to nobody else', async () => {
    const { key } = (await upload(admin, 'audio', TRACK)).json() as MediaUploadResponse;

    const part = await admin.send('GET', `/crud/admin/media/audio/${key}`, undefined, { range: 'bytes=0-9' });
    const visitor = await t.app.inject({ method: 'GET', url: `/crud/admin/media/audio/${key}` });

    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(TRACK.subarray(0, 10))).toBe(true);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect(visitor.statusCode).toBe(401);
    // An uploaded track is never a public image.
    expect((await t.app.inject({ method: 'GET', url: mediaPaths.image(key) })).statusCode).toBe(404);
  });

  it('cuts a preview of the first seconds out of whole frames when asked', async () => {
    const res = await upload(admin, 'audio', TRACK, { query: '&preview_seconds=10' });

    const file = res.json() as MediaUploadResponse;
    expect(file.preview).toMatchObject({ key: file.key.replace('.mp3', '-preview.mp3'), kind: 'audio', length_seconds: 10 });
    const clip = readFileSync(path.join(mediaDir, file.preview!.key));
    expect(clip.length).toBe(file.preview!.size);
    const { format } = await parseBuffer(clip, { mimeType: 'audio/mpeg' }, { duration: true });
    // Whole frames of 576 samples at 22,050 Hz: within a frame or two (26 ms each) of the ten seconds.
    expect(Math.abs(format.duration! - 10)).toBeLessThan(0.06);
    expect(format.sampleRate).toBe(22050);
  });

  it('gives every upload a key of its own, so replacing a file never cuts off a download of the old one', async () => {
    const first = (await upload(admin, 'audio', TRACK)).json() as MediaUploadResponse;
    const download = await admin.send('GET', `/crud/admin/media/audio/${first.key}`);
    const second = (await upload(admin, 'audio', TRACK)).json() as MediaUploadResponse;

    expect(second.key).not.toBe(first.key);
    expect(download.rawPayload.equals(TRACK)).toBe(true);
    expect(readFileSync(path.join(mediaDir, first.key)).equals(TRACK)).toBe(true);
  });

  it.each([
    ['a renamed Linux program', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 0x90)])],
    ['a renamed Windows program', Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4000, 0)])],
    ['a picture', COVER],
  ])('refuses %s as not an MP3', async (_what, bytes) => {
    const before = await count();

    const res = await upload(admin, 'audio', bytes, { filename: 'track.mp3' });

    expect([res.statusCode, res.json().code]).toEqual([400, 'media_not_mp3']);
    expect(res.json().message).toBe('This file is not an MP3. Choose an MP3 audio file.');
    expect(await count()).toBe(before);
  });

  it('refuses an MP3 with no audio frames (an ID3 tag and nothing playable)', async () => {
    const id3 = Buffer.concat([
      Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x0a', 'latin1'),
      Buffer.alloc(10),
      Buffer.alloc(6000, 0x41),
    ]);

    const res = await upload(admin, 'audio', id3, { filename: 'empty.mp3' });

    expect([res.statusCode, res.json().code]).toEqual([400, 'media_no_audio']);
  });

  it('keeps nothing of an upload cut off halfway, and says so in the site language', async () => {
    const before = { files: storedFiles().length, rows: await count() };
    const body = multipartBody(TRACK, 'cut.mp3');

    const res = await upload(admin, 'audio', TRACK, {
      query: '&test_spanish_site=1',
      truncateAt: Math.floor(body.payload.length / 2),
    });

    expect([res.statusCode, res.json().code]).toEqual([400, 'media_upload_incomplete']);
    expect(res.json().message).toBe(
      'La subida se interrumpió antes de que llegara el archivo completo. No se guardó nada; inténtalo de nuevo.',
    );
    expect({ files: storedFiles().length, rows: await count() }).toEqual(before);
    expect(storedFiles().filter((f) => f.name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('an upload the browser gives up on', () => {
  it('keeps nothing and logs no error, whenever the connection closes', async () => {
    const logged: string[] = [];
    const mediaOfItsOwn = mkdtempSync(path.join(tmpdir(), 'storyhouse-uploads-cut-'));
    const live = await createTestApp({
      database: t.database,
      env: { MEDIA_DIR: mediaOfItsOwn, LOG_LEVEL: 'warn' },
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
    });
    try {
      const address = await live.app.listen({ port: 0, host: '127.0.0.1' });
      const body = multipartBody(TRACK, 'cut.mp3');
      // Closed after the headers only, inside the part's headers, and halfway through the file.
      for (const sent of [0, 60, Math.floor(body.payload.length / 2)]) {
        await new Promise<void>((resolve) => {
          const req = request(`${address}/crud/admin/media?kind=audio`, {
            method: 'POST',
            headers: { ...body.headers, 'content-length': String(body.payload.length), cookie: admin.cookie! },
          });
          req.on('error', () => resolve());
          req.flushHeaders();
          req.write(body.payload.subarray(0, sent));
          setTimeout(() => req.destroy(), 150);
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));

      expect(logged).toEqual([]);
      expect(filesUnder(mediaOfItsOwn)).toEqual([]);
    } finally {
      await live.app.close();
      rmSync(mediaOfItsOwn, { recursive: true, force: true });
    }
  });
});

describe('an upload over its limit, on a kept-alive connection', () => {
  it('is answered 413 with Connection: close, and the server then closes the connection', async () => {
    const mediaOfItsOwn = mkdtempSync(path.join(tmpdir(), 'storyhouse-413-'));
    const live = await createTestApp({ database: t.database, env: { MEDIA_DIR: mediaOfItsOwn } });
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = live.app.server.address() as { port: number };
      const body = multipartBody(Buffer.concat([COVER.subarray(0, 4), Buffer.alloc(21 * 1024 * 1024, 0)]), 'huge.jpg');
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      const ended = new Promise<void>((resolve) => socket.once('end', resolve));
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
      });
      socket.write(
        `POST /crud/admin/media?kind=image HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n` +
          `Cookie: ${admin.cookie}\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
      );
      // The body as a browser sends it: chunk after chunk, until the server answers.
      for (let at = 0; at < body.payload.length && answer === ''; at += 64 * 1024) {
        if (!socket.write(body.payload.subarray(at, at + 64 * 1024))) {
          await new Promise((resolve) => {
            socket.once('drain', resolve);
            socket.once('data', resolve);
          });
        }
      }

      await ended;
      const [head = '', json = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
      expect(head.toLowerCase()).toContain('\r\nconnection: close');
      expect(JSON.parse(json)).toMatchObject({ code: 'media_too_large' });
      socket.destroy();
    } finally {
      await live.close();
      rmSync(mediaOfItsOwn, { recursive: true, force: true });
    }
  });
});

describe('an upload a crash cut off', () => {
  it('leaves a temporary file that the server removes when it starts, and not one still being written', async () => {
    const mediaOfItsOwn = mkdtempSync(path.join(tmpdir(), 'storyhouse-crashed-'));
    const folder = path.join(mediaOfItsOwn, 'uploads/audio');
    mkdirSync(folder, { recursive: true });
    const file = (name: string, minutesAgo: number) => {
      const at = path.join(folder, name);
      writeFileSync(at, TRACK.subarray(0, 1000));
      const when = new Date(Date.now() - minutesAgo * 60_000);
      utimesSync(at, when, when);
      return at;
    };
    const crashed = file('0f1e2d3c4b5a69788796a5b4c3d2e1f0.mp3.a1b2c3d4e5f6.tmp', 60);
    const underWay = file('1f1e2d3c4b5a69788796a5b4c3d2e1f0.mp3.0a1b2c3d4e5f.tmp', 0);
    const stored = file('2f1e2d3c4b5a69788796a5b4c3d2e1f0.mp3', 60);
    const started = await createTestApp({ database: t.database, env: { MEDIA_DIR: mediaOfItsOwn } });
    try {
      await started.app.ready();

      await vi.waitFor(() => expect(existsSync(crashed)).toBe(false), { timeout: 10_000 });
      expect([existsSync(underWay), existsSync(stored)]).toEqual([true, true]);
    } finally {
      await started.close();
      rmSync(mediaOfItsOwn, { recursive: true, force: true });
    }
  });
});

describe('uploading a picture', () => {
  it('stores a JPEG under a new key, serves it as a public image, and resizes it', async () => {
    const res = await upload(admin, 'image', COVER, { filename: 'cover.jpg' });

    const file = res.json() as MediaUploadResponse;
    expect(file).toEqual({
      key: expect.stringMatching(/^uploads\/images\/[0-9a-f]{32}\.jpg$/),
      kind: 'image',
      size: COVER.length,
    });
    const served = await t.app.inject({ method: 'GET', url: mediaPaths.image(file.key) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(COVER)).toBe(true);
    const resized = await t.app.inject({ method: 'GET', url: `/crud/image/resize?url=/media/${file.key}&width=400` });
    expect(resized.statusCode).toBe(200);
  });

  it('names the file by what it is, not what it is called: a PNG sent as .jpg is stored as .png', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b5451b' } })
      .png()
      .toBuffer();

    const file = (await upload(admin, 'image', png, { filename: 'photo.jpg' })).json() as MediaUploadResponse;

    expect(file.key).toMatch(/\.png$/);
    expect((await t.app.inject({ method: 'GET', url: mediaPaths.image(file.key) })).headers['content-type']).toBe('image/png');
  });

  it('refuses a picture of 30,000 × 30,000 pixels before decoding it', async () => {
    // The same PNG, small, is a picture sharp reads: only the size is the trouble.
    expect(await sharp(pngClaiming(4, 3)).metadata()).toMatchObject({ format: 'png', width: 4, height: 3 });
    const res = await upload(admin, 'image', pngClaiming(30_000, 30_000), { filename: 'bomb.png' });

    expect([res.statusCode, res.json().code]).toEqual([400, 'media_too_many_pixels']);
    expect(res.json().message).toBe('This picture is too large: at most 40 megapixels. Make it smaller and try again.');
  });

  it('refuses a damaged picture (a JPEG cut in half) and a file that is no picture', async () => {
    const cut = await upload(admin, 'image', COVER.subarray(0, Math.floor(COVER.length / 2)));
    const zip = await upload(admin, 'image', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(2000, 1)]));
    const svg = await upload(
      admin,
      'image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );

    expect([cut.statusCode, cut.json().code]).toEqual([400, 'media_image_unreadable']);
    expect([zip.statusCode, zip.json().code]).toEqual([400, 'media_not_image']);
    expect([svg.statusCode, svg.json().code]).toEqual([400, 'media_not_image']);
  });

  it('refuses a picture over 20 MB without keeping any of it', async () => {
    const before = storedFiles().length;
    const huge = Buffer.concat([COVER.subarray(0, 4), Buffer.alloc(20 * 1024 * 1024 + 10, 0)]);

    const res = await upload(admin, 'image', huge, { query: '&test_spanish_site=1' });

    expect([res.statusCode, res.json().code]).toEqual([413, 'media_too_large']);
    expect(res.json().message).toBe('Este archivo es demasiado grande: como máximo 20 MB.');
    expect(storedFiles().length).toBe(before);
  });
});

describe('the media library', () => {
  it('finds uploads by a part of their name, of one kind, newest first; a search that is too long is refused', async () => {
    const first = (await upload(admin, 'image', COVER, { filename: 'Library lamb 1.jpg' })).json() as MediaUploadResponse;
    const second = (await upload(admin, 'image', COVER, { filename: 'library LAMB 2.jpg' })).json() as MediaUploadResponse;
    await upload(admin, 'image', COVER, { filename: 'lion.jpg' });
    await upload(admin, 'audio', TRACK, { filename: 'lamb-song.mp3' });

    const found = (await admin.send('GET', '/crud/admin/media?kind=image&search=library%20lamb')).json() as AdminMediaResponse;
    expect(found.items.map((i) => [i.original_name, i.key])).toEqual([
      ['library LAMB 2.jpg', second.key],
      ['Library lamb 1.jpg', first.key],
    ]);
    expect(found.count).toBe(2);
    // A percent sign is a character searched for, not a wildcard.
    expect(((await admin.send('GET', '/crud/admin/media?search=%25')).json() as AdminMediaResponse).count).toBe(0);
    const all = (await admin.send('GET', '/crud/admin/media?search=lamb')).json() as AdminMediaResponse;
    expect(all.items.map((i) => i.kind).sort()).toEqual(['audio', 'image', 'image']);
    expect((await admin.send('GET', `/crud/admin/media?search=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('makes an uploaded picture a product’s cover, audited as an edit of the product; nothing else may be one', async () => {
    const { id: productId } = await createProduct(t.db, { slug: 'covered-lamb', title: 'The Lost Lamb' }, { album: 500 });
    const picture = (await upload(admin, 'image', COVER, { filename: 'lamb cover.jpg' })).json() as MediaUploadResponse;
    const track = (await upload(admin, 'audio', TRACK, { filename: 'lamb.mp3' })).json() as MediaUploadResponse;
    const cover = (image: string, who = admin) => who.send('PUT', `/crud/admin/products/${productId}/cover`, { image });

    // A track, a file never uploaded and a key that is no key change nothing.
    for (const [image, code] of [
      [track.key, 'cover_not_uploaded'],
      ['uploads/images/never.jpg', 'cover_not_uploaded'],
      ['../etc/passwd', 'validation_failed'],
    ]) {
      const refused = await cover(image!);
      expect([refused.statusCode, refused.json().code], image).toEqual([400, code]);
    }
    const product = async () =>
      (await t.db.selectFrom('products').select('primary_image').where('id', '=', productId).executeTakeFirstOrThrow())
        .primary_image;
    expect(await product()).not.toBe(picture.key);

    const res = await cover(picture.key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: productId, primary_image: picture.key });
    expect(await product()).toBe(picture.key);
    const audit = (await admin.send('GET', '/crud/admin/audit?action=product.update')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      target: 'product covered-lamb',
      details: { fields: 'primary_image', cover: 'lamb cover.jpg' },
    });

    await createUser(t.db, { email: 'cover-family@example.test', password: 'listens-along' });
    const family = await logIn(t.app, { email: 'cover-family@example.test', password: 'listens-along' });
    expect((await cover(picture.key, family)).statusCode).toBe(403);
    expect((await admin.send('PUT', '/crud/admin/products/99999999/cover', { image: picture.key })).statusCode).toBe(404);
  });
});

describe('who may upload', () => {
  it('asks for a file, and is for admins acting as themselves only', async () => {
    await createUser(t.db, { email: 'media-family@example.test', password: 'listens-along' });
    const family = await logIn(t.app, { email: 'media-family@example.test', password: 'listens-along' });
    const impersonating = await logIn(t.app, { email: 'media-admin@example.test', password: 'uploads-the-tracks' });
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'media-family@example.test')
      .executeTakeFirstOrThrow();
    expect((await impersonating.send('POST', `/crud/admin/masquerade/${user.id}`)).statusCode).toBe(200);
    const before = await count();

    expect((await upload(undefined, 'audio', TRACK)).statusCode).toBe(401);
    expect((await upload(family, 'audio', TRACK)).statusCode).toBe(403);
    expect((await upload(impersonating, 'audio', TRACK)).statusCode).toBe(403);
    expect((await family.send('GET', '/crud/admin/media')).statusCode).toBe(403);
    expect((await impersonating.send('GET', '/crud/admin/media')).statusCode).toBe(403);
    expect((await impersonating.send('GET', '/crud/admin/media/audio/audio/daniel-y-los-leones/01.mp3')).statusCode).toBe(403);
    expect(await count()).toBe(before);

    const none = await admin.send('POST', '/crud/admin/media?kind=audio', {});
    expect([none.statusCode, none.json().code]).toEqual([400, 'media_file_missing']);
  });
});
