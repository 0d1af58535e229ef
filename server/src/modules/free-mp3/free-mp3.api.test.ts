import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FreeMp3Grant } from '@storyhouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { solvedCaptcha } from '../../../test/captcha';
import { createCmsEntry } from '../../../test/factories';
import { demoMediaDir } from '../../config';
import { freeMp3RecordingSeeder } from '../cms/cms.seed';
import { RETIRED_FREE_MP3 } from '../cms/demo-pages';
import { freeMp3Repository } from './free-mp3.repository';
import { FREE_MP3_LINK_TTL_SECONDS, FREE_MP3_RATE_LIMIT } from './free-mp3.service';

// Issue 6: the free MP3 gate holds on the server. The CMS page says only that
// it offers an MP3; a form with a valid captcha earns a short-lived link.

const HOSTS = { en: 'localhost', es: 'es.localhost', ru: 'ru.localhost' } as const;
const BY_URL = '/crud/content/entry/by/url?url=/get-a-free-mp3';
/** A sold track of the demo (the recording the page used to give away). */
const PAID_KEY = 'audio/david-the-shepherd-boy/03.mp3';

let t: TestApp;
/** Each test its own client address, so one test's rate limit does not reach another. */
let clients = 0;
const nextClient = () => `10.6.0.${++clients}`;

const form = (captcha: string, extra: Record<string, string> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  birth_year: '1980',
  captcha,
  ...extra,
});

