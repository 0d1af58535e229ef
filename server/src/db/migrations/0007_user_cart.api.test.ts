import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database, Db } from '../database';
import { migrateTo as migrateToName } from '../migrate';

/**
 * 0007_user_cart over a database written by the code before it: several
 * carts of one user (one per session that signed in, and one left at a
 * logout) become one, by the login merge rules; nothing else moves.
 */
describe('0007_user_cart', () => {
  let database: Database;
  let db: Db;
  const migrateTo = (name: Parameters<typeof migrateToName>[1]) => migrateToName(db, name);
  const ids = { cd: 0, book: 0, album: 0, track: 0, monthly: 0, annual: 0, user: 0, other: 0 };
  const carts = { left: 0, older: 0, newer: 0, other: 0, guest: 0, orphan: 0 };
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  async function session(id: string, userId: number | null) {
    await db
      .insertInto('sessions')
      .values({ id, user_id: userId, expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
  }
  async function cart(
    sessionId: string | null,
    userId: number | null,
    updatedHoursAgo: number,
    lines: [number, number, number][],
  ) {
    const { id } = await db
      .insertInto('carts')
      .values({ session_id: sessionId, user_id: userId, updated_at: hoursAgo(updatedHoursAgo) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [sku_id, quantity, addedHoursAgo] of lines) {
      await db
        .insertInto('cart_lines')
        .values({ cart_id: id, sku_id, quantity, added_at: hoursAgo(addedHoursAgo) })
        .execute();
    }
    return id;
  }
  const linesOf = async (cartId: number) =>
    (
      await db.selectFrom('cart_lines').select(['sku_id', 'quantity']).where('cart_id', '=', cartId).orderBy('sku_id').execute()
    ).map((l) => [l.sku_id, l.quantity]);

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    db = database.db;
    await migrateTo('0006_password_reset');

    const product = await db
      .insertInto('products')
      .values({ slug: 'merge', title: 'Merge', lang_code: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sku = async (values: { type: string; title: string; code?: string; product?: boolean; track?: boolean }) =>
      (
        await db
          .insertInto('skus')
          .values({
            type: values.type,
            title: values.title,
            code: values.code ?? null,
            product_id: values.product === false ? null : product.id,
            full_price_cents: 100,
            ...(values.track ? { media_full: 'audio/merge/1.mp3', length_seconds: 30 } : {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.cd = await sku({ type: 'physical', title: 'CD' });
    ids.book = await sku({ type: 'book', title: 'Book' });
    ids.album = await sku({ type: 'digital_album', title: 'Album' });
    ids.track = await sku({ type: 'digital_track', title: 'Track', track: true });
    ids.monthly = await sku({ type: 'subscription', title: 'Monthly', code: 'monthly', product: false });
    ids.annual = await sku({ type: 'subscription', title: 'Annual', code: 'annual', product: false });
    ids.user = (
      await db.insertInto('users').values({ email: 'two-tabs@example.test' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    ids.other = (
      await db.insertInto('users').values({ email: 'one-tab@example.test' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    for (const [id, user] of [
      ['a'.repeat(64), ids.user],
      ['b'.repeat(64), ids.user],
      ['c'.repeat(64), ids.other],
      ['d'.repeat(64), null],
    ] as const) {
      await session(id, user);
    }

    // The user: a cart left at logout, and one per tab (the bug of issue 7).
    carts.left = await cart(null, ids.user, 30, [[ids.book, 98, 30]]);
    carts.older = await cart('a'.repeat(64), ids.user, 5, [
      [ids.cd, 2, 6],
      [ids.track, 1, 6],
      [ids.book, 5, 6],
      [ids.monthly, 1, 6],
    ]);
    carts.newer = await cart('b'.repeat(64), ids.user, 1, [
      [ids.cd, 1, 2],
      [ids.album, 1, 2],
      [ids.annual, 1, 2],
    ]);
    carts.other = await cart('c'.repeat(64), ids.other, 3, [[ids.track, 1, 3]]);
    carts.guest = await cart('d'.repeat(64), null, 2, [[ids.cd, 4, 2]]);
    carts.orphan = await cart(null, null, 50, [[ids.cd, 1, 50]]);

    await migrateTo('0007_user_cart');
  });
  afterAll(() => database.close());

  it("folds a user's carts into the latest by the login rules: quantities add up to 99, the album covers its track, the last plan stays", async () => {
    const mine = await db.selectFrom('carts').select(['id', 'session_id']).where('user_id', '=', ids.user).execute();

    expect(mine).toEqual([{ id: carts.newer, session_id: null }]);
    expect(await linesOf(carts.newer)).toEqual(
      [
        [ids.cd, 3],
        [ids.book, 99],
        [ids.album, 1],
        [ids.annual, 1],
      ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
  });

  it("leaves a single user cart's lines and a guest's cart as they were; drops a cart nobody can reach", async () => {
    const rows = await db
      .selectFrom('carts')
      .select(['id', 'session_id', 'user_id'])
      .where('id', 'in', [carts.other, carts.guest, carts.orphan])
      .orderBy('id')
      .execute();

    expect(rows).toEqual([
      { id: carts.other, session_id: null, user_id: ids.other },
      { id: carts.guest, session_id: 'd'.repeat(64), user_id: null },
    ]);
    expect(await linesOf(carts.other)).toEqual([[ids.track, 1]]);
    expect(await linesOf(carts.guest)).toEqual([[ids.cd, 4]]);
  });

  it('allows one cart per user, each cart either a guest’s or a user’s, and ends a guest cart with its session', async () => {
    await expect(db.insertInto('carts').values({ user_id: ids.other }).execute()).rejects.toThrow(/carts_user_key/);
    await expect(
      db
        .insertInto('carts')
        .values({ session_id: 'a'.repeat(64), user_id: ids.other })
        .execute(),
    ).rejects.toThrow(/carts_owner_check/);
    await expect(db.insertInto('carts').values({ session_id: null, user_id: null }).execute()).rejects.toThrow(
      /carts_owner_check/,
    );

    await db.deleteFrom('sessions').where('id', '=', 'd'.repeat(64)).execute();
    await db.deleteFrom('sessions').where('user_id', '=', ids.user).execute();

    expect(await db.selectFrom('carts').select('id').where('id', '=', carts.guest).execute()).toEqual([]);
    expect(await db.selectFrom('carts').select('id').where('user_id', '=', ids.user).execute()).toHaveLength(1);
  });
});
