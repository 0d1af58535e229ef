import type { MyLibraryResponse } from '@storyhouse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createUser, signIn } from '../../../test/factories';
import { audioAlbum, grant } from '../../../test/library';
import { payCart as pay } from '../../../test/payments-client';
import { tablesRead } from '../../../test/query-plan';
import { newOrderNumber } from '../../lib/order-number';
import { versionedTables } from '../entitlements/family-tag';
import { libraryPageQuery } from './library.repository';
import { CONTINUE_LISTENING, LIBRARY_PER_PAGE } from './library.service';

/**
 * Issue 47 item 4, decision 088: a server keeps the library pages it wrote and serves one again only while the
 * family's versions in the database are the ones it was read under. Every change below is written straight to the
 * database, as another server on it would: nothing in this server hears of it, and every read sees it at once.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function family() {
  const user = await createUser(t.db);
  const cookie = await signIn(t.db, user.id);
  const read = async (url = '/crud/my-library?page=1') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return { text: res.body, page: res.json() as MyLibraryResponse };
  };
  return { userId: user.id, read };
}

const titles = (page: MyLibraryResponse) => page.items.map((a) => a.productTitle);

describe('a kept library page', () => {
  it('is the same page while nothing changed, and shows at once what another server changes', async () => {
    const noah = await audioAlbum(t.db, { title: 'Kept: Noah' });
    const jonah = await audioAlbum(t.db, { title: 'Kept: Jonah' });
    const { userId, read } = await family();
    await grant(t.db, userId, noah, 'album', new Date('2026-01-01T00:00:00Z'));
    const first = await read();
    expect(titles(first.page)).toEqual(['Kept: Noah']);
    expect((await read()).text).toBe(first.text);

    // Bought on another server: the new album, first.
    await grant(t.db, userId, jonah, 'album', new Date('2026-02-01T00:00:00Z'));
    expect(titles((await read()).page)).toEqual(['Kept: Jonah', 'Kept: Noah']);

    // Refunded there: gone.
    await t.db.deleteFrom('ownership').where('user_id', '=', userId).where('product_id', '=', noah.id).execute();
    expect(titles((await read()).page)).toEqual(['Kept: Jonah']);

    // The catalogue's text, a track's price, a transcript.
    await t.db.updateTable('products').set({ title: 'Kept: Jonah and the whale' }).where('id', '=', jonah.id).execute();
    expect(titles((await read()).page)).toEqual(['Kept: Jonah and the whale']);
    await t.db.updateTable('skus').set({ full_price_cents: 149 }).where('id', '=', jonah.tracks[0]!).execute();
    expect((await read()).page.items[0]!.tracks[0]).toMatchObject({ price_usd: 1.49 });
    await t.db.insertInto('transcripts').values({ sku_id: jonah.tracks[1]! }).execute();
    expect((await read()).page.items[0]!.tracks[1]!.transcript_url).not.toBeNull();

    // Where the family stopped, heard on another device.
    await t.db
      .insertInto('listening_progress')
      .values({ user_id: userId, sku_id: jonah.tracks[2]!, position_seconds: 30, profile_id: null })
      .execute();
    const heard = (await read()).page;
    expect(heard.continue_listening.map((tr) => [tr.sku_id, tr.position_seconds])).toEqual([[jonah.tracks[2]!, 30]]);
    expect(heard.items[0]!.tracks[2]!.position_seconds).toBe(30);
  });

  it('never serves one family the page kept for another', async () => {
    const ruth = await audioAlbum(t.db, { title: 'Kept: Ruth' });
    const esther = await audioAlbum(t.db, { title: 'Kept: Esther' });
    const a = await family();
    const b = await family();
    await grant(t.db, a.userId, ruth, 'album');
    await grant(t.db, b.userId, esther, 'album');
    for (let round = 0; round < 2; round++) {
      expect(titles((await a.read()).page)).toEqual(['Kept: Ruth']);
      expect(titles((await b.read()).page)).toEqual(['Kept: Esther']);
    }
    // One family's change moves its own page only; the other's stays as it is, and right.
    await grant(t.db, b.userId, ruth, 'album', new Date(Date.now() + 1000));
    expect(titles((await a.read()).page)).toEqual(['Kept: Ruth']);
    expect(titles((await b.read()).page)).toEqual(['Kept: Ruth', 'Kept: Esther']);
    // A session of no one, and none: never a kept page.
    const nobody = await signIn(t.db, null);
    expect((await t.app.inject({ method: 'GET', url: '/crud/my-library?page=1', headers: { cookie: nobody } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/crud/my-library?page=1' })).statusCode).toBe(401);
  });

  it("marks a track in the family's cart as soon as another server puts it there", async () => {
    const daniel = await audioAlbum(t.db, { title: 'Kept: Daniel' });
    const { userId, read } = await family();
    await grant(t.db, userId, daniel, { track: daniel.tracks[0]! });
    expect((await read()).page.items[0]!.tracks.map((tr) => tr.isInCart)).toEqual([false, false, false]);
    const cart = await t.db.insertInto('carts').values({ user_id: userId }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('cart_lines').values({ cart_id: cart.id, sku_id: daniel.tracks[1]!, quantity: 1 }).execute();
    expect((await read()).page.items[0]!.tracks.map((tr) => tr.isInCart)).toEqual([false, true, false]);
    await t.db.deleteFrom('carts').where('id', '=', cart.id).execute();
    expect((await read()).page.items[0]!.tracks.map((tr) => tr.isInCart)).toEqual([false, false, false]);
  });

  it("shows at once a giver's new name, and none once the giver's account is gone", async () => {
    const gift = await audioAlbum(t.db, { title: 'Kept: a gift' });
    const giver = await createUser(t.db, { fname: 'Grandma', lname: 'Rose' });
    const { userId, read } = await family();
    const { id: orderId } = await t.db
      .insertInto('orders')
      .values({
        user_id: giver.id,
        number: newOrderNumber(),
        lang_code: 'en',
        subtotal_cents: 899,
        total_cents: 899,
        gift_email: 'sam@example.test',
        gift_name: 'Sam',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: giftId } = await t.db
      .insertInto('gifts')
      .values({
        order_id: orderId,
        kind: 'downloads',
        hash_sha256: `${giver.id}`.padStart(64, 'b'),
        recipient_email: 'sam@example.test',
        recipient_name: 'Sam',
        sender_user_id: giver.id,
        claimed_by_user_id: userId,
        claimed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('ownership')
      .values({ user_id: userId, sku_id: gift.album, product_id: gift.id, type: 'digital_album', gift_id: giftId })
      .execute();
    const from = async () => (await read()).page.items[0]!.gift;
    expect(await from()).toEqual({ from: 'Grandma Rose' });
    await t.db.updateTable('users').set({ fname: 'Granny' }).where('id', '=', giver.id).execute();
    expect(await from()).toEqual({ from: 'Granny Rose' });
    // What deleting the giver's account does to the gift (on delete set null).
    await t.db.updateTable('gifts').set({ sender_user_id: null }).where('id', '=', giftId).execute();
    expect(await from()).toEqual({ from: null });
  });

  it('is not kept past the moment a plan ends, though nothing is written then', async () => {
    const boaz = await audioAlbum(t.db, { title: 'Kept: Boaz' });
    const monthly = await createPlan(t.db, 'monthly');
    const email = `kept-plan-${Date.now()}@example.test`;
    const user = await createUser(t.db, { email, password: 'listen-along' });
    const subscriber: CartVisitor = await logIn(t.app, { email, password: 'listen-along' });
    await subscriber.add(monthly);
    await pay(subscriber);
    const read = async () => (await subscriber.send('GET', '/crud/my-library?page=1')).json() as MyLibraryResponse;
    const ends = new Date(Date.now() + 1500);
    await t.db.updateTable('recurring_items').set({ cancel_at: ends }).where('user_id', '=', user.id).execute();
    const planned = await read();
    expect(Date.now()).toBeLessThan(ends.getTime());
    expect(planned.included_total).toBeGreaterThan(0);
    expect(planned.items.some((a) => a.id === boaz.id && a.included_in_plan)).toBe(true);
    await new Promise((r) => setTimeout(r, ends.getTime() - Date.now() + 100));
    const ended = await read();
    expect(ended.included_total).toBe(0);
    expect(ended.items).toEqual([]);
  });

  it('reads only tables whose changes move a version (or the session of its key)', async () => {
    const { userId } = await family();
    const query = libraryPageQuery(
      t.db,
      { userId, profileId: null, allowed: () => sql<boolean>`true` },
      'no-session',
      { langs: null },
      { limit: LIBRARY_PER_PAGE, offset: 0 },
      { matches: 0, started: CONTINUE_LISTENING * 2 },
    );
    const read = await tablesRead(t.db, query);
    expect(read.has('ownership')).toBe(true);
    const versioned = await versionedTables(t.db, ['family', 'catalogue']);
    // The session is the key's (a page is kept per session); `users` moves the catalogue's version by its names only,
    // the one thing of it a page shows (a giver's).
    expect([...read].filter((table) => !versioned.has(table) && table !== 'sessions')).toEqual([]);
  });
});
