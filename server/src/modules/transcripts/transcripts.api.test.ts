import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type AdminOrder,
  type AdminTranscript,
  type Cue,
  type LibraryAlbum,
  mediaPaths,
  PREVIEW_SECONDS,
  type Product,
  type ProductListResponse,
  type TranscriptResponse,
  transcriptPaths,
} from '@storyhouse/contracts';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createChildProfile, createPlan, createUser, signIn } from '../../../test/factories';
import { audioAlbum, grant, RECORDINGS, type TestAlbum } from '../../../test/library';
import { payCart } from '../../../test/payments-client';
import { demoMediaDir } from '../../config';

/**
 * Issue 43 over the real app: a track's words follow the audio's access rule
 * (decision 016), and the back office writes, imports and exports them.
 */
let t: TestApp;
/** The admin, signed in through the login form. */
let admin: { send: Call };
let noah: TestAlbum;

/** A track of 60 s (audioAlbum): two cues within the 12-second preview, two after it. */
const CUES: Cue[] = [
  { start_ms: 0, end_ms: 5000, text: 'Noah built a big boat.' },
  { start_ms: 5000, end_ms: 11_500, text: 'The animals came two by two.' },
  { start_ms: PREVIEW_SECONDS * 1000, end_ms: 20_000, text: 'Then the rain began.' },
  { start_ms: 30_000, end_ms: 59_000, text: 'And a rainbow shone.' },
];

type Call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => Promise<LightMyRequestResponse>;
const client =
  (cookie?: string): Call =>
  (method, url, payload) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
const visitor = () => client();

let families = 0;
/** A family signed in through the login form, with a cart: to buy for real. */
async function buyer(): Promise<CartVisitor & { userId: number }> {
  families += 1;
  const email = `transcript-family${families}@example.test`;
  const user = await createUser(t.db, { email, password: 'reads-along' });
  return Object.assign(await logIn(t.app, { email, password: 'reads-along' }), { userId: user.id });
}

async function save(skuId: number, cues: Cue[], updated_at: string | null = null) {
  const res = await admin.send('PUT', transcriptPaths.admin(skuId), { cues, updated_at });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminTranscript;
}

async function read(call: Call, skuId: number) {
  const res = await call('GET', transcriptPaths.track(skuId));
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as TranscriptResponse, cache: res.headers['cache-control'] };
}

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { email: 'transcript-admin@example.test', password: 'times-the-words', is_admin: true });
  admin = { send: client((await logIn(t.app, { email: 'transcript-admin@example.test', password: 'times-the-words' })).cookie) };
  noah = await audioAlbum(t.db, { title: 'Noah and the rain' });
  await save(noah.tracks[0] as number, CUES);
});
afterAll(() => t.close());

