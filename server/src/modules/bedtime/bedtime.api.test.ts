import { type BedtimeResponse, defaultBedtime } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';

/** Issue 41 item 5: a family's bedtime, over the real app. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/crud/user/bedtime';
const evenings = { enabled: true, from: '19:30', to: '07:00', time_zone: 'America/Chicago', timer: '15' };

async function family() {
  const user = await createUser(t.db);
  const cookie = await signIn(t.db, user.id);
  return {
    get: (query = '') => t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: { cookie } }),
    put: (payload: object, query = '') => t.app.inject({ method: 'PUT', url: `${URL}${query}`, payload, headers: { cookie } }),
  };
}

describe('/crud/user/bedtime', () => {
  it('is off with 19:30–07:00 and no time zone until first saved, then keeps what was saved', async () => {
    const { get, put } = await family();
    expect((await get()).json()).toEqual(defaultBedtime);

    const saved = await put(evenings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(evenings);
    expect((await get()).json()).toEqual(evenings);

    const changed = { ...evenings, enabled: false, from: '20:00', to: '21:15', time_zone: 'Europe/Moscow', timer: 'tracks-3' };
    expect((await put(changed)).json()).toEqual(changed);
    expect((await get()).json() as BedtimeResponse).toEqual(changed);
  });

  it('is each family’s own: another account neither sees nor changes it', async () => {
    const first = await family();
    const second = await family();
    await first.put(evenings);

    expect((await second.get()).json()).toEqual(defaultBedtime);
    await second.put({ ...evenings, from: '18:00', timer: 'album' });
    expect((await first.get()).json()).toEqual(evenings);
    expect((await second.get()).json()).toMatchObject({ from: '18:00', timer: 'album' });
  });

  it('asks a visitor to sign in', async () => {
    const get = await t.app.inject({ method: 'GET', url: URL });
    const put = await t.app.inject({ method: 'PUT', url: URL, payload: evenings });
    for (const res of [get, put]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('not_authenticated');
    }
  });

  it('refuses what the player cannot follow, field by field, in the family’s language, and keeps what was saved', async () => {
    const { get, put } = await family();
    await put(evenings);
    const cases: [object, Record<string, string>][] = [
      [{ from: '7:30' }, { from: 'Use a time like 19:30' }],
      [{ to: '24:00' }, { to: 'Use a time like 19:30' }],
      [{ from: '20:00', to: '20:00' }, { to: 'Bedtime must end at another time than it starts' }],
      [{ time_zone: 'Mars/Olympus' }, { time_zone: 'Not a time zone this site knows' }],
      [{ time_zone: '' }, { time_zone: 'Not a time zone this site knows' }],
      [{ timer: '20' }, { timer: 'Invalid' }],
      [{ timer: 'tracks-11' }, { timer: 'Invalid' }],
      [{ enabled: 'yes' }, { enabled: 'Invalid' }],
      [{ bedtime_for: 'all' }, { bedtime_for: 'Unknown field' }],
    ];
    for (const [change, fields] of cases) {
      const res = await put({ ...evenings, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({ code: 'validation_failed', fields });
    }
    const es = await put({ ...evenings, time_zone: 'Mars/Olympus' }, '?test_spanish_site=1');
    expect(es.json()).toMatchObject({ fields: { time_zone: 'Este sitio no conoce esa zona horaria' } });
    expect((await get()).json()).toEqual(evenings);
  });
});
