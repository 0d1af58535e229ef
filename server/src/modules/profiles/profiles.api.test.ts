import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createChildProfile, createUser, signIn } from '../../../test/factories';
import { audioAlbum, grant } from '../../../test/library';
import { setParentPin } from './parent-pin';

/** The parents' Family page: their children's profiles and rules (GET/POST/PATCH/DELETE /crud/profiles). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call =
  (cookie: string, lang = 'en') =>
  (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url: lang === 'es' ? `${url}?test_spanish_site=1` : url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });

async function family() {
  const user = await createUser(t.db);
  return { user, api: call(await signIn(t.db, user.id)) };
}

const child = { nickname: 'Ada', avatar: 'owl', age_band: '3-5' };

describe('the parents manage their children', () => {
  it('adds a child with the rules left out, and lists each child with the rules, the week and recent albums', async () => {
    const { user, api } = await family();
    const album = await audioAlbum(t.db, { title: 'Noah and the boat' });
    await grant(t.db, user.id, album, 'album');

    const added = await api('POST', '/crud/profiles', child);
    expect(added.statusCode).toBe(200);
    const ada = added.json();
    expect(ada).toMatchObject({
      ...child,
      listens: 'all',
      picked: [],
      never: [],
      quiet_from: null,
      quiet_to: null,
      time_zone: 'UTC',
      daily_limit_minutes: null,
      sleep_timer: null,
      recent: [],
    });
    expect(ada.week).toHaveLength(7);

    // She listened 10 minutes today and an hour yesterday, on her clock, and heard a track of the album.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.db
      .insertInto('profile_listening_days')
      .values([
        { profile_id: ada.id, day: today, seconds: 600 },
        { profile_id: ada.id, day: yesterday, seconds: 3600 },
      ])
      .execute();
    await t.db
      .insertInto('listening_progress')
      .values({ user_id: user.id, profile_id: ada.id, sku_id: album.tracks[0]!, position_seconds: 12 })
      .execute();

    const list = (await api('GET', '/crud/profiles')).json();
    expect(list).toMatchObject({ max: 6, has_pin: false, albums: [{ id: album.id, title: 'Noah and the boat' }] });
    expect(list.items).toHaveLength(1);
    const [seen] = list.items;
    expect(seen.week.at(-1)).toEqual({ day: today, minutes: 10 });
    expect(seen.week.at(-2)).toEqual({ day: yesterday, minutes: 60 });
    expect(seen.recent).toEqual([expect.objectContaining({ id: album.id, title: 'Noah and the boat' })]);

    await setParentPin(t.db, user.id, '2468');
    expect((await api('GET', '/crud/profiles')).json().has_pin).toBe(true);
  });

  it('changes the rules: age band and younger, hand-picked and never albums, quiet hours, limit and sleep timer', async () => {
    const { user, api } = await family();
    const [a, b] = [await audioAlbum(t.db), await audioAlbum(t.db)];
    await grant(t.db, user.id, a, 'album');
    const { id } = await createChildProfile(t.db, user.id);

    const rules = {
      listens: 'picked',
      picked: [a.id],
      never: [b.id],
      quiet_from: '19:30',
      quiet_to: '07:00',
      time_zone: 'Europe/Madrid',
      daily_limit_minutes: 45,
      sleep_timer: '15',
    };
    const changed = await api('PATCH', `/crud/profiles/${id}`, rules);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ nickname: 'Mia', ...rules });
    // Kept: the list says the same.
    expect((await api('GET', '/crud/profiles')).json().items[0]).toMatchObject(rules);

    // Only what is sent changes; quiet hours and the limit are taken off with null.
    const again = (
      await api('PATCH', `/crud/profiles/${id}`, { listens: 'age', quiet_from: null, quiet_to: null, daily_limit_minutes: null })
    ).json();
    expect(again).toMatchObject({ listens: 'age', picked: [a.id], never: [b.id], quiet_from: null, daily_limit_minutes: null });
  });

  it('refuses bad rules with localized field errors and writes nothing', async () => {
    const { user, api } = await family();
    const { id } = await createChildProfile(t.db, user.id, { nickname: 'Leo' });
    const a = await audioAlbum(t.db);
    const book = await t.db
      .insertInto('products')
      .values({ slug: `a-book-${id}`, title: 'A book', lang_code: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const cases: [object, string, RegExp][] = [
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', /time zone/],
      [{ quiet_from: '19:30' }, 'quiet_to', /both/],
      [{ quiet_from: '19:30', quiet_to: null }, 'quiet_to', /both/],
      [{ quiet_from: '25:00', quiet_to: '07:00' }, 'quiet_from', /19:30/],
      [{ picked: [a.id], never: [a.id] }, 'never', /both picked and never/],
      [{ picked: [book.id] }, 'picked', /albums of the catalogue/],
      [{ never: [999_999] }, 'never', /albums of the catalogue/],
      [{ daily_limit_minutes: 2 }, 'daily_limit_minutes', /at least 5/],
      [{ sleep_timer: 'forever' }, 'sleep_timer', /Invalid/],
      [{ avatar: 'dragon' }, 'avatar', /./],
      [{ nickname: '   ' }, 'nickname', /Required/],
      [{ listens: 'anything' }, 'listens', /./],
      [{ user_id: 1 }, 'user_id', /Unknown field/],
    ];
    for (const [body, field, message] of cases) {
      const refused = await api('PATCH', `/crud/profiles/${id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe('validation_failed');
      expect(refused.json().fields?.[field], JSON.stringify(body)).toMatch(message);
    }
    // In Spanish too.
    const es = await call(await signIn(t.db, user.id), 'es')('PATCH', `/crud/profiles/${id}`, { quiet_from: '19:30' });
    expect(es.json().fields.quiet_to).toMatch(/dos horas/);

    // A never album of the rules refuses a later pick of it.
    await api('PATCH', `/crud/profiles/${id}`, { never: [a.id] });
    expect((await api('PATCH', `/crud/profiles/${id}`, { picked: [a.id] })).statusCode).toBe(400);

    const kept = (await api('GET', '/crud/profiles')).json().items[0];
    expect(kept).toMatchObject({ nickname: 'Leo', time_zone: 'UTC', quiet_from: null, picked: [], never: [a.id] });
  });

  it('keeps a family to six children (409, localized)', async () => {
    const { api } = await family();
    for (let i = 1; i <= 6; i++)
      expect((await api('POST', '/crud/profiles', { ...child, nickname: `Child ${i}` })).statusCode).toBe(200);
    const full = await api('POST', '/crud/profiles', child);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'profiles_full', message: expect.stringMatching(/at most 6/) });
    expect((await api('GET', '/crud/profiles')).json().items).toHaveLength(6);
  });

  it('deletes a child with their places, queue, favourites, rules and time at once, and signs their devices out', async () => {
    const { user, api } = await family();
    const album = await audioAlbum(t.db);
    await grant(t.db, user.id, album, 'album');
    const { id } = await createChildProfile(t.db, user.id);
    const device = await signIn(t.db, user.id, { profileId: id });
    await t.db
      .insertInto('listening_progress')
      .values({ user_id: user.id, profile_id: id, sku_id: album.tracks[0]!, position_seconds: 5 })
      .execute();
    await t.db
      .insertInto('listening_queues')
      .values({ user_id: user.id, profile_id: id, queue: JSON.stringify({ tracks: [] }), changed_at: new Date() })
      .execute();
    await t.db.insertInto('favourites').values({ user_id: user.id, profile_id: id, product_id: album.id }).execute();
    await t.db.insertInto('profile_albums').values({ profile_id: id, product_id: album.id, rule: 'pick' }).execute();
    await t.db.insertInto('profile_listening_days').values({ profile_id: id, day: '2026-11-28', seconds: 60 }).execute();
    // The parents' own place on the same track stays.
    await t.db
      .insertInto('listening_progress')
      .values({ user_id: user.id, profile_id: null, sku_id: album.tracks[0]!, position_seconds: 9 })
      .execute();

    const deleted = await api('DELETE', `/crud/profiles/${id}`);
    expect(deleted.statusCode).toBe(204);

    const left = async (
      table: 'listening_progress' | 'listening_queues' | 'favourites' | 'profile_albums' | 'profile_listening_days',
    ) => (await t.db.selectFrom(table).select('profile_id').where('profile_id', '=', id).execute()).length;
    for (const table of [
      'listening_progress',
      'listening_queues',
      'favourites',
      'profile_albums',
      'profile_listening_days',
    ] as const)
      expect(await left(table), table).toBe(0);
    const parents = await t.db
      .selectFrom('listening_progress')
      .select('position_seconds')
      .where('user_id', '=', user.id)
      .execute();
    expect(parents).toEqual([{ position_seconds: 9 }]);
    expect((await call(device)('GET', '/crud/session')).json()).toMatchObject({ logged_in: false });
    expect((await api('DELETE', `/crud/profiles/${id}`)).statusCode).toBe(404);
  });
});

describe('who may manage them', () => {
  it("never touches another family's child: 404 to read-modify-delete, the child unchanged", async () => {
    const ours = await family();
    const theirs = await createUser(t.db);
    const { id } = await createChildProfile(t.db, theirs.id, { nickname: 'Theirs' });

    const patched = await ours.api('PATCH', `/crud/profiles/${id}`, { nickname: 'Mine now' });
    expect(patched.statusCode).toBe(404);
    expect(patched.json()).toMatchObject({ code: 'profile_not_found', message: expect.stringMatching(/not found/) });
    expect((await ours.api('DELETE', `/crud/profiles/${id}`)).statusCode).toBe(404);
    expect((await ours.api('GET', '/crud/profiles')).json().items).toEqual([]);
    const still = await t.db.selectFrom('profiles').select('nickname').where('id', '=', id).executeTakeFirst();
    expect(still).toEqual({ nickname: 'Theirs' });
  });

  it("refuses a child's session (the grown-ups lock) and a visitor", async () => {
    const parent = await createUser(t.db);
    const { id } = await createChildProfile(t.db, parent.id);
    const kid = call(await signIn(t.db, parent.id, { profileId: id }));
    for (const [method, url, body] of [
      ['GET', '/crud/profiles'],
      ['POST', '/crud/profiles', child],
      ['PATCH', `/crud/profiles/${id}`, { daily_limit_minutes: null }],
      ['DELETE', `/crud/profiles/${id}`],
    ] as [Method, string, object?][]) {
      const refused = await kid(method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().code).toBe('grown_ups_only');
    }
    expect((await t.app.inject({ method: 'GET', url: '/crud/profiles' })).statusCode).toBe(401);
  });
});