describe('reading along (the access rule of the audio)', () => {
  it("gives a visitor the preview's cues only, never cached for later", async () => {
    const { body, cache } = await read(visitor(), noah.tracks[0] as number);
    expect(body).toEqual({ sku_id: noah.tracks[0], lang_code: 'en', scope: 'preview', cues: CUES.slice(0, 2) });
    expect(cache).toBe('private, no-cache');
  });

  it('gives the owner of the album every cue, privately', async () => {
    const user = await createUser(t.db);
    await grant(t.db, user.id, noah, 'album');
    const { body, cache } = await read(client(await signIn(t.db, user.id)), noah.tracks[0] as number);
    expect(body).toMatchObject({ scope: 'full', cues: CUES });
    expect(cache).toBe('private, max-age=3600');
  });

  it('gives a family with an active plan every cue', async () => {
    const family = await buyer();
    await family.add(await createPlan(t.db, 'monthly'));
    await payCart(family);
    const res = await family.send('GET', transcriptPaths.track(noah.tracks[0] as number));
    expect(res.json()).toMatchObject({ scope: 'full', cues: CUES });
  });

  it('gives a visitor every cue of an album that streams for everyone, and of a free track', async () => {
    const free = await audioAlbum(t.db, { title: 'Free rain', is_free_streaming: true });
    await save(free.tracks[1] as number, CUES);
    expect((await read(visitor(), free.tracks[1] as number)).body).toMatchObject({ scope: 'full', cues: CUES });
    const freeTrack = await audioAlbum(t.db, { title: 'One free rain', free: [0] });
    await save(freeTrack.tracks[0] as number, CUES);
    expect((await read(visitor(), freeTrack.tracks[0] as number)).body.scope).toBe('full');
  });

  it('gives a family the preview again once its album is refunded', async () => {
    const jonah = await audioAlbum(t.db, { title: 'Jonah in the rain' });
    await save(jonah.tracks[2] as number, CUES);
    const family = await buyer();
    await family.add(jonah.album);
    await payCart(family);
    const url = transcriptPaths.track(jonah.tracks[2] as number);
    expect((await family.send('GET', url)).json()).toMatchObject({ scope: 'full', cues: CUES });

    const order = await t.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', family.userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const refund = await admin.send('POST', `/crud/admin/orders/${order.id}/refund`);
    expect((refund.json() as AdminOrder).status).toBe('refunded');
    expect((await family.send('GET', url)).json()).toMatchObject({ scope: 'preview', cues: CUES.slice(0, 2) });
  });

  it('refuses a child profile an album its rules refuse, and reads one it allows, never cached', async () => {
    const user = await createUser(t.db);
    const older = await audioAlbum(t.db, { title: 'Rain pirates', age_band: '9-12' });
    await save(older.tracks[0] as number, CUES);
    for (const a of [noah, older]) await grant(t.db, user.id, a, 'album');
    const leo = await createChildProfile(t.db, user.id, { nickname: 'Leo', listens: 'age', age_band: '3-5' });
    const child = client(await signIn(t.db, user.id, { profileId: leo.id }));

    const refused = await child('GET', transcriptPaths.track(older.tracks[0] as number));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_for_this_profile');
    const { body, cache } = await read(child, noah.tracks[0] as number);
    expect(body.scope).toBe('full');
    expect(cache).toBe('private, no-cache');
    // The parents read both.
    expect((await read(client(await signIn(t.db, user.id)), older.tracks[0] as number)).body.scope).toBe('full');
  });

  it('answers 404 item_not_found for a track without words, a sku that is not a track, and no sku', async () => {
    for (const id of [noah.tracks[1] as number, noah.album, 999_999]) {
      const res = await visitor()('GET', transcriptPaths.track(id));
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().code).toBe('item_not_found');
    }
  });
});

describe("a track's transcript_url", () => {
  it('is set on tracks with words and null on others, on every list that carries tracks', async () => {
    const free = await audioAlbum(t.db, { title: 'Rainbow stream', is_free_streaming: true });
    await save(free.tracks[1] as number, CUES);
    const user = await createUser(t.db);
    await grant(t.db, user.id, noah, 'album');
    const family = client(await signIn(t.db, user.id));
    const urls = (tracks: readonly { transcript_url: string | null }[]) => tracks.map((tr) => tr.transcript_url);
    const withWords = (album: TestAlbum, i: number) => album.tracks.map((id, j) => (j === i ? transcriptPaths.track(id) : null));

    const story = (await visitor()('GET', `/crud/product/${noah.id}/skus`)).json() as Product;
    expect(urls(story.tracks)).toEqual(withWords(noah, 0));
    const list = (
      await visitor()('GET', '/crud/product/skus?page=1&lang_code=en&search=Noah%20rain')
    ).json() as ProductListResponse;
    expect(urls(list.items.find((p) => p.id === noah.id)?.tracks ?? [])).toEqual(withWords(noah, 0));
    const library = (await family('GET', `/crud/my-library/product/${noah.id}`)).json() as LibraryAlbum;
    expect(urls(library.tracks)).toEqual(withWords(noah, 0));
    const streaming = (await visitor()('GET', `/crud/free-streaming/album/${free.id}`)).json() as Product;
    expect(urls(streaming.tracks)).toEqual(withWords(free, 1));
  });
});

