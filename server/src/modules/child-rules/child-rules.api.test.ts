import { type ChildListening, type LibraryAlbum, libraryPaths, type MyLibraryResponse, mediaPaths } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createChildProfile, createUser, signIn } from '../../../test/factories';
import { audioAlbum, grant, type TestAlbum } from '../../../test/library';
import { setParentPin } from '../profiles/parent-pin';

/** Issue 42 (decision 056): what a child profile hears, and when, over the real app. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'HEAD' | 'POST' | 'DELETE';
const client = (cookie: string) => (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie } });

const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const nowMinute = () => {
  const d = new Date();
  return d.getUTCHours() * 60 + d.getUTCMinutes();
};
/** Quiet hours (on a UTC clock) that the present is inside of, or outside of. */
const quietNow = () => ({ quiet_from: hhmm(nowMinute() - 60), quiet_to: hhmm(nowMinute() + 60), time_zone: 'UTC' });
const quietLater = () => ({ quiet_from: hhmm(nowMinute() + 120), quiet_to: hhmm(nowMinute() + 180), time_zone: 'UTC' });

async function family() {
  const user = await createUser(t.db);
  const parents = client(await signIn(t.db, user.id));
  return { user, parents };
}

async function child(userId: number, over: Parameters<typeof createChildProfile>[2] = {}, rules: Record<string, unknown> = {}) {
  const profile = await createChildProfile(t.db, userId, { nickname: 'Leo', avatar: 'bear', age_band: '3-5', ...over });
  if (Object.keys(rules).length > 0) await t.db.updateTable('profiles').set(rules).where('id', '=', profile.id).execute();
  return { profile, call: client(await signIn(t.db, userId, { profileId: profile.id })) };
}

const full = (skuId: number) => mediaPaths.trackFull(skuId);
const preview = (skuId: number) => mediaPaths.trackPreview(skuId);

