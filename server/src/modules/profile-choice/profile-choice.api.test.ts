import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createChildProfile, createUser, sessionIdOf, signIn } from '../../../test/factories';
import { setParentPin } from '../profiles/parent-pin';

/**
 * "Who's listening?" and the grown-ups lock over the real app (decision 051): a session chooses one of its own
 * family's profiles; leaving a child's takes the family PIN, five wrong tries lock it; a child's session is refused
 * everything that is the parents', sign-out included.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: InjectOptions['method'], url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const choose = (cookie: string, body: object) => call('POST', '/crud/session/profile', cookie, body);
const sessionOf = async (cookie: string) => (await call('GET', '/crud/session', cookie)).json();

/** A family with a PIN (2468) and two children, signed in as the parents. */
async function family({ pin = '2468' as string | null } = {}) {
  const parent = await createUser(t.db, { fname: 'Ana' });
  const mia = await createChildProfile(t.db, parent.id, { nickname: 'Mia', avatar: 'fox', age_band: '6-8' });
  const leo = await createChildProfile(t.db, parent.id, { nickname: 'Leo', avatar: 'bear', age_band: '3-5' });
  if (pin) await setParentPin(t.db, parent.id, pin);
  return { parent, mia, leo, cookie: await signIn(t.db, parent.id) };
}

