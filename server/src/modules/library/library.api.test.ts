import {
  type CartTotal,
  type HeardPlace,
  heardTime,
  keptPlace,
  type LibraryAlbum,
  libraryPaths,
  type MyLibraryResponse,
  mediaPaths,
  type Product,
  type ProductListResponse,
  type TopStoriesResponse,
} from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createProduct, createUser, illinoisAddress, signIn } from '../../../test/factories';
import { audioAlbum, grant, type TestAlbum } from '../../../test/library';
import { payCart as pay } from '../../../test/payments-client';

/**
 * Issue 14: My Library over the real app. Ownership comes from a real paid
 * purchase on the test processor where the journey matters (buying an
 * album, starting a plan), and from direct inserts (test/library.ts grant)
 * for the rest.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'HEAD' | 'POST';
/** A browser with a session (or a visitor without one). */
function client(cookie?: string) {
  return (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
}

async function listener() {
  const user = await createUser(t.db);
  return { user, call: client(await signIn(t.db, user.id)) };
}

let families = 0;
/** A family signed in through the login form, with a cart: to buy for real. */
async function buyer(names: { fname?: string; lname?: string } = {}): Promise<CartVisitor & { userId: number }> {
  families += 1;
  const email = `library-family${families}@example.test`;
  const user = await createUser(t.db, { email, password: 'listen-along', ...names });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { userId: user.id });
}

const verdicts = (tracks: readonly { plays_in_full: boolean; owned: boolean }[]) =>
  tracks.map((tr) => [tr.plays_in_full, tr.owned]);

describe('a family that bought an album', () => {
  let noah: TestAlbum;
  let family: CartVisitor & { userId: number };

  beforeAll(async () => {
    noah = await audioAlbum(t.db, { title: 'Noah and the big boat' });
    family = await buyer();
    await family.add(noah.album);
    await pay(family);
  });

  it('finds it in My Library with every track owned, downloadable and playing in full', async () => {
    const res = await family.send('GET', '/crud/my-library?page=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as MyLibraryResponse;
    expect(body).toMatchObject({ page: 1, per_page: 12, total: 1, tracks: [], continue_listening: [] });
    const [album] = body.items;
    const today = new Date().toISOString().slice(0, 10);
    expect(album).toMatchObject({
      id: noah.id,
      product_id: noah.id,
      productTitle: 'Noah and the big boat',
      gift: null,
      numberOwned: 3,
      digital_purchased_date: today,
      physical_purchased_date: null,
      url: `/library/album/${noah.id}`,
      shop_url: `/story/${noah.slug}`,
      is_free_story: false,
      zip_url: libraryPaths.albumZip(noah.id),
    });
    expect(album!.tracks.map((tr) => [tr.sku_id, tr.owned, tr.plays_in_full, tr.purchased_date, tr.file_url])).toEqual(
      noah.tracks.map((id) => [id, true, true, today, libraryPaths.trackFile(id)]),
    );
    // Spec §3 Track: each names its album, and carries its sku's description.
    for (const tr of album!.tracks) expect(tr).toMatchObject({ album: 'Noah and the big boat', sku_description: tr.description });
  });

  it('is told on the story page that it owns and plays the album in full, while another family is not', async () => {
    const mine = (await family.send('GET', `/crud/product-by-slug/${noah.slug}/skus`)).json() as Product;
    expect(verdicts(mine.tracks)).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    const other = await listener();
    const theirs = (await other.call('GET', `/crud/product-by-slug/${noah.slug}/skus`)).json() as Product;
    expect(verdicts(theirs.tracks)).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
    const visitor = (await client()('GET', `/crud/product/${noah.id}/skus`)).json() as Product;
    expect(verdicts(visitor.tracks).flat()).toEqual([false, false, false, false, false, false]);
  });

  it('plays its album’s track in full from the home page’s top stories, while a visitor gets the preview', async () => {
    await t.db
      .insertInto('promoted_skus')
      .values({ kind: 'top_story', lang_code: 'en', sku_id: noah.tracks[0]!, position: -1 })
      .execute();
    const top = (body: TopStoriesResponse) => body.items.find((s) => s.id === noah.tracks[0]);
    const mine = (await family.send('GET', '/crud/promoted-sku/top-stories/en')).json() as TopStoriesResponse;
    expect(top(mine)).toMatchObject({ plays_in_full: true, owned: true, full_url: mediaPaths.trackFull(noah.tracks[0]!) });
    const visitor = (await client()('GET', '/crud/promoted-sku/top-stories/en')).json() as TopStoriesResponse;
    expect(top(visitor)).toMatchObject({ plays_in_full: false, owned: false });
  });

  it('streams the full recording to the owner only: another family and a visitor get 403', async () => {
    const url = mediaPaths.trackFull(noah.tracks[1]!);
    expect((await family.send('GET', url)).statusCode).toBe(200);
    const other = await listener();
    expect((await other.call('GET', url)).statusCode).toBe(403);
    const visitor = await client()('GET', url);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().code).toBe('not_entitled');
  });

  it('keeps the shop’s shared listing per listener: the owner’s marks never reach a visitor', async () => {
    // The listing cache on: rows shared across visitors, the marks computed per request.
    const cached = await createTestApp({ database: t.database, env: { CATALOGUE_CACHE_MS: '2000' } });
    try {
      const shop = `/crud/product/skus?page=1&lang_code=all&search=${encodeURIComponent('Noah big boat')}`;
      const owner = await cached.app.inject({ method: 'GET', url: shop, headers: { cookie: family.cookie! } });
      const visitor = await cached.app.inject({ method: 'GET', url: shop });
      const tracksOf = (body: ProductListResponse) => body.items.find((p) => p.id === noah.id)!.tracks;
      expect(verdicts(tracksOf(owner.json())).flat().every(Boolean)).toBe(true);
      expect(verdicts(tracksOf(visitor.json())).flat().some(Boolean)).toBe(false);
      expect((visitor.json() as ProductListResponse).tracks.every((tr) => !tr.owned && !tr.plays_in_full)).toBe(true);
    } finally {
      await cached.app.close();
    }
  });
});