describe('the transcript in the back office', () => {
  it('refuses a customer every back-office route', async () => {
    const user = await createUser(t.db);
    const customer = client(await signIn(t.db, user.id));
    const id = noah.tracks[0] as number;
    for (const [method, url, payload] of [
      ['GET', transcriptPaths.admin(id)],
      ['PUT', transcriptPaths.admin(id), { cues: [], updated_at: null }],
      ['POST', transcriptPaths.adminImport(id), { format: 'vtt', text: 'WEBVTT\n' }],
      ['GET', transcriptPaths.adminExport(id, 'vtt')],
    ] as const) {
      const res = await customer(method, url, payload);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await admin.send('GET', transcriptPaths.admin(id))).json().cues).toEqual(CUES);
  });

  it("lets the back office hear the paid track it times, which the families' stream refuses to an admin who does not own it", async () => {
    const ruth = await audioAlbum(t.db, { title: 'Ruth pays' });
    const id = ruth.tracks[1] as number;
    const { audio_url } = (await admin.send('GET', transcriptPaths.admin(id))).json() as AdminTranscript;

    const heard = await admin.send('GET', audio_url);
    expect(heard.statusCode).toBe(200);
    expect(heard.headers['content-type']).toBe('audio/mpeg');
    expect(heard.rawPayload.equals(readFileSync(path.join(demoMediaDir, RECORDINGS[1])))).toBe(true);
    // The address is the back office's: not for a family, nor for a visitor.
    expect((await client((await buyer()).cookie)('GET', audio_url)).statusCode).toBe(403);
    expect((await visitor()('GET', audio_url)).statusCode).toBe(401);
    // What the Transcript tab played before: the families' stream, which the access rule closes to an admin.
    expect((await admin.send('GET', mediaPaths.trackFull(id))).statusCode).toBe(403);
  });

  it('shows the words of a hidden track to nobody, the family that owns it included, while the back office edits them', async () => {
    const hidden = await audioAlbum(t.db, { title: 'Hidden rain', tracks: 1 });
    const id = hidden.tracks[0] as number;
    await save(id, CUES);
    const family = await buyer();
    await grant(t.db, family.userId, hidden, 'album');
    expect((await read(client(family.cookie), id)).body.cues).toEqual(CUES);

    await t.db.updateTable('skus').set({ is_hidden: true }).where('id', '=', id).execute();

    for (const call of [client(family.cookie), visitor()]) {
      const res = await call('GET', transcriptPaths.track(id));
      expect([res.statusCode, res.json().code]).toEqual([404, 'item_not_found']);
    }
    expect((await admin.send('GET', transcriptPaths.admin(id))).json().cues).toEqual(CUES);
  });

  it('saves a new transcript, audited; a save over one saved since is refused with 409 and changes nothing', async () => {
    const ruth = await audioAlbum(t.db, { title: 'Ruth in the rain' });
    const id = ruth.tracks[0] as number;
    const empty = (await admin.send('GET', transcriptPaths.admin(id))).json() as AdminTranscript;
    expect(empty).toEqual({
      sku_id: id,
      track_title: 'Ruth in the rain track 1',
      album_title: 'Ruth in the rain',
      lang_code: 'en',
      length_ms: 60_500,
      audio_url: `/crud/admin/media/audio/${RECORDINGS[0]}`,
      cues: [],
      updated_at: null,
    });

    const first = await save(id, CUES.slice(0, 2));
    expect(first.updated_at).not.toBeNull();
    // A second editor who opened the empty transcript before the save.
    const stale = await admin.send('PUT', transcriptPaths.admin(id), { cues: CUES, updated_at: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'transcript_changed', message: expect.stringMatching(/Someone else saved/) });
    const second = await save(id, CUES, first.updated_at);
    expect(second.cues).toEqual(CUES);
    expect((await admin.send('PUT', transcriptPaths.admin(id), { cues: [], updated_at: first.updated_at })).statusCode).toBe(409);

    const audit = await t.db
      .selectFrom('admin_audit')
      .select(['action', 'target', 'admin_email', 'details'])
      .where('target', '=', `sku ${id} Ruth in the rain track 1`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'transcript.save', admin_email: 'transcript-admin@example.test' }),
      expect.objectContaining({ action: 'transcript.save' }),
    ]);
    expect(audit[1]?.details).toMatchObject({ sku_id: id, cues: 4, removed: false });

    // An empty list removes it: families get 404, the editor an empty transcript.
    const removed = await save(id, [], second.updated_at);
    expect(removed).toMatchObject({ cues: [], updated_at: null });
    expect((await visitor()('GET', transcriptPaths.track(id))).statusCode).toBe(404);
  });

  it('names each cue that breaks a rule, in the site language, and saves nothing', async () => {
    const id = noah.tracks[0] as number;
    const before = (await admin.send('GET', transcriptPaths.admin(id))).json() as AdminTranscript;
    const bad: Cue[] = [
      { start_ms: 1000, end_ms: 4000, text: 'One.' },
      { start_ms: 3000, end_ms: 6000, text: 'Overlaps.' },
      { start_ms: 2000, end_ms: 2500, text: 'Out of order.' },
      { start_ms: 50_000, end_ms: 61_000, text: 'Past the end.' },
    ];
    const res = await admin.send('PUT', `${transcriptPaths.admin(id)}?test_spanish_site=1`, {
      cues: bad,
      updated_at: before.updated_at,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      fields: {
        // The words the editor shows at each sentence (contracts' captionProblemMessage).
        'cues.1.start_ms': 'Empieza antes de que termine la oración de arriba: hágala empezar más tarde.',
        'cues.2.start_ms': 'Empieza antes que la oración de arriba: hágala empezar más tarde.',
        'cues.3.start_ms': 'Termina después del final de la pista.',
      },
    });
    expect(Object.keys(res.json().fields)).toHaveLength(3);
    expect((await admin.send('GET', transcriptPaths.admin(id))).json()).toEqual(before);
  });

  it('imports a WebVTT or SRT file without saving it, and refuses a malformed one naming its line', async () => {
    const ruth = await audioAlbum(t.db, { title: 'Ruth imports' });
    const id = ruth.tracks[0] as number;
    const vtt =
      'WEBVTT\n\n00:00.000 --> 00:05.000\nNoah built a big boat.\n\n00:05.000 --> 00:11.500\nThe animals came two by two.\n';
    const ok = await admin.send('POST', transcriptPaths.adminImport(id), { format: 'vtt', text: vtt });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ cues: CUES.slice(0, 2) });
    expect((await admin.send('GET', transcriptPaths.admin(id))).json()).toMatchObject({ cues: [], updated_at: null });

    const srt = '1\n00:00:00,000 --> 00:00:05,000\nA.\n\n2\n00:00:50,000 --> 00:01:05,000\nPast the end.\n';
    const bad = await admin.send('POST', `${transcriptPaths.adminImport(id)}?test_spanish_site=1`, { format: 'srt', text: srt });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'caption_file_invalid',
      line: 6,
      problem: 'cue_past_end',
      message: expect.stringContaining('línea 6'),
      fields: { text: 'Termina después del final de la pista.' },
    });
    const syntax = await admin.send('POST', transcriptPaths.adminImport(id), { format: 'vtt', text: 'Hello\n' });
    expect(syntax.json()).toMatchObject({ code: 'caption_file_invalid', line: 1, problem: 'caption_syntax' });
  });

  it('exports the saved transcript as a file named after the track, in either format', async () => {
    const id = noah.tracks[0] as number;
    const vtt = await admin.send('GET', transcriptPaths.adminExport(id, 'vtt'));
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['content-disposition']).toContain('filename="Noah and the rain track 1.vtt"');
    expect(vtt.body).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:05\.000\nNoah built a big boat\.\n/);
    const srt = await admin.send('GET', transcriptPaths.adminExport(id, 'srt'));
    expect(srt.headers['content-disposition']).toContain('.srt"');
    const back = await admin.send('POST', transcriptPaths.adminImport(id), { format: 'srt', text: srt.body });
    expect(back.json()).toEqual({ cues: CUES });
    expect((await admin.send('GET', transcriptPaths.adminExport(noah.tracks[1] as number, 'vtt'))).statusCode).toBe(404);
  });
});