describe("a child's own places and queue", () => {
  it('keeps the child and the parents apart in the same track, and forgets the child with the profile', async () => {
    const { user, parents } = await family();
    const album = await audioAlbum(t.db, { title: 'Shared story' });
    await grant(t.db, user.id, album, 'album');
    const leo = await child(user.id);
    const track = album.tracks[0] as number;

    expect((await parents('PUT', libraryPaths.progress(track), { position_seconds: 10 })).json()).toEqual({
      position_seconds: 10,
    });
    expect((await leo.call('PUT', libraryPaths.progress(track), { position_seconds: 25 })).json()).toEqual({
      position_seconds: 25,
    });

    const place = async (call: typeof parents) =>
      ((await call('GET', `/crud/my-library/product/${album.id}`)).json() as LibraryAlbum).tracks[0]?.position_seconds;
    expect(await place(parents)).toBe(10);
    expect(await place(leo.call)).toBe(25);
    const continuing = async (call: typeof parents) =>
      ((await call('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse).continue_listening.map(
        (c) => c.position_seconds,
      );
    expect(await continuing(parents)).toEqual([10]);
    expect(await continuing(leo.call)).toEqual([25]);

    const queue = (title: string) => ({
      tracks: [{ id: `full:${track}`, title, url: full(track) }],
      index: 0,
      position_seconds: 0,
      repeat: 'off',
      stop_after: null,
      changed_at: new Date().toISOString(),
    });
    expect((await leo.call('PUT', '/crud/my-library/queue', queue("Leo's"))).statusCode).toBe(200);
    expect((await parents('PUT', '/crud/my-library/queue', queue("Parents'"))).statusCode).toBe(200);
    expect((await leo.call('GET', '/crud/my-library/queue')).json().queue.tracks[0].title).toBe("Leo's");
    expect((await parents('GET', '/crud/my-library/queue')).json().queue.tracks[0].title).toBe("Parents'");

    await t.db.deleteFrom('profiles').where('id', '=', leo.profile.id).execute();
    const left = async (table: 'listening_progress' | 'listening_queues') =>
      (await t.db.selectFrom(table).select('profile_id').where('user_id', '=', user.id).execute()).map((r) => r.profile_id);
    expect(await left('listening_progress')).toEqual([null]);
    expect(await left('listening_queues')).toEqual([null]);
    expect(await place(parents)).toBe(10);
  });
});

describe('what a child may hear', () => {
  let user: { id: number };
  let parents: ReturnType<typeof client>;
  let toddler: TestAlbum;
  let forAll: TestAlbum;
  let older: TestAlbum;

  beforeAll(async () => {
    ({ user, parents } = await family());
    toddler = await audioAlbum(t.db, { title: 'Sleepy lamb', age_band: '0-2' });
    forAll = await audioAlbum(t.db, { title: 'Lamb and friends' });
    older = await audioAlbum(t.db, { title: 'Lamb pirates', age_band: '9-12' });
    for (const a of [toddler, forAll, older]) await grant(t.db, user.id, a, 'album');
  });

  const titles = async (call: ReturnType<typeof client>, query = 'page=1') =>
    ((await call('GET', `/crud/my-library?${query}`)).json() as MyLibraryResponse).items.map((a) => a.productTitle).sort();

  it("'age': lists, opens, streams, downloads and keeps places only of albums for the child's age and younger", async () => {
    const leo = await child(user.id, { listens: 'age', age_band: '3-5' });
    const track = older.tracks[0] as number;
    // A place the child had before the rule changed is not shown to him either.
    await t.db
      .insertInto('listening_progress')
      .values({ user_id: user.id, profile_id: leo.profile.id, sku_id: track, position_seconds: 20 })
      .execute();

    expect(await titles(leo.call)).toEqual(['Lamb and friends', 'Sleepy lamb']);
    expect(await titles(parents)).toEqual(['Lamb and friends', 'Lamb pirates', 'Sleepy lamb']);
    const search = (await leo.call('GET', '/crud/my-library?page=1&search=lamb')).json() as MyLibraryResponse;
    expect(search.items.map((a) => a.productTitle).sort()).toEqual(['Lamb and friends', 'Sleepy lamb']);
    expect(search.tracks.every((m) => m.product_id !== older.id)).toBe(true);
    expect(((await leo.call('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse).continue_listening).toEqual([]);

    for (const [method, url] of [
      ['GET', `/crud/my-library/product/${older.id}`],
      ['GET', full(track)],
      ['GET', preview(track)],
      ['GET', libraryPaths.trackFile(track)],
      ['GET', libraryPaths.albumZip(older.id)],
      ['PUT', libraryPaths.progress(track)],
    ] as const) {
      const res = await leo.call(method, url, method === 'PUT' ? { position_seconds: 5 } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('not_for_this_profile');
      expect(res.json().message, url).toMatch(/not on this profile's shelf/);
    }
    // What he may hear plays, and the parents hear everything.
    expect((await leo.call('GET', full(toddler.tracks[0] as number))).statusCode).toBe(200);
    expect((await leo.call('GET', libraryPaths.trackFile(forAll.tracks[0] as number))).statusCode).toBe(200);
    expect((await leo.call('GET', libraryPaths.albumZip(toddler.id))).statusCode).toBe(200);
    expect((await parents('GET', full(track))).statusCode).toBe(200);
  });

  it('shows a child only the albums it may hear in free streaming and the site search, and never offers Play on a refused one', async () => {
    const leo = await child(user.id, { listens: 'age', age_band: '3-5' });
    await t.db.updateTable('products').set({ is_free_streaming: true }).where('id', 'in', [toddler.id, older.id]).execute();
    type Listed = { id: number; tracks: { plays_in_full: boolean }[] };
    const streaming = async (call: ReturnType<typeof client>) =>
      ((await call('GET', '/crud/free-streaming?lang_code=en')).json().items as Listed[]).filter((p) =>
        [toddler.id, older.id].includes(p.id),
      );
    const leoSees = await streaming(leo.call);
    expect(leoSees.map((p) => p.id)).toEqual([toddler.id]);
    expect(leoSees[0]?.tracks.every((tr) => tr.plays_in_full)).toBe(true);
    expect((await streaming(parents)).map((p) => p.id).sort()).toEqual([toddler.id, older.id].sort());
    const refused = await leo.call('GET', `/crud/free-streaming/album/${older.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_for_this_profile');
    expect((await parents('GET', `/crud/free-streaming/album/${older.id}`)).statusCode).toBe(200);

    // The story of the week from an album the child may not hear: none this week for him (the home page and My Library
    // ask this call, and their first data comes from the same function); the parents see it.
    await t.db
      .insertInto('free_stories')
      .values({ lang_code: 'en', sku_id: older.tracks[0] as number, starts_on: new Date().toISOString().slice(0, 10) })
      .execute();
    const story = await leo.call('GET', '/crud/free-story/en');
    expect(story.statusCode).toBe(404);
    expect(story.json().code).toBe('item_not_found');
    expect((await parents('GET', '/crud/free-story/en')).json().product_id).toBe(older.id);
    await t.db
      .deleteFrom('free_stories')
      .where('sku_id', '=', older.tracks[0] as number)
      .execute();

    // The site search: the child finds the lambs it may hear, the parents all three; a family's answer is not cached.
    const found = async (call: ReturnType<typeof client>) => {
      const res = await call('GET', '/crud/search?q=lamb');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const hits = res.json().items as { kind: string; title: string; album_title: string | null }[];
      return [...new Set(hits.map((h) => (h.kind === 'product' ? h.title : h.album_title)))].sort();
    };
    expect(await found(leo.call)).toEqual(['Lamb and friends', 'Sleepy lamb']);
    expect(await found(parents)).toEqual(['Lamb and friends', 'Lamb pirates', 'Sleepy lamb']);
    await t.db.updateTable('products').set({ is_free_streaming: false }).where('id', 'in', [toddler.id, older.id]).execute();
  });

  it("'picked' hears only the picked albums, and a 'never' album is refused in every mode", async () => {
    const picky = await child(user.id, { listens: 'picked' });
    const all = await child(user.id, { listens: 'all', age_band: '9-12' });
    await t.db
      .insertInto('profile_albums')
      .values([
        { profile_id: picky.profile.id, product_id: older.id, rule: 'pick' },
        { profile_id: all.profile.id, product_id: forAll.id, rule: 'never' },
      ])
      .execute();
    expect(await titles(picky.call)).toEqual(['Lamb pirates']);
    expect((await picky.call('GET', full(toddler.tracks[0] as number))).json().code).toBe('not_for_this_profile');
    expect(await titles(all.call)).toEqual(['Lamb pirates', 'Sleepy lamb']);
    expect((await all.call('GET', preview(forAll.tracks[1] as number))).json().code).toBe('not_for_this_profile');

    const rules = (await picky.call('GET', '/crud/my-library/child')).json().child as ChildListening;
    expect(rules).toMatchObject({ only: [older.id], never: [], quiet: null, one_more: null, one_more_used: false });
    expect((await all.call('GET', '/crud/my-library/child')).json().child).toMatchObject({ only: null, never: [forAll.id] });
    expect((await parents('GET', '/crud/my-library/child')).json()).toEqual({ child: null });
  });
});

describe('quiet hours and one more story', () => {
  it('refuses full tracks, downloads and ZIPs during quiet hours; the PIN lets one track play once a night', async () => {
    const { user, parents } = await family();
    await setParentPin(t.db, user.id, '1234');
    const album = await audioAlbum(t.db, { title: 'Goodnight moon boat' });
    await grant(t.db, user.id, album, 'album');
    const quiet = quietNow();
    const leo = await child(user.id, {}, quiet);
    const [first, second] = album.tracks as [number, number];

    for (const url of [full(first), libraryPaths.trackFile(first), libraryPaths.albumZip(album.id)]) {
      const res = await leo.call('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({
        code: 'quiet_time',
        message: `It's quiet time. Stories are back at ${quiet.quiet_to}.`,
      });
    }
    // Previews, the shelf, and the parents are not quiet.
    expect((await leo.call('GET', preview(first))).statusCode).toBe(200);
    expect((await leo.call('GET', '/crud/my-library?page=1')).statusCode).toBe(200);
    expect((await parents('GET', full(first))).statusCode).toBe(200);

    const wrong = await leo.call('POST', '/crud/my-library/one-more-story', { pin: '0000', sku_id: first });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('pin_wrong');
    const granted = await leo.call('POST', '/crud/my-library/one-more-story', { pin: '1234', sku_id: first });
    expect(granted.statusCode).toBe(200);
    const rules = granted.json() as ChildListening;
    expect(rules.one_more?.sku_id).toBe(first);
    expect(Date.parse(rules.one_more?.until ?? '') - Date.now()).toBeGreaterThan(44 * 60_000);
    expect(rules.one_more_used).toBe(true);

    expect((await leo.call('GET', full(first))).statusCode).toBe(200);
    expect((await leo.call('GET', full(second))).json().code).toBe('quiet_time');
    const again = await leo.call('POST', '/crud/my-library/one-more-story', { pin: '1234', sku_id: second });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'one_more_story_used', message: 'One more story was already given tonight.' });

    // Heard to its end, the one more story is over.
    expect((await leo.call('PUT', libraryPaths.progress(first), { position_seconds: 60 })).statusCode).toBe(200);
    expect((await leo.call('GET', full(first))).json().code).toBe('quiet_time');
    // The parents' session has no one more story to ask for.
    expect((await parents('POST', '/crud/my-library/one-more-story', { pin: '1234', sku_id: first })).json().code).toBe(
      'child_profile_only',
    );
  });

  it('plays outside quiet hours', async () => {
    const { user } = await family();
    const album = await audioAlbum(t.db);
    await grant(t.db, user.id, album, 'album');
    const leo = await child(user.id, {}, quietLater());
    expect((await leo.call('GET', full(album.tracks[0] as number))).statusCode).toBe(200);
  });
});

describe('the daily limit', () => {
  it('counts what the child heard from saved places, and refuses play past the limit', async () => {
    const { user } = await family();
    const album = await audioAlbum(t.db);
    await grant(t.db, user.id, album, 'album');
    const leo = await child(user.id, {}, { daily_limit_minutes: 5, time_zone: 'UTC' });
    const track = album.tracks[0] as number;
    const heard = async () =>
      ((await leo.call('GET', '/crud/my-library/child')).json().child as ChildListening).listened_today_seconds;

    await leo.call('PUT', libraryPaths.progress(track), { position_seconds: 15 });
    expect(await heard()).toBe(15);
    // A jump forward right after counts only the time that passed (none), a jump back nothing.
    await leo.call('PUT', libraryPaths.progress(track), { position_seconds: 45 });
    await leo.call('PUT', libraryPaths.progress(track), { position_seconds: 5 });
    expect(await heard()).toBeLessThanOrEqual(16);
    // Twenty seconds later, twenty seconds on.
    const place = () =>
      t.db.updateTable('listening_progress').where('profile_id', '=', leo.profile.id).where('sku_id', '=', track);
    await place()
      .set({ updated_at: new Date(Date.now() - 20_000) })
      .execute();
    const before = await heard();
    await leo.call('PUT', libraryPaths.progress(track), { position_seconds: 25 });
    expect((await heard()) - before).toBe(20);

    expect((await leo.call('GET', full(track))).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    await t.db
      .updateTable('profile_listening_days')
      .set({ seconds: 300 })
      .where('profile_id', '=', leo.profile.id)
      .where('day', '=', new Date(`${today}T00:00:00Z`))
      .execute();
    for (const url of [full(track), libraryPaths.trackFile(track), libraryPaths.albumZip(album.id)]) {
      const res = await leo.call('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('daily_limit_reached');
    }
  });
});