describe('a gift order (issue 27 item 11)', () => {
  let jonah: TestAlbum;
  let giver: CartVisitor & { userId: number };

  beforeAll(async () => {
    jonah = await audioAlbum(t.db, { title: 'Jonah and the great fish' });
    giver = await buyer({ fname: 'Grandma', lname: 'Rose' });
    // The album to download and its CD to ship, for someone else ("This order is a gift").
    await giver.add(jonah.album);
    await giver.add(jonah.cd);
    expect((await giver.markGift({ name: 'Little Sam', email: 'sam@example.test', message: 'For bedtime' })).statusCode).toBe(
      200,
    );
    const total = (await giver.total()).json() as CartTotal;
    const address = await giver.send('POST', `/crud/cart/${total.cart.id}/address/shipping`, illinoisAddress);
    expect(address.statusCode, address.body).toBe(200);
    await pay(giver);
  });

  it('is not in the buyer’s library: neither the album nor its CD, nor its page', async () => {
    const { items, total } = (await giver.send('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    expect(items.map((a) => a.id)).not.toContain(jonah.id);
    expect(total).toBe(0);
    const page = await giver.send('GET', `/crud/my-library/product/${jonah.id}`);
    expect(page.statusCode).toBe(404);
  });

  it('is in the recipient’s library once claimed, saying it was a gift and from whom', async () => {
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'sam@example.test')
      .executeTakeFirstOrThrow();
    const secret = /\/claim-gift\/([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
    expect(secret).toBeDefined();
    const sam = await buyer();
    expect((await sam.send('POST', '/crud/gift-claim', { hash: secret })).statusCode).toBe(200);

    const { items } = (await sam.send('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    expect(items.map((a) => [a.id, a.gift, a.numberOwned, a.physical_purchased_date])).toEqual([
      [jonah.id, { from: 'Grandma Rose' }, 3, null],
    ]);
    const page = (await sam.send('GET', `/crud/my-library/product/${jonah.id}`)).json() as LibraryAlbum;
    expect(page.gift).toEqual({ from: 'Grandma Rose' });
    expect(page.tracks.every((tr) => tr.owned && tr.plays_in_full)).toBe(true);
  });
});

describe('a family with an active plan', () => {
  let ruth: TestAlbum;
  let subscriber: CartVisitor & { userId: number };

  beforeAll(async () => {
    ruth = await audioAlbum(t.db, { title: 'Ruth the faithful friend' });
    const monthly = await createPlan(t.db, 'monthly');
    subscriber = await buyer();
    await subscriber.add(monthly);
    await pay(subscriber);
  });

  it('has a subscription and hears every track in full everywhere, owning none', async () => {
    expect((await subscriber.send('GET', '/crud/my-library/has-subscription')).json()).toEqual({ has_subscription: true });
    const product = (await subscriber.send('GET', `/crud/product/${ruth.id}/skus`)).json() as Product;
    expect(verdicts(product.tracks)).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    const list = (await subscriber.send('GET', '/crud/product/skus?page=1&lang_code=all')).json() as ProductListResponse;
    expect(list.items.flatMap((p) => p.tracks).every((tr) => tr.plays_in_full && !tr.owned)).toBe(true);
    expect((await subscriber.send('GET', mediaPaths.trackFull(ruth.tracks[0]!))).statusCode).toBe(200);
  });

  it('opens any album in the library, marked included in its plan, every track playing and downloading in full', async () => {
    const res = await subscriber.send('GET', `/crud/my-library/product/${ruth.id}`);
    expect(res.statusCode).toBe(200);
    const album = res.json() as LibraryAlbum;
    expect(album).toMatchObject({
      numberOwned: 0,
      included_in_plan: true,
      zip_url: libraryPaths.albumZip(ruth.id),
      digital_purchased_date: null,
    });
    expect(album.tracks.map((tr) => [tr.plays_in_full, tr.owned, tr.purchased_date, tr.file_url])).toEqual(
      ruth.tracks.map((id) => [true, false, null, libraryPaths.trackFile(id)]),
    );
    const track = await subscriber.send('GET', libraryPaths.trackFile(ruth.tracks[0]!));
    expect(track.statusCode).toBe(200);
    expect(track.headers['content-disposition']).toContain('attachment');
    const zip = await client(subscriber.cookie)('HEAD', libraryPaths.albumZip(ruth.id));
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    // A product without a track to hear is no album.
    const book = await createProduct(t.db, { slug: 'library-book-only', title: 'A book' }, { book: 500 });
    expect((await subscriber.send('GET', `/crud/my-library/product/${book.id}`)).statusCode).toBe(404);
  });

  it('lists what it owns first, then every other album of the catalogue as included in its plan, paged', async () => {
    const word = 'Zephyrine';
    const owned = await audioAlbum(t.db, { title: `${word} owned`, release_date: '2020-01-01' });
    const cdOnly = await audioAlbum(t.db, { title: `${word} on CD`, release_date: '2020-01-02' });
    const others: TestAlbum[] = [];
    for (let i = 0; i < 12; i++) {
      others.push(await audioAlbum(t.db, { title: `${word} ${i}`, release_date: `2025-01-${String(10 + i).padStart(2, '0')}` }));
    }
    await createProduct(t.db, { slug: 'library-zephyrine-book', title: `${word} book` }, { book: 500 });
    await grant(t.db, subscriber.userId, owned, 'album', new Date('2026-01-02T00:00:00Z'));
    await grant(t.db, subscriber.userId, cdOnly, 'cd', new Date('2026-01-01T00:00:00Z'));

    const page1 = (await subscriber.send('GET', `/crud/my-library?page=1&search=${word}`)).json() as MyLibraryResponse;
    expect(page1).toMatchObject({ total: 14, included_total: 12, per_page: 12 });
    // Owned albums as they were (newest purchase first), then the catalogue, newest release first; no book.
    const newestFirst = others.map((a) => a.id).reverse();
    expect(page1.items.map((a) => a.id)).toEqual([owned.id, cdOnly.id, ...newestFirst.slice(0, 10)]);
    expect(page1.items.map((a) => a.included_in_plan)).toEqual([false, true, ...newestFirst.slice(0, 10).map(() => true)]);
    expect(page1.items[0]).toMatchObject({ numberOwned: 3, digital_purchased_date: '2026-01-02' });
    expect(page1.items[1]).toMatchObject({ numberOwned: 0, physical_purchased_date: '2026-01-01' });
    expect(page1.items[2]).toMatchObject({
      numberOwned: 0,
      digital_purchased_date: null,
      physical_purchased_date: null,
      url: libraryPaths.album(newestFirst[0]!),
    });
    expect(page1.items.flatMap((a) => a.tracks).every((tr) => tr.plays_in_full && tr.file_url !== null)).toBe(true);
    const page2 = (await subscriber.send('GET', `/crud/my-library?page=2&search=${word}`)).json() as MyLibraryResponse;
    expect(page2.items.map((a) => a.id)).toEqual(newestFirst.slice(10));

    // A family without a plan finds none of them in its library.
    const { call } = await listener();
    expect((await call('GET', `/crud/my-library?page=1&search=${word}`)).json()).toMatchObject({
      items: [],
      total: 0,
      included_total: 0,
    });
  });

  it('is offered Play on a story page: the digital album is included in its plan, unless it owns it', async () => {
    const story = await audioAlbum(t.db, { title: 'Esther the brave queen' });
    const mine = await audioAlbum(t.db, { title: 'Esther owned' });
    await grant(t.db, subscriber.userId, mine, { track: mine.tracks[0]! });
    const bySlug = (call: (method: 'GET', url: string) => Promise<{ json(): unknown }>, slug: string) =>
      call('GET', `/crud/product-by-slug/${slug}/skus`).then((r) => r.json() as Product);
    expect((await bySlug(subscriber.send, story.slug)).included_in_plan).toBe(true);
    expect((await bySlug(subscriber.send, mine.slug)).included_in_plan).toBe(false);
    // A visitor and a family without a plan are offered the album for sale.
    expect((await client()('GET', `/crud/product-by-slug/${story.slug}/skus`)).json()).toMatchObject({ included_in_plan: false });
    const { call } = await listener();
    expect((await bySlug(call, story.slug)).included_in_plan).toBe(false);
    // A book has nothing to play.
    await createProduct(t.db, { slug: 'library-story-book', title: 'A story book' }, { book: 500 });
    expect((await bySlug(subscriber.send, 'library-story-book')).included_in_plan).toBe(false);
  });

  it('hears only previews again once the plan has ended, and keeps only what it owns', async () => {
    const row = await t.db
      .selectFrom('recurring_items')
      .select('id')
      .where('user_id', '=', subscriber.userId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('recurring_items')
      .set({ cancel_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    try {
      expect((await subscriber.send('GET', '/crud/my-library/has-subscription')).json()).toEqual({ has_subscription: false });
      const product = (await subscriber.send('GET', `/crud/product/${ruth.id}/skus`)).json() as Product;
      expect(product.tracks.some((tr) => tr.plays_in_full)).toBe(false);
      expect(product.included_in_plan).toBe(false);
      expect((await subscriber.send('GET', `/crud/my-library/product/${ruth.id}`)).statusCode).toBe(404);
      expect((await subscriber.send('GET', libraryPaths.trackFile(ruth.tracks[0]!))).statusCode).toBe(404);
      expect((await subscriber.send('GET', libraryPaths.albumZip(ruth.id))).statusCode).toBe(404);
      // Owned albums never go: the one bought and the CD stay; the catalogue leaves.
      const library = (await subscriber.send('GET', '/crud/my-library?page=1&search=Zephyrine')).json() as MyLibraryResponse;
      expect(library).toMatchObject({ total: 2, included_total: 0 });
      expect(library.items.map((a) => [a.productTitle, a.included_in_plan])).toEqual([
        ['Zephyrine owned', false],
        ['Zephyrine on CD', false],
      ]);
      expect(library.items[0]!.tracks.every((tr) => tr.plays_in_full && tr.owned && tr.file_url !== null)).toBe(true);
      expect(library.items[1]!.tracks.some((tr) => tr.plays_in_full || tr.file_url !== null)).toBe(false);
      expect(library.items[1]!.zip_url).toBeNull();
    } finally {
      await t.db.updateTable('recurring_items').set({ cancel_at: null }).where('id', '=', row.id).execute();
    }
  });

  it('is false for a visitor and for a family without a plan', async () => {
    expect((await client()('GET', '/crud/my-library/has-subscription')).json()).toEqual({ has_subscription: false });
    expect((await (await listener()).call('GET', '/crud/my-library/has-subscription')).json()).toEqual({
      has_subscription: false,
    });
  });
});

describe('GET /crud/my-library', () => {
  it('pages the albums newest purchase first, 12 a page, with the total', async () => {
    const { user, call } = await listener();
    const owned: TestAlbum[] = [];
    for (let i = 0; i < 14; i++) {
      const album = await audioAlbum(t.db, { tracks: 1 });
      await grant(t.db, user.id, album, 'album', new Date(Date.UTC(2026, 0, 1 + i)));
      owned.push(album);
    }
    const page1 = (await call('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    expect(page1.total).toBe(14);
    expect(page1.items.map((a) => a.id)).toEqual(
      owned
        .slice(2)
        .reverse()
        .map((a) => a.id),
    );
    const page2 = (await call('GET', '/crud/my-library?page=2')).json() as MyLibraryResponse;
    expect(page2.items.map((a) => a.id)).toEqual([owned[1]!.id, owned[0]!.id]);
    expect((await call('GET', '/crud/my-library?page=3')).json()).toMatchObject({ items: [], total: 14 });
  });

  it('lists an album of which only a CD or one track is owned, with what is owned of it', async () => {
    const { user, call } = await listener();
    const cdOnly = await audioAlbum(t.db);
    const oneTrack = await audioAlbum(t.db);
    await grant(t.db, user.id, cdOnly, 'cd', new Date('2026-02-01T12:00:00Z'));
    await grant(t.db, user.id, oneTrack, { track: oneTrack.tracks[1]! }, new Date('2026-03-01T12:00:00Z'));
    const { items } = (await call('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    expect(items.map((a) => [a.id, a.numberOwned, a.digital_purchased_date, a.physical_purchased_date, a.zip_url])).toEqual([
      [oneTrack.id, 1, '2026-03-01', null, libraryPaths.albumZip(oneTrack.id)],
      [cdOnly.id, 0, null, '2026-02-01', null],
    ]);
    // A paid track it does not own still plays only its preview.
    expect(verdicts(items[0]!.tracks)).toEqual([
      [false, false],
      [true, true],
      [false, false],
    ]);
    expect(items[1]!.tracks.every((tr) => !tr.plays_in_full)).toBe(true);
    expect(items.flatMap((a) => a.tracks).some((tr) => tr.isInCart)).toBe(false);

    // A track put in the cart (from the shop, in another tab) is marked so on the library page.
    const wanted = oneTrack.tracks[2]!;
    const added = await call('POST', '/crud/cart-session/skus', { sku_id: wanted, quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const after = (await call('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    expect(after.items[0]!.tracks.map((tr) => tr.isInCart)).toEqual([false, false, true]);
  });

  it('searches album and track titles, lists the owned matching tracks, and filters by language', async () => {
    const { user, call } = await listener();
    const jonah = await audioAlbum(t.db, { title: 'Jonah and the great fish', trackTitles: ['The storm', 'Inside the whale'] });
    const daniel = await audioAlbum(t.db, { title: 'Daniel in the lions den', trackTitles: ['The lions', 'A whale of a night'] });
    const ruth = await audioAlbum(t.db, { title: 'Rut la amiga fiel', lang_code: 'es', trackTitles: ['La ballena'] });
    await grant(t.db, user.id, jonah, 'album', new Date('2026-01-01T00:00:00Z'));
    await grant(t.db, user.id, daniel, 'cd', new Date('2026-01-02T00:00:00Z'));
    await grant(t.db, user.id, ruth, 'album', new Date('2026-01-03T00:00:00Z'));

    const whale = (await call('GET', '/crud/my-library?page=1&search=whale')).json() as MyLibraryResponse;
    // Both albums have a track about a whale; only Jonah's is owned (Daniel's CD grants no audio).
    expect(whale.items.map((a) => a.id).sort()).toEqual([jonah.id, daniel.id].sort());
    expect(whale.tracks.map((tr) => [tr.title, tr.product_id, tr.product_title, tr.album, tr.owned])).toEqual([
      ['Inside the whale', jonah.id, 'Jonah and the great fish', 'Jonah and the great fish', true],
    ]);
    expect(whale.continue_listening).toEqual([]);

    const lions = (await call('GET', '/crud/my-library?page=1&search=lions')).json() as MyLibraryResponse;
    expect(lions.items.map((a) => a.id)).toEqual([daniel.id]);
    expect(lions.tracks).toEqual([]);

    expect(
      ((await call('GET', '/crud/my-library?page=1&lang_code=es')).json() as MyLibraryResponse).items.map((a) => a.id),
    ).toEqual([ruth.id]);
    const all = (await call('GET', '/crud/my-library?page=1&lang_code=all')).json() as MyLibraryResponse;
    expect(all.total).toBe(3);
    const none = (await call('GET', '/crud/my-library?page=1&search=zebra')).json() as MyLibraryResponse;
    expect(none).toMatchObject({ items: [], total: 0, tracks: [] });
  });

  it('never shows one family’s albums to another, and asks a visitor to sign in', async () => {
    const a = await listener();
    const b = await listener();
    await grant(t.db, a.user.id, await audioAlbum(t.db), 'album');
    expect(((await b.call('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse).total).toBe(0);
    const visitor = await client()('GET', '/crud/my-library?page=1');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('not_authenticated');
  });

  it('sees a change of ownership at once: nothing of a family’s library is kept between two reads (issue 47 item 4)', async () => {
    const a = await listener();
    const b = await listener();
    const album = await audioAlbum(t.db, { tracks: 2 });
    await grant(t.db, a.user.id, album, 'album');
    const read = async (who: typeof a) => (await who.call('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    const before = await read(a);
    expect(before.items.map((x) => [x.id, x.numberOwned, x.tracks.every((tr) => tr.plays_in_full)])).toEqual([
      [album.id, 2, true],
    ]);
    expect((await read(b)).total).toBe(0);

    // The album moves to the other family (as another server of the cluster would write it): the very next reads see it.
    await t.db.updateTable('ownership').set({ user_id: b.user.id }).where('user_id', '=', a.user.id).execute();
    const after = await read(a);
    expect(after).toMatchObject({ items: [], total: 0 });
    const theirs = await read(b);
    expect(theirs.items.map((x) => [x.id, x.numberOwned, x.tracks.every((tr) => tr.plays_in_full)])).toEqual([
      [album.id, 2, true],
    ]);
  });

  it('refuses a bad page, language or unknown parameter with 400', async () => {
    const { call } = await listener();
    for (const query of ['page=0', 'page=-1', 'page=abc', 'page=9223372036854775808', 'lang_code=fr', 'sort=price']) {
      const res = await call('GET', `/crud/my-library?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('validation_failed');
    }
  });
});

describe('GET /crud/my-library/product/{id}', () => {
  it('answers an owned album, and 404 item_not_found for one that is not, or another family’s', async () => {
    const owner = await listener();
    const other = await listener();
    const album = await audioAlbum(t.db);
    await grant(t.db, owner.user.id, album, { track: album.tracks[0]! }, new Date('2026-03-01T12:00:00Z'));
    const added = await owner.call('POST', '/crud/cart-session/skus', { sku_id: album.tracks[2]!, quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const res = await owner.call('GET', `/crud/my-library/product/${album.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: album.id,
      numberOwned: 1,
      is_free_story: false,
      digital_purchased_date: '2026-03-01',
    });
    // Each track with its own verdict and the session's in-cart mark: the owned one in full, the others as previews.
    expect(
      (res.json() as LibraryAlbum).tracks.map((tr) => [tr.sku_id, tr.plays_in_full, tr.owned, tr.purchased_date, tr.isInCart]),
    ).toEqual([
      [album.tracks[0], true, true, '2026-03-01', false],
      [album.tracks[1], false, false, null, false],
      [album.tracks[2], false, false, null, true],
    ]);
    const refused = await other.call('GET', `/crud/my-library/product/${album.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('item_not_found');
    expect((await owner.call('GET', '/crud/my-library/product/2147483647')).statusCode).toBe(404);
    expect((await client()('GET', `/crud/my-library/product/${album.id}`)).statusCode).toBe(401);
  });

  it('answers a free-streaming album to anyone signed in, every track in full', async () => {
    const { call } = await listener();
    const album = await audioAlbum(t.db, { is_free_streaming: true });
    const res = await call('GET', `/crud/my-library/product/${album.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as LibraryAlbum;
    expect(body).toMatchObject({ is_free_streaming: true, numberOwned: 0, zip_url: null });
    expect(verdicts(body.tracks)).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
  });

  it('answers free-story with the free story of the week in the site language', async () => {
    const { call } = await listener();
    const en = await audioAlbum(t.db, { title: 'Free this week', free: [1] });
    const es = await audioAlbum(t.db, { title: 'Gratis esta semana', lang_code: 'es', free: [0] });
    await t.db
      .insertInto('free_stories')
      .values([
        { lang_code: 'en', sku_id: en.tracks[1]!, starts_on: '2026-01-01' },
        { lang_code: 'es', sku_id: es.tracks[0]!, starts_on: '2026-01-01' },
      ])
      .execute();
    const res = await call('GET', '/crud/my-library/product/free-story');
    expect(res.statusCode).toBe(200);
    const body = res.json() as LibraryAlbum;
    expect(body).toMatchObject({ id: en.id, is_free_story: true, url: '/library/album/free-story' });
    expect(verdicts(body.tracks)).toEqual([
      [false, false],
      [true, false],
      [false, false],
    ]);
    const spanish = (await call('GET', '/crud/my-library/product/free-story?test_spanish_site=1')).json() as LibraryAlbum;
    expect(spanish).toMatchObject({ id: es.id, productTitle: 'Gratis esta semana', is_free_story: true });
  });

  it('refuses ids of 0, -1, abc and 2^63 with 400', async () => {
    const { call } = await listener();
    for (const id of ['0', '-1', 'abc', '9223372036854775808', 'free_story']) {
      const res = await call('GET', `/crud/my-library/product/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code, id).toBe('validation_failed');
    }
  });
});

describe('PUT /crud/my-library/progress/{skuId}', () => {
  const progress = (skuId: number | string) => `/crud/my-library/progress/${skuId}`;
  const stored = async (userId: number) =>
    t.db.selectFrom('listening_progress').select(['sku_id', 'position_seconds']).where('user_id', '=', userId).execute();

  it('remembers where a story stopped, on any device, and lists it under Continue listening', async () => {
    const { user, call } = await listener();
    const album = await audioAlbum(t.db, { title: 'Stopped halfway' });
    await grant(t.db, user.id, album, 'album');
    const res = await call('PUT', progress(album.tracks[1]!), { position_seconds: 31.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ position_seconds: 31.5 });

    // Another browser of the same family.
    const elsewhere = client(await signIn(t.db, user.id));
    const body = (await elsewhere('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    expect(body.items[0]!.tracks.map((tr) => tr.position_seconds)).toEqual([0, 31.5, 0]);
    expect(body.continue_listening.map((tr) => [tr.sku_id, tr.position_seconds, tr.product_id, tr.product_title])).toEqual([
      [album.tracks[1], 31.5, album.id, 'Stopped halfway'],
    ]);
    const albumPage = (await elsewhere('GET', `/crud/my-library/product/${album.id}`)).json() as LibraryAlbum;
    expect(albumPage.tracks[1]!.position_seconds).toBe(31.5);
    // Not while searching, nor past page 1.
    expect(
      ((await elsewhere('GET', '/crud/my-library?page=1&search=Stopped')).json() as MyLibraryResponse).continue_listening,
    ).toEqual([]);
  });

  it('counts the last seconds of a track as finished: kept as 0, gone from Continue listening', async () => {
    const { user, call } = await listener();
    const album = await audioAlbum(t.db);
    await grant(t.db, user.id, album, 'album');
    await call('PUT', progress(album.tracks[0]!), { position_seconds: 20 });
    const end = await call('PUT', progress(album.tracks[0]!), { position_seconds: 55 });
    expect(end.json()).toEqual({ position_seconds: 0 });
    expect(await stored(user.id)).toEqual([{ sku_id: album.tracks[0], position_seconds: 0 }]);
    expect(((await call('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse).continue_listening).toEqual([]);
    expect((await call('PUT', progress(album.tracks[0]!), { position_seconds: 60 })).json()).toEqual({ position_seconds: 0 });
  });

  it('keeps the newest place when a device that was offline sends an older one late (issue 32 item 3)', async () => {
    const { user, call } = await listener();
    const album = await audioAlbum(t.db);
    await grant(t.db, user.id, album, 'album');
    const track = album.tracks[0]!;
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    // The plane: heard to 12 s ten minutes ago, kept on the phone while offline.
    // Meanwhile the family's laptop, online, got to 40 s.
    const laptop = client(await signIn(t.db, user.id));
    expect((await laptop('PUT', progress(track), { position_seconds: 40 })).json()).toEqual({ position_seconds: 40 });
    // The phone lands and sends its older place: ignored, the newer one answered.
    const late = await call('PUT', progress(track), { position_seconds: 12, heard_at: minutesAgo(10) });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ position_seconds: 40 });
    expect(await stored(user.id)).toEqual([{ sku_id: track, position_seconds: 40 }]);
    const library = (await laptop('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    expect(library.items[0]!.tracks[0]!.position_seconds).toBe(40);

    // A place heard offline after the stored one was saved wins.
    const second = album.tracks[1]!;
    await laptop('PUT', progress(second), { position_seconds: 5, heard_at: minutesAgo(30) });
    expect((await call('PUT', progress(second), { position_seconds: 25, heard_at: minutesAgo(20) })).json()).toEqual({
      position_seconds: 25,
    });
    // A clock running ahead counts as now: the next place saved now still wins.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('PUT', progress(second), { position_seconds: 30, heard_at: future })).json()).toEqual({
      position_seconds: 30,
    });
    expect((await laptop('PUT', progress(second), { position_seconds: 33 })).json()).toEqual({ position_seconds: 33 });

    for (const heard_at of ['yesterday', '2026-13-01T00:00:00Z', 5]) {
      const res = await call('PUT', progress(second), { position_seconds: 1, heard_at });
      expect(res.statusCode, String(heard_at)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await stored(user.id)).find((row) => row.sku_id === second)?.position_seconds).toBe(33);
  });

  it('keeps the device that heard a place, and for any order of late and current saves the newest hearing (keptPlace)', async () => {
    const { user, call } = await listener();
    const album = await audioAlbum(t.db);
    await grant(t.db, user.id, album, 'album');
    const track = album.tracks[0]!;
    const laptop = client(await signIn(t.db, user.id));
    const devices = { 'phone-0001': call, 'laptop-0002': laptop } as const;
    const kept = () =>
      t.db
        .selectFrom('listening_progress')
        .select(['position_seconds', 'device_id'])
        .where('user_id', '=', user.id)
        .where('sku_id', '=', track)
        .executeTakeFirst();

    // A fixed pseudo-random mix (under the 30 saves a minute): each device saves now (online) or a place heard
    // some minutes ago (sent late, back online); the server must end where the shared rule says, after each save.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let model: (HeardPlace & { device: string }) | undefined;
    for (let i = 0; i < 24; i++) {
      const device = next(2) === 0 ? 'phone-0001' : 'laptop-0002';
      const position = 1 + next(40);
      const late = next(2) === 0;
      const heardAt = late ? Date.now() - (1 + next(120)) * 60_000 : Date.now();
      const body = {
        position_seconds: position,
        device_id: device,
        ...(late ? { heard_at: new Date(heardAt).toISOString() } : {}),
      };
      const res = await devices[device](`PUT`, progress(track), body);
      expect(res.statusCode).toBe(200);
      model = keptPlace(model, { position, heardAt: heardTime(late ? heardAt : null, Date.now()), device });
      expect(res.json(), `save ${i}`).toEqual({ position_seconds: model.position });
      expect(await kept(), `save ${i}`).toEqual({ position_seconds: model.position, device_id: model.device });
    }

    // Another browser reads the place with when it was heard, to weigh it against what it heard itself.
    const album2 = (await laptop('GET', `/crud/my-library/product/${album.id}`)).json() as LibraryAlbum;
    expect(album2.tracks[0]!.position_seconds).toBe(model!.position);
    expect(Date.parse(album2.tracks[0]!.position_heard_at!)).toBeGreaterThan(Date.now() - 3 * 3_600_000);
    expect(album2.tracks[1]!.position_heard_at).toBeNull();
    const library = (await laptop('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    expect(library.continue_listening[0]!.position_heard_at).toBe(album2.tracks[0]!.position_heard_at);

    // Without a device (an older client) the place is kept, with none; a device id is a short plain token.
    await call('PUT', progress(album.tracks[1]!), { position_seconds: 3 });
    for (const device_id of ['', 'x', 'a'.repeat(65), 'phone 1', '<script>']) {
      const res = await call('PUT', progress(track), { position_seconds: 2, device_id });
      expect(res.statusCode, device_id).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('remembers a free or free-streaming track for anyone signed in', async () => {
    const { user, call } = await listener();
    const album = await audioAlbum(t.db, { is_free_streaming: true });
    expect((await call('PUT', progress(album.tracks[2]!), { position_seconds: 5 })).statusCode).toBe(200);
    expect(await stored(user.id)).toEqual([{ sku_id: album.tracks[2], position_seconds: 5 }]);
  });

  it('refuses bad positions and tracks it may not hear in full, storing nothing', async () => {
    const { user, call } = await listener();
    const owned = await audioAlbum(t.db);
    const notOwned = await audioAlbum(t.db);
    await grant(t.db, user.id, owned, 'album');
    const track = owned.tracks[0]!;

    const past = await call('PUT', `${progress(track)}?test_spanish_site=1`, { position_seconds: 61 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'validation_failed', fields: { position_seconds: 'Debe ser como máximo 60' } });
    const english = await call('PUT', progress(track), { position_seconds: 61 });
    expect(english.json().fields).toEqual({ position_seconds: 'Must be at most 60' });

    for (const body of [
      { position_seconds: -1 },
      { position_seconds: '10' },
      {},
      { position_seconds: 5, extra: 1 },
      { position_seconds: 1e9 },
    ]) {
      const res = await call('PUT', progress(track), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    for (const id of ['0', '-1', 'abc', '9223372036854775808']) {
      expect((await call('PUT', progress(id), { position_seconds: 5 })).statusCode, id).toBe(400);
    }
    // Another family's album, a sku that is not a track, a track that does not exist.
    for (const skuId of [notOwned.tracks[0]!, owned.album, owned.cd, 2147483647]) {
      const res = await call('PUT', progress(skuId), { position_seconds: 5 });
      expect(res.statusCode, String(skuId)).toBe(404);
      expect(res.json().code).toBe('item_not_found');
    }
    expect((await client()('PUT', progress(track), { position_seconds: 5 })).statusCode).toBe(401);
    expect(await stored(user.id)).toEqual([]);
  });

  it('lets an admin acting as the family read the library but not move its bookmarks', async () => {
    const { user, call } = await listener();
    const admin = await createUser(t.db, { is_admin: true });
    const album = await audioAlbum(t.db);
    await grant(t.db, user.id, album, 'album');
    await call('PUT', progress(album.tracks[0]!), { position_seconds: 12 });
    const masquerade = client(await signIn(t.db, user.id, { masqueradeAdminId: admin.id }));
    expect(((await masquerade('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse).total).toBe(1);
    const res = await masquerade('PUT', progress(album.tracks[0]!), { position_seconds: 40 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await stored(user.id)).toEqual([{ sku_id: album.tracks[0], position_seconds: 12 }]);
  });

  it('slows down a client saving far more often than a player does (429)', async () => {
    const { user, call } = await listener();
    const album = await audioAlbum(t.db);
    await grant(t.db, user.id, album, 'album');
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await call('PUT', progress(album.tracks[0]!), { position_seconds: i })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    expect(await stored(user.id)).toEqual([{ sku_id: album.tracks[0], position_seconds: 29 }]);
  });
});