function submit(entryId: number, payload: Record<string, unknown>, { host = 'localhost', remoteAddress = nextClient() } = {}) {
  return t.app.inject({ method: 'POST', url: `/crud/free-mp3/${entryId}/download`, payload, headers: { host }, remoteAddress });
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function demoEntry(lang: keyof typeof HOSTS, url = '/get-a-free-mp3') {
  return t.db
    .selectFrom('cms_entries')
    .select(['id', 'mp3', 'free_story_title'])
    .where('lang_code', '=', lang)
    .where('url', '=', url)
    .executeTakeFirstOrThrow();
}

/** A fresh link to the English demo page's MP3, as a verified form gets it. */
async function grant(entryId?: number) {
  const res = await submit(entryId ?? (await demoEntry('en')).id, form(await solvedCaptcha(t.app)));
  expect(res.statusCode, res.body).toBe(200);
  return FreeMp3Grant.parse(res.json());
}

const linkCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('free_mp3_downloads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

describe('the demo free MP3', () => {
  it('is a recording of its own in every language, sold nowhere in the shop', async () => {
    const pages = await t.db
      .selectFrom('cms_entries')
      .select(['lang_code', 'url', 'mp3'])
      .where('type', '=', 'free-mp3')
      .execute();
    const keys = [...new Set(pages.map((p) => p.mp3))];
    expect(keys.sort()).toEqual(['audio/free-mp3/en.mp3', 'audio/free-mp3/es.mp3', 'audio/free-mp3/ru.mp3']);
    const sold = await t.db
      .selectFrom('skus')
      .select('id')
      .where((eb) => eb.or([eb('media_full', 'in', keys as string[]), eb('media_preview', 'in', keys as string[])]))
      .execute();
    expect(sold).toEqual([]);
  });

  it('replaces the sold track a database seeded before gave away, unless an editor chose another file', async () => {
    const en = await demoEntry('en');
    const es = await demoEntry('es');
    await t.db
      .updateTable('cms_entries')
      .set({ mp3: RETIRED_FREE_MP3.en, free_story_title: 'David and Goliath' })
      .where('id', '=', en.id)
      .execute();
    await t.db.updateTable('cms_entries').set({ mp3: 'audio/editors-choice.mp3' }).where('id', '=', es.id).execute();

    await freeMp3RecordingSeeder.run(t.db);

    expect(await demoEntry('en')).toEqual(en);
    expect((await demoEntry('es')).mp3).toBe('audio/editors-choice.mp3');
    await t.db.updateTable('cms_entries').set({ mp3: es.mp3 }).where('id', '=', es.id).execute();
  });
});

describe('the CMS page', () => {
  it('says the page offers an MP3 but never carries the file, in the JSON or the page the server renders', async () => {
    for (const host of Object.values(HOSTS)) {
      const json = await get(BY_URL, { host });
      expect(json.statusCode).toBe(200);
      expect(json.json().cms_entry.freeMp3).toBe(true);
      expect(json.body).not.toMatch(/\.mp3|cms-asset|audio\//);

      const page = await get('/get-a-free-mp3', { host, accept: 'text/html' });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(/\.mp3|cms-asset|audio\//);
    }
  });
});

describe('POST /crud/free-mp3/:entryId/download', () => {
  it('answers a verified form a 15-minute link that downloads the MP3 as an attachment (with Range and HEAD)', async () => {
    const entry = await demoEntry('en');
    const before = Date.now();
    const { download_url, expires_at, title } = await grant(entry.id);
    expect(title).toBe(entry.free_story_title);
    expect(download_url).toMatch(/^\/crud\/cms-asset\/download\?token=[A-Za-z0-9_-]{43}$/);
    const ttl = (Date.parse(expires_at) - before) / 1000;
    expect(ttl).toBeGreaterThan(FREE_MP3_LINK_TTL_SECONDS - 30);
    expect(ttl).toBeLessThanOrEqual(FREE_MP3_LINK_TTL_SECONDS + 30);

    const file = readFileSync(path.join(demoMediaDir, entry.mp3!));
    const res = await get(download_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${title}.mp3"; filename*=UTF-8''${encodeURIComponent(`${title}.mp3`)}`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(file)).toBe(true);

    const part = await get(download_url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${file.length}`);
    const head = await t.app.inject({ method: 'HEAD', url: download_url });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(file.length);
  });

  it('checks the form with the shared contract before it spends the captcha', async () => {
    const captcha = await solvedCaptcha(t.app);
    const { id } = await demoEntry('en');
    const res = await submit(id, form(captcha, { email: 'ada@', birth_year: 'abc' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      fields: { email: expect.any(String), birth_year: expect.any(String) },
    });
    // The same solution still works once the form is right.
    expect((await submit(id, form(captcha))).statusCode).toBe(200);
  });

  it('refuses a missing, forged or replayed captcha, in the site language, and gives no link', async () => {
    const { id } = await demoEntry('en');
    const links = await linkCount();

    const missing = await submit(id, { ...form(''), captcha: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', fields: { captcha: expect.any(String) } });

    const forged = await submit(id, form(Buffer.from('{"challenge":{},"solution":{}}').toString('base64')));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 'free_mp3_captcha_invalid', message: 'Invalid captcha verification' });
    const es = await submit((await demoEntry('es')).id, form('bm90IGEgc29sdXRpb24='), { host: HOSTS.es });
    expect(es.json().code).toBe('free_mp3_captcha_invalid');
    expect(es.json().message).toBe('La verificación del captcha no es válida');

    const captcha = await solvedCaptcha(t.app);
    expect((await submit(id, form(captcha))).statusCode).toBe(200);
    const replay = await submit(id, form(captcha));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('free_mp3_captcha_invalid');
    expect(await linkCount()).toBe(links + 1);
  });

  it('answers 404 page_not_found for an entry that offers no MP3, without spending the captcha', async () => {
    const about = await createCmsEntry(t.db, { url: '/not-a-free-mp3', type: 'basic-subpage', title: 'About' });
    const draft = await createCmsEntry(t.db, { url: '/draft-free-mp3', type: 'free-mp3', mp3: PAID_KEY, status: 'draft' });
    const noFile = await createCmsEntry(t.db, { url: '/empty-free-mp3', type: 'free-mp3' });
    const captcha = await solvedCaptcha(t.app);
    for (const id of [about, draft, noFile, 2_000_000_000]) {
      const res = await submit(id, form(captcha));
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().code).toBe('page_not_found');
    }
    expect((await submit((await demoEntry('en')).id, form(captcha))).statusCode).toBe(200);
  });

  it('limits the submissions of one client address (429 rate_limited)', async () => {
    const { id } = await demoEntry('en');
    const remoteAddress = nextClient();
    for (let i = 0; i < FREE_MP3_RATE_LIMIT.limit; i++) {
      expect((await submit(id, form('bm90IGEgc29sdXRpb24='), { remoteAddress })).statusCode).toBe(400);
    }
    const refused = await submit(id, form(await solvedCaptcha(t.app)), { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    // Another address is not affected.
    expect((await submit(id, form('bm90IGEgc29sdXRpb24='))).statusCode).toBe(400);
  });
});

describe('GET /crud/cms-asset/download', () => {
  it('answers 410 for an expired link and 404 for a forged, unknown or withdrawn one, localized, with no file', async () => {
    const { download_url } = await grant();
    const token = new URL(download_url, 'http://x').searchParams.get('token')!;
    await t.db
      .updateTable('free_mp3_downloads')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('cms_entry_id', '=', (await demoEntry('en')).id)
      .execute();
    const expired = await get(download_url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ code: 'free_mp3_link_expired', message: expect.stringContaining('expired') });
    expect(expired.headers['content-disposition']).toBeUndefined();
    const expiredEs = await get(download_url, { host: HOSTS.es });
    expect(expiredEs.json().message).toMatch(/caducó/);

    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, 'x'.repeat(43), 'short', '']) {
      const res = await get(`/crud/cms-asset/download?token=${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().code).toBe('free_mp3_link_invalid');
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it('stops a link once its page no longer offers the MP3', async () => {
    const id = await createCmsEntry(t.db, { url: '/withdrawn-free-mp3', type: 'free-mp3', mp3: 'audio/free-mp3/en.mp3' });
    const { download_url } = await grant(id);
    expect((await t.app.inject({ method: 'HEAD', url: download_url })).statusCode).toBe(200);
    await t.db.updateTable('cms_entries').set({ status: 'draft' }).where('id', '=', id).execute();
    const res = await get(download_url);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('free_mp3_link_invalid');
  });

  it('serves no file by its storage key any more: neither the free MP3 nor a sold track', async () => {
    for (const key of ['audio/free-mp3/en.mp3', PAID_KEY]) {
      for (const url of [`/crud/cms-asset/download?url=${encodeURIComponent(key)}`, `/media/${key}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.headers['content-type'], url).not.toBe('audio/mpeg');
      }
    }
    // The sold track's full recording is for those who may hear it; a visitor gets its preview only.
    const paid = await t.db.selectFrom('skus').select('id').where('media_full', '=', PAID_KEY).executeTakeFirstOrThrow();
    expect((await get(`/crud/media/track/${paid.id}/full.mp3`)).statusCode).toBe(403);
    expect((await get(`/crud/media/track/${paid.id}/preview.mp3`)).statusCode).toBe(200);
  });
});

describe('the periodic sweep', () => {
  it('removes links a day past their expiry and keeps the rest', async () => {
    await grant();
    const { id } = await demoEntry('en');
    await t.db
      .insertInto('free_mp3_downloads')
      .values({ cms_entry_id: id, token_hash: 'f'.repeat(64), expires_at: sql<Date>`now() - interval '2 days'` })
      .execute();
    const before = await linkCount();
    expect(await freeMp3Repository(t.db).deleteStale()).toBe(1);
    expect(await linkCount()).toBe(before - 1);
  });
});
