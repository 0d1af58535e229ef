import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** An sku as the cart rules see it (spec §3 Sku, with its product's availability). */
export interface CartSku {
  id: number;
  type: string;
  product_id: number | null;
  is_hidden: boolean;
  is_available: boolean;
  product_is_available: boolean | null;
}

/** A line of a locked cart, enough for the rules. */
export interface LockedLine {
  sku_id: number;
  type: string;
  product_id: number | null;
  quantity: number;
}

/**
 * The only SQL of the cart. Built over the database or over a transaction,
 * so the service can run a whole change inside one transaction that holds
 * the cart row's lock.
 */
export function cartRepository(db: Db) {
  return {
    findSkus(ids: readonly number[]): Promise<CartSku[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('skus')
        .leftJoin('products', 'products.id', 'skus.product_id')
        .select([
          'skus.id',
          'skus.type',
          'skus.product_id',
          'skus.is_hidden',
          'skus.is_available',
          'products.is_available as product_is_available',
        ])
        .where('skus.id', 'in', ids)
        .execute();
    },

    async productExists(id: number) {
      const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** The session's cart, locked until the transaction ends (select ... for update); undefined if it has none. */
    async lockCart(sessionId: string) {
      const row = await db.selectFrom('carts').select('id').where('session_id', '=', sessionId).forUpdate().executeTakeFirst();
      return row?.id;
    },

    /**
     * The session's cart, created if it has none, and locked until the
     * transaction ends: an upsert takes the row lock, so two first adds of one
     * session wait for each other instead of colliding on the unique key.
     * A signed-in session's user is recorded on the cart.
     */
    async lockOrCreateCart(sessionId: string, userId: number | null) {
      const row = await db
        .insertInto('carts')
        .values({ session_id: sessionId, user_id: userId })
        .onConflict((oc) =>
          oc.column('session_id').doUpdateSet({
            user_id: sql<number | null>`coalesce(excluded.user_id, carts.user_id)`,
            updated_at: sql<Date>`now()`,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Marks a change; a signed-in session's user is recorded on the cart. */
    async touchCart(cartId: number, userId: number | null) {
      await db
        .updateTable('carts')
        .set({ updated_at: sql<Date>`now()`, user_id: sql<number | null>`coalesce(${userId}::integer, user_id)` })
        .where('id', '=', cartId)
        .execute();
    },

    lockedLines(cartId: number): Promise<LockedLine[]> {
      return db
        .selectFrom('cart_lines')
        .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
        .select(['cart_lines.sku_id', 'skus.type', 'skus.product_id', 'cart_lines.quantity'])
        .where('cart_lines.cart_id', '=', cartId)
        .execute();
    },

    async insertLine(cartId: number, skuId: number, quantity: number) {
      await db.insertInto('cart_lines').values({ cart_id: cartId, sku_id: skuId, quantity }).execute();
    },

    async setQuantity(cartId: number, skuId: number, quantity: number) {
      await db.updateTable('cart_lines').set({ quantity }).where('cart_id', '=', cartId).where('sku_id', '=', skuId).execute();
    },

    async deleteLines(cartId: number, skuIds: readonly number[]) {
      if (skuIds.length === 0) return 0;
      const r = await db.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('sku_id', 'in', skuIds).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    findCart(sessionId: string) {
      return db.selectFrom('carts').select(['id', 'user_id']).where('session_id', '=', sessionId).executeTakeFirst();
    },

    findCartById(cartId: number) {
      return db.selectFrom('carts').select(['id', 'user_id']).where('id', '=', cartId).executeTakeFirstOrThrow();
    },

    /** The lines with what the cart page shows, in the order they were added. */
    viewLines(cartId: number) {
      return db
        .selectFrom('cart_lines')
        .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
        .leftJoin('products', 'products.id', 'skus.product_id')
        .select([
          'skus.id as sku_id',
          'skus.type',
          'skus.title',
          'skus.code',
          'skus.product_id',
          'products.title as product_title',
          'products.slug as product_slug',
          'products.primary_image',
          'cart_lines.quantity',
          'skus.full_price_cents',
          'skus.sale_price_cents',
          'skus.is_shipped_free',
          'skus.is_hidden',
          'skus.is_available',
          'products.is_available as product_is_available',
        ])
        .where('cart_lines.cart_id', '=', cartId)
        .orderBy('cart_lines.added_at')
        .orderBy('skus.product_id')
        .orderBy('skus.position')
        .orderBy('skus.id')
        .execute();
    },

    /** The session's cart with its user, locked until the transaction ends (login merge). */
    lockSessionCart(sessionId: string) {
      return db.selectFrom('carts').select(['id', 'user_id']).where('session_id', '=', sessionId).forUpdate().executeTakeFirst();
    },

    /** The user's latest cart left without a session (after logout or expiry), locked; the login merge target. */
    async lockStoredUserCart(userId: number) {
      const row = await db
        .selectFrom('carts')
        .select('id')
        .where('user_id', '=', userId)
        .where('session_id', 'is', null)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      return row?.id;
    },

    /** Gives a cart to a (new) session and its user. */
    async attachCart(cartId: number, sessionId: string, userId: number) {
      await db
        .updateTable('carts')
        .set({ session_id: sessionId, user_id: userId, updated_at: sql<Date>`now()` })
        .where('id', '=', cartId)
        .execute();
    },

    async deleteCart(cartId: number) {
      await db.deleteFrom('carts').where('id', '=', cartId).execute();
    },

    /** The number of items (sum of quantities) in the session's cart. */
    async itemCount(sessionId: string) {
      const row = await db
        .selectFrom('cart_lines')
        .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cart_lines.quantity'), sql<number>`0`).as('n'))
        .where('carts.session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type CartRepository = ReturnType<typeof cartRepository>;
export type ViewLine = Awaited<ReturnType<CartRepository['viewLines']>>[number];