describe("who's listening", () => {
  it('lists the parents (their first name) then each child, the active one and whether a PIN is set', async () => {
    const { mia, leo, cookie } = await family();
    const res = await call('GET', '/crud/session/profiles', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      profiles: [
        { id: null, nickname: 'Ana' },
        { id: mia.id, nickname: 'Mia', avatar: 'fox', age_band: '6-8' },
        { id: leo.id, nickname: 'Leo', avatar: 'bear', age_band: '3-5' },
      ],
      active: null,
      pin_set: true,
    });
  });

  it('names the parents "Grown-ups" in the site language when the account has no first name', async () => {
    const parent = await createUser(t.db, { fname: '' });
    const cookie = await signIn(t.db, parent.id);
    const es = await call('GET', '/crud/session/profiles?test_spanish_site=true', cookie);
    expect(es.json()).toEqual({ profiles: [{ id: null, nickname: 'Adultos' }], active: null, pin_set: false });
  });

  it('switches to a child with no PIN, and back to the parents only with the PIN; the session says so', async () => {
    const { leo, cookie } = await family();
    const toLeo = await choose(cookie, { profile_id: leo.id });
    expect(toLeo.statusCode).toBe(200);
    expect(toLeo.json().profile).toEqual({ id: leo.id, nickname: 'Leo', avatar: 'bear', age_band: '3-5' });
    expect((await sessionOf(cookie)).profile).toMatchObject({ id: leo.id, nickname: 'Leo' });
    expect((await call('GET', '/crud/session/profiles', cookie)).json().active).toBe(leo.id);

    const noPin = await choose(cookie, { profile_id: null });
    expect(noPin.statusCode).toBe(403);
    expect(noPin.json().code).toBe('pin_wrong');
    const wrong = await choose(cookie, { profile_id: null, pin: '1111' });
    expect(wrong.json()).toMatchObject({ code: 'pin_wrong' });
    expect(wrong.json().message).toMatch(/3 tries left/);
    expect((await sessionOf(cookie)).profile).toMatchObject({ id: leo.id });

    const back = await choose(cookie, { profile_id: null, pin: '2468' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ logged_in: true, profile: null });
    expect((await sessionOf(cookie)).profile).toBeNull();
    // The right PIN cleared the count: the next child's exit has five tries again.
    expect((await call('GET', '/crud/user', cookie)).statusCode).toBe(200);
  });

  it("takes the PIN to go from one child's profile to another's; choosing the same one changes nothing", async () => {
    const { parent, mia, leo } = await family();
    const child = await signIn(t.db, parent.id, { profileId: mia.id });
    expect((await choose(child, { profile_id: mia.id })).json().profile).toMatchObject({ id: mia.id });
    expect((await choose(child, { profile_id: leo.id })).json().code).toBe('pin_wrong');
    const toLeo = await choose(child, { profile_id: leo.id, pin: '2468' });
    expect(toLeo.json().profile).toMatchObject({ id: leo.id, nickname: 'Leo' });
  });

  it("never chooses another family's profile, nor one that does not exist: 404, the session unchanged", async () => {
    const { cookie } = await family();
    const theirs = await family();
    for (const profileId of [theirs.mia.id, 999_999]) {
      const res = await choose(cookie, { profile_id: profileId });
      expect(res.statusCode, String(profileId)).toBe(404);
      expect(res.json().code).toBe('profile_not_found');
    }
    const stored = await t.db
      .selectFrom('sessions')
      .select('profile_id')
      .where('id', '=', sessionIdOf(cookie))
      .executeTakeFirst();
    expect(stored?.profile_id).toBeNull();
    expect((await choose(cookie, { profile_id: 'x' })).statusCode).toBe(400);
  });

  it('without a family PIN no child profile is chosen (nobody could leave it), and one is not left', async () => {
    const { parent, mia, cookie } = await family({ pin: null });
    const refused = await choose(cookie, { profile_id: mia.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'pin_not_set', message: expect.stringMatching(/Account → Family/) });
    expect((await sessionOf(cookie)).profile).toBeNull();

    const child = await signIn(t.db, parent.id, { profileId: mia.id });
    expect((await choose(child, { profile_id: null, pin: '1234' })).json().code).toBe('pin_not_set');
  });

  it('locks the PIN after five wrong tries through the route, the right one too, for fifteen minutes', async () => {
    const { parent, mia } = await family();
    const child = await signIn(t.db, parent.id, { profileId: mia.id });
    for (let left = 4; left >= 1; left--) {
      const res = await choose(child, { profile_id: null, pin: String(1000 + left) });
      expect(res.json(), `left ${left}`).toMatchObject({ code: 'pin_wrong' });
      expect(res.json().message).toMatch(new RegExp(`${left} tr(y|ies) left`));
    }
    const fifth = await choose(child, { profile_id: null, pin: '0000' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('pin_locked');
    const right = await choose(child, { profile_id: null, pin: '2468' });
    expect(right.statusCode).toBe(429);
    expect((await sessionOf(child)).profile).toMatchObject({ id: mia.id });
  });
});

describe('the family PIN, set with the account password', () => {
  it('is set and reset by the parents; a new PIN opens the lock (and clears a lock)', async () => {
    const { parent, mia, cookie } = await family({ pin: null });
    const set = await call('PUT', '/crud/user/parent-pin', cookie, { password: parent.password, pin: '4321' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ pin_set: true });
    expect((await call('GET', '/crud/session/profiles', cookie)).json().pin_set).toBe(true);

    const child = await signIn(t.db, parent.id, { profileId: mia.id });
    for (let i = 0; i < 5; i++) await choose(child, { profile_id: null, pin: '0000' });
    expect((await choose(child, { profile_id: null, pin: '4321' })).statusCode).toBe(429);
    // Reset on another device, still the parents': the old lock goes with the old PIN.
    await call('PUT', '/crud/user/parent-pin', cookie, { password: parent.password, pin: '8642' });
    expect((await choose(child, { profile_id: null, pin: '4321' })).json().code).toBe('pin_wrong');
    expect((await choose(child, { profile_id: null, pin: '8642' })).statusCode).toBe(200);
  });

  it('refuses a wrong password as the password change does, then its limit; a PIN not four digits; a child', async () => {
    const { parent, mia, cookie } = await family({ pin: null });
    const wrong = await call('PUT', '/crud/user/parent-pin', cookie, { password: 'not it', pin: '1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'current_password_wrong',
      fields: { password: 'The current password is not correct.' },
    });

    const format = await call('PUT', '/crud/user/parent-pin', cookie, { password: parent.password, pin: '12a4' });
    expect(format.statusCode).toBe(400);
    expect(format.json().fields).toEqual({ pin: 'The PIN is four digits.' });

    const child = await signIn(t.db, parent.id, { profileId: mia.id });
    const byChild = await call('PUT', '/crud/user/parent-pin', child, { password: parent.password, pin: '1234' });
    expect(byChild.statusCode).toBe(403);
    expect(byChild.json().code).toBe('grown_ups_only');

    // Four more wrong passwords: the password change's limit of five in fifteen minutes, shared with it.
    for (let i = 0; i < 4; i++) await call('PUT', '/crud/user/parent-pin', cookie, { password: `wrong ${i}`, pin: '1234' });
    const limited = await call('PUT', '/crud/user/parent-pin', cookie, { password: parent.password, pin: '1234' });
    expect(limited.statusCode).toBe(429);
    const change = await call('POST', '/crud/reset/password', cookie, {
      current_password: parent.password,
      new_password: 'a new password',
    });
    expect(change.statusCode).toBe(429);
    expect((await call('GET', '/crud/session/profiles', cookie)).json().pin_set).toBe(false);
  });
});

/**
 * What a child's session may ask: choosing whom the device listens as, and what listening needs. A route added to
 * this list is a decision that a child may reach it (the rules of what each child hears apply there).
 */
const CHILD_MAY_ASK = [
  'GET /crud/session/profiles',
  'HEAD /crud/session/profiles',
  'POST /crud/session/profile',
  // Listening, each profile its own and a child's by the parents' rules (child-rules/, decision 056): the shelf,
  // albums, downloads, places, queue, the family's bedtime to arm the timer, the child's rules, one more story.
  'GET /crud/user/bedtime',
  'HEAD /crud/user/bedtime',
  'GET /crud/my-library',
  'HEAD /crud/my-library',
  'GET /crud/my-library/product/:id',
  'HEAD /crud/my-library/product/:id',
  'GET /crud/my-library/skus/:skuId/download',
  'HEAD /crud/my-library/skus/:skuId/download',
  'GET /crud/my-library/product/:id/download',
  'HEAD /crud/my-library/product/:id/download',
  'PUT /crud/my-library/progress/:skuId',
  'GET /crud/my-library/queue',
  'HEAD /crud/my-library/queue',
  'PUT /crud/my-library/queue',
  'GET /crud/my-library/child',
  'HEAD /crud/my-library/child',
  'POST /crud/my-library/one-more-story',
  // Each listener's own favourites (the child's are the child's).
  'GET /crud/my-library/favourites',
  'HEAD /crud/my-library/favourites',
  'PUT /crud/my-library/favourites/:productId',
  'DELETE /crud/my-library/favourites/:productId',
];

describe('the grown-ups lock (deny by default)', () => {
  it("lets a child's session reach only the routes listed here", () => {
    const listener = t.app.routeAccess.filter((r) => r.access === 'listener').map((r) => `${r.method} ${r.url}`);
    expect(listener.filter((route) => !CHILD_MAY_ASK.includes(route))).toEqual([]);
  });

  it("refuses a child's session every route of the parents and the back office, whatever it sends", async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const mia = await createChildProfile(t.db, admin.id);
    const child = await signIn(t.db, admin.id, { profileId: mia.id });
    const wrong: string[] = [];
    for (const route of t.app.routeAccess) {
      if (route.access !== 'user' && route.access !== 'admin') continue;
      const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: route.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x'),
        headers: { cookie: child, ...(withBody ? { 'content-type': 'application/json' } : {}) },
        ...(withBody ? { payload: '{}' } : {}),
      });
      const code = route.method === 'HEAD' ? 'grown_ups_only' : res.json().code;
      if (res.statusCode !== 403 || code !== 'grown_ups_only')
        wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a child purchases, cards, addresses, orders, subscriptions, settings, bedtime and the back office by name', async () => {
    const { parent, mia } = await family();
    const child = await signIn(t.db, parent.id, { profileId: mia.id });
    const requests: [InjectOptions['method'], string, object?][] = [
      ['POST', '/crud/purchases', {}],
      ['GET', `/crud/stripe/customer/${parent.id}/card`],
      ['POST', '/crud/stripe/customer/card', {}],
      ['GET', `/crud/address/me/${parent.id}`],
      ['POST', '/crud/cart/1/address/shipping', {}],
      ['GET', '/crud/orders'],
      ['GET', '/crud/stripe/customer/my/subscriptions'],
      ['GET', '/crud/stripe/customer/my/subscription/invoices'],
      ['GET', '/crud/user'],
      ['POST', `/crud/user-account/${parent.id}`, {}],
      ['PUT', '/crud/user/bedtime', {}],
      ['PUT', '/crud/user/parent-pin', { password: parent.password, pin: '1234' }],
      ['POST', '/crud/giving-statement', {}],
      ['GET', '/crud/admin/orders'],
    ];
    for (const [method, url, body] of requests) {
      const res = await call(method, url, child, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code, `${method} ${url}`).toBe('grown_ups_only');
    }
  });

  it("refuses a child's session sign-out: the session stays, and the parents sign out after the PIN", async () => {
    const { parent, mia } = await family();
    const child = await signIn(t.db, parent.id, { profileId: mia.id });
    const out = await call('GET', '/logout', child);
    expect(out.statusCode).toBe(403);
    expect(out.json().code).toBe('grown_ups_only');
    expect(await sessionOf(child)).toMatchObject({ logged_in: true, profile: { id: mia.id } });

    await choose(child, { profile_id: null, pin: '2468' });
    expect((await call('GET', '/logout', child)).statusCode).toBe(204);
    expect((await sessionOf(child)).logged_in).toBe(false);
  });
});
