import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';

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
 * Which cart: a signed-in user's cart is the user's, whichever of their
 * sessions (tabs, devices, an admin impersonating them) asks; a guest's is
 * the session's. The carts_owner_check constraint keeps the two apart.
 */
export type CartKey = { userId: number } | { sessionId: string };

/** What the total needs of the cart row: its owner, its coupon and its gift. */
const CART_COLUMNS = ['id', 'user_id', 'coupon_id', 'gift_name', 'gift_email', 'gift_message'] as const;

/** A gift order's recipient as the cart stores it (spec §3 Gift); the message is '' when none. */
export interface CartGift {
  name: string;
  email: string;
  message: string;
}

const keyIs = (key: CartKey) => (eb: ExpressionBuilder<DB, 'carts'>) =>
  'userId' in key ? eb('carts.user_id', '=', key.userId) : eb('carts.session_id', '=', key.sessionId);

/**
 * The only SQL of the cart. Built over the database or over a transaction,
 * so the service can run a whole change inside one transaction that holds
 * the cart row's lock.
 */
export function cartRepository(db: Db) {
  return {
    /**
     * The sku ids in the cart a session sees: a guest's cart is the
     * session's, a signed-in user's the user's (found from any of their
     * sessions).
     */
    async skuIdsSeenBy(sessionId: string): Promise<Set<number>> {
      const rows = await db
        .selectFrom('cart_lines')
        .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
        .where((eb) =>
          eb.or([
            eb('carts.session_id', '=', sessionId),
            eb('carts.user_id', '=', eb.selectFrom('sessions').select('sessions.user_id').where('sessions.id', '=', sessionId)),
          ]),
        )
        .select('cart_lines.sku_id')
        .execute();
      return new Set(rows.map((r) => r.sku_id));
    },

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

    /** The cart of that key, locked until the transaction ends (select ... for update); undefined if there is none. */
    async lockCart(key: CartKey) {
      const row = await db.selectFrom('carts').select('id').where(keyIs(key)).forUpdate().executeTakeFirst();
      return row?.id;
    },

    /**
     * The cart of that key, created if there is none, and locked until the
     * transaction ends: an upsert takes the row lock, so two first adds (or
     * a login and an add in another tab) wait for each other instead of
     * colliding on the unique key.
     */
    async lockOrCreateCart(key: CartKey) {
      const row = await db
        .insertInto('carts')
        .values('userId' in key ? { user_id: key.userId } : { session_id: key.sessionId })
        .onConflict((oc) => oc.column('userId' in key ? 'user_id' : 'session_id').doUpdateSet({ updated_at: sql<Date>`now()` }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Marks a change. */
    async touchCart(cartId: number) {
      await db.updateTable('carts').set({ updated_at: sql<Date>`now()` }).where('id', '=', cartId).execute();
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

    findCart(key: CartKey) {
      return db.selectFrom('carts').select(CART_COLUMNS).where(keyIs(key)).executeTakeFirst();
    },

    findCartById(cartId: number) {
      return db.selectFrom('carts').select(CART_COLUMNS).where('id', '=', cartId).executeTakeFirstOrThrow();
    },

    async setCoupon(cartId: number, couponId: number | null) {
      await db.updateTable('carts').set({ coupon_id: couponId, updated_at: sql<Date>`now()` }).where('id', '=', cartId).execute();
    },

    /** The gift's recipient, or null to unmark it (the carts_gift_check keeps the three together). */
    async setGift(cartId: number, gift: CartGift | null) {
      await db
        .updateTable('carts')
        .set({
          gift_name: gift?.name ?? null,
          gift_email: gift?.email ?? null,
          gift_message: gift?.message ?? null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', cartId)
        .execute();
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

    /** Moves every line, with when it was added, to another cart (a guest cart joining an empty user cart). */
    async moveLines(fromCartId: number, toCartId: number) {
      await db.updateTable('cart_lines').set({ cart_id: toCartId }).where('cart_id', '=', fromCartId).execute();
    },

    async deleteCart(cartId: number) {
      await db.deleteFrom('carts').where('id', '=', cartId).execute();
    },

    /** The number of items (sum of quantities) in the cart. */
    async itemCount(key: CartKey) {
      const row = await db
        .selectFrom('cart_lines')
        .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cart_lines.quantity'), sql<number>`0`).as('n'))
        .where(keyIs(key))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type CartRepository = ReturnType<typeof cartRepository>;
export type ViewLine = Awaited<ReturnType<CartRepository['viewLines']>>[number];
export type CartRow = Awaited<ReturnType<CartRepository['findCartById']>>;
