import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createChildProfile, createUser, signIn } from '../../../test/factories';
import { setParentPin, verifyParentPin } from './parent-pin';

/** Issue 42: a session that speaks for a child profile, and the grown-ups lock, over the real app. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('a session speaking for a child profile', () => {
  it('says which profile it speaks for, and is refused what only the parents may do (deny by default)', async () => {
    const parent = await createUser(t.db);
    const mia = await createChildProfile(t.db, parent.id, { nickname: 'Mia', age_band: '6-8' });
    const child = await signIn(t.db, parent.id, { profileId: mia.id });

    const session = (await get('/crud/session', child)).json();
    expect(session).toMatchObject({ logged_in: true, user_id: parent.id, is_admin: false });
    expect(session.profile).toEqual({ id: mia.id, nickname: 'Mia', avatar: 'fox', age_band: '6-8' });

    // The account (e-mail, address) and the orders are the parents'.
    for (const url of ['/crud/user', '/crud/orders']) {
      const refused = await get(url, child);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code, url).toBe('grown_ups_only');
      expect(refused.json().message, url).toMatch(/grown-ups/);
    }
    // The parents' own session on the same account is not affected.
    const parents = await signIn(t.db, parent.id);
    expect((await get('/crud/user', parents)).statusCode).toBe(200);
    expect((await get('/crud/session', parents)).json().profile).toBeNull();
  });

  it("never speaks for another family's profile: such a session counts as signed out", async () => {
    const ours = await createUser(t.db);
    const theirs = await createUser(t.db);
    const theirChild = await createChildProfile(t.db, theirs.id);
    const crossed = await signIn(t.db, ours.id, { profileId: theirChild.id });

    expect((await get('/crud/session', crossed)).json()).toMatchObject({ logged_in: false, profile: null });
    expect((await get('/crud/user', crossed)).statusCode).toBe(401);
  });

  it('is signed out when its profile is deleted', async () => {
    const parent = await createUser(t.db);
    const leo = await createChildProfile(t.db, parent.id, { nickname: 'Leo', age_band: '3-5' });
    const child = await signIn(t.db, parent.id, { profileId: leo.id });
    await t.db.deleteFrom('profiles').where('id', '=', leo.id).execute();

    expect((await get('/crud/session', child)).json()).toMatchObject({ logged_in: false, profile: null });
  });
});

describe('the family PIN', () => {
  it('is hashed, checks four digits, and locks after five wrong tries', async () => {
    const parent = await createUser(t.db);
    await expect(verifyParentPin(t.db, parent.id, '1234')).rejects.toMatchObject({ code: 'pin_not_set' });
    await expect(setParentPin(t.db, parent.id, '12a4')).rejects.toMatchObject({ code: 'pin_format' });
    await setParentPin(t.db, parent.id, '2468');
    const stored = await t.db.selectFrom('users').select('parent_pin_hash').where('id', '=', parent.id).executeTakeFirstOrThrow();
    expect(stored.parent_pin_hash).not.toContain('2468');

    await expect(verifyParentPin(t.db, parent.id, '2468')).resolves.toBeUndefined();
    for (let left = 4; left >= 1; left--)
      await expect(verifyParentPin(t.db, parent.id, '0000')).rejects.toMatchObject({ code: 'pin_wrong', params: { left } });
    await expect(verifyParentPin(t.db, parent.id, '0000')).rejects.toMatchObject({ code: 'pin_locked' });
    // Locked: even the right PIN is refused until the fifteen minutes are over.
    await expect(verifyParentPin(t.db, parent.id, '2468')).rejects.toMatchObject({ code: 'pin_locked' });
  });
});
