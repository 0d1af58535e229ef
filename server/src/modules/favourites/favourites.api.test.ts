import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createChildProfile, createUser, signIn } from '../../../test/factories';
import { audioAlbum, grant } from '../../../test/library';

/** Favourite albums, each listener's own (GET /crud/my-library/favourites, PUT/DELETE …/favourites/{productId}). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/crud/my-library/favourites';
const call = (cookie?: string) => (method: 'GET' | 'PUT' | 'DELETE', productId?: number) =>
  t.app.inject({ method, url: productId ? `${URL}/${productId}` : URL, headers: cookie ? { cookie } : {} });
const ids = async (api: ReturnType<typeof call>) => (await api('GET')).json().items.map((a: { id: number }) => a.id);

describe('favourites', () => {
  it("are each listener's own: the parents' and every child's apart", async () => {
    const user = await createUser(t.db);
    const [a, b] = [await audioAlbum(t.db, { title: 'Ruth' }), await audioAlbum(t.db, { title: 'Jonah' })];
    await grant(t.db, user.id, a, 'album');
    await grant(t.db, user.id, b, 'album');
    const mia = await createChildProfile(t.db, user.id, { nickname: 'Mia' });
    const leo = await createChildProfile(t.db, user.id, { nickname: 'Leo', age_band: '3-5' });
    const parents = call(await signIn(t.db, user.id));
    const miaApi = call(await signIn(t.db, user.id, { profileId: mia.id }));
    const leoApi = call(await signIn(t.db, user.id, { profileId: leo.id }));

    const added = await miaApi('PUT', a.id);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ product_id: a.id, favourite: true });
    expect((await miaApi('PUT', a.id)).statusCode).toBe(200); // twice is once
    await miaApi('PUT', b.id);
    await parents('PUT', b.id);

    expect((await miaApi('GET')).json().items).toEqual([
      { id: b.id, title: 'Jonah', image: expect.stringContaining('/') },
      { id: a.id, title: 'Ruth', image: expect.stringContaining('/') },
    ]);
    expect(await ids(parents)).toEqual([b.id]);
    expect(await ids(leoApi)).toEqual([]);

    // Taking one off is Mia's alone.
    expect((await miaApi('DELETE', b.id)).json()).toEqual({ product_id: b.id, favourite: false });
    expect(await ids(miaApi)).toEqual([a.id]);
    expect(await ids(parents)).toEqual([b.id]);
  });

  it('are albums the family may open only (owned, a CD, the plan, free to stream); a refunded one drops out', async () => {
    const user = await createUser(t.db);
    const api = call(await signIn(t.db, user.id));
    const notOwned = await audioAlbum(t.db);
    const cdOnly = await audioAlbum(t.db);
    const free = await audioAlbum(t.db, { is_free_streaming: true });
    const owned = await audioAlbum(t.db);
    await grant(t.db, user.id, cdOnly, 'cd');
    await grant(t.db, user.id, owned, { track: owned.tracks[0]! });

    const refused = await api('PUT', notOwned.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'item_not_found' });
    expect((await api('PUT', 999_999)).statusCode).toBe(404);
    for (const album of [cdOnly, free, owned]) expect((await api('PUT', album.id)).statusCode).toBe(200);
    expect((await ids(api)).sort()).toEqual([cdOnly.id, free.id, owned.id].sort());

    // Refunded: the album is no longer the family's, and no longer a favourite they see.
    await t.db.deleteFrom('ownership').where('user_id', '=', user.id).where('product_id', '=', owned.id).execute();
    expect((await ids(api)).sort()).toEqual([cdOnly.id, free.id].sort());
  });

  it('of a child are albums their rules let them hear: one set to never is refused, and drops out once set', async () => {
    const user = await createUser(t.db);
    const [ruth, jonah] = [await audioAlbum(t.db, { title: 'Ruth' }), await audioAlbum(t.db, { title: 'Jonah' })];
    await grant(t.db, user.id, ruth, 'album');
    await grant(t.db, user.id, jonah, 'album');
    const leo = await createChildProfile(t.db, user.id, { nickname: 'Leo', age_band: '3-5' });
    const never = (productId: number) =>
      t.db.insertInto('profile_albums').values({ profile_id: leo.id, product_id: productId, rule: 'never' }).execute();
    const leoApi = call(await signIn(t.db, user.id, { profileId: leo.id }));
    const parents = call(await signIn(t.db, user.id));
    await never(ruth.id);

    const refused = await leoApi('PUT', ruth.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_for_this_profile' });
    expect((await leoApi('PUT', jonah.id)).statusCode).toBe(200);
    expect(await ids(leoApi)).toEqual([jonah.id]);

    // The parents then set Jonah to never too: it leaves Leo's favourites, not theirs.
    expect((await parents('PUT', jonah.id)).statusCode).toBe(200);
    await never(jonah.id);
    expect(await ids(leoApi)).toEqual([]);
    expect(await ids(parents)).toEqual([jonah.id]);
  });

  it('are for signed-in listeners only', async () => {
    const visitor = call();
    expect((await visitor('GET')).statusCode).toBe(401);
    expect((await visitor('PUT', 1)).statusCode).toBe(401);
  });
});
