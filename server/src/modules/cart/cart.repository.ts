import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { CartAmountLines, DB } from '../../db/schema';

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

/** What the total needs of the cart row: its owner, its coupon, its gift, its shipping method and addresses. */
const CART_COLUMNS = [
  'id',
  'user_id',
  'coupon_id',
  'gift_name',
  'gift_email',
  'gift_message',
  'shipping_type',
  'shipping_address_id',
  'billing_address_id',
] as const;

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
  /**
   * Moves the donations and the gift card to another cart; a gift card
   * there gives way to the one moved (one per order: the newer choice wins).
   */
  async function moveAmountLines(fromCartId: number, toCartId: number) {
    const incoming = await db
      .selectFrom('cart_amount_lines')
      .select('id')
      .where('cart_id', '=', fromCartId)
      .where('type', '=', 'gift_card')
      .executeTakeFirst();
    if (incoming) {
      await db.deleteFrom('cart_amount_lines').where('cart_id', '=', toCartId).where('type', '=', 'gift_card').execute();
    }
    await db.updateTable('cart_amount_lines').set({ cart_id: toCartId }).where('cart_id', '=', fromCartId).execute();
  }

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

    /**
     * The lines with what the cart page shows, in the order they were added:
     * the lines of an sku's price and the lines of an amount the family
     * chose (donations, a gift card), in one query.
     */
    viewLines(cartId: number) {
      const skuLines = db
        .selectFrom('cart_lines')
        .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
        .leftJoin('products', 'products.id', 'skus.product_id')
        .select([
          sql<number | null>`null::integer`.as('line_id'),
          'skus.id as sku_id',
          'skus.type',
          'skus.title',
          sql<string>`''`.as('description'),
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
          sql<string | null>`null::text`.as('recipient_name'),
          sql<string | null>`null::text`.as('recipient_email'),
          sql<string | null>`null::text`.as('recipient_message'),
          'cart_lines.added_at',
          'skus.position',
        ])
        .where('cart_lines.cart_id', '=', cartId);
      const amountLines = db
        .selectFrom('cart_amount_lines as a')
        .innerJoin('skus', 'skus.id', 'a.sku_id')
        .select([
          'a.id as line_id',
          'a.sku_id',
          'a.type',
          'a.title',
          'a.description',
          'skus.code',
          sql<number | null>`null::integer`.as('product_id'),
          sql<string | null>`null::text`.as('product_title'),
          sql<string | null>`null::text`.as('product_slug'),
          sql<string | null>`null::text`.as('primary_image'),
          sql<number>`1`.as('quantity'),
          'a.amount_cents as full_price_cents',
          sql<number | null>`null::integer`.as('sale_price_cents'),
          sql<boolean>`false`.as('is_shipped_free'),
          'skus.is_hidden',
          'skus.is_available',
          sql<boolean | null>`null::boolean`.as('product_is_available'),
          'a.recipient_name',
          'a.recipient_email',
          'a.recipient_message',
          'a.added_at',
          sql<number>`0`.as('position'),
        ])
        .where('a.cart_id', '=', cartId);
      return (
        db
          .selectFrom(skuLines.unionAll(amountLines).as('l'))
          .selectAll('l')
          .orderBy('l.added_at')
          // Lines added together: an amount line's id is the order it was sent in.
          .orderBy('l.line_id')
          .orderBy('l.product_id')
          .orderBy('l.position')
          .orderBy('l.sku_id')
          .execute()
      );
    },

    /** A fund's sku (or the gift card's), by its type and code, while it is offered. */
    findOffered(type: string, codes: readonly string[]) {
      if (codes.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('skus')
        .select(['id', 'code', 'title'])
        .where('type', '=', type)
        .where('code', 'in', codes)
        .where('is_hidden', '=', false)
        .where('is_available', '=', true)
        .execute();
    },

    /** The types of the cart's amount lines (donations, a gift card), for the rules. */
    async amountLineTypes(cartId: number) {
      const rows = await db.selectFrom('cart_amount_lines').select('type').where('cart_id', '=', cartId).execute();
      return rows.map((r) => r.type);
    },

    async insertAmountLines(lines: Insertable<CartAmountLines>[]) {
      if (lines.length > 0) await db.insertInto('cart_amount_lines').values(lines).execute();
    },

    /** Deletes one amount line of that type (or of either donation type); the number deleted. */
    async deleteAmountLines(cartId: number, types: readonly string[], lineId?: number) {
      let query = db.deleteFrom('cart_amount_lines').where('cart_id', '=', cartId).where('type', 'in', types);
      if (lineId !== undefined) query = query.where('id', '=', lineId);
      const r = await query.executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** Moves every line, with when it was added, to another cart (a guest cart joining an empty user cart). */
    async moveLines(fromCartId: number, toCartId: number) {
      await db.updateTable('cart_lines').set({ cart_id: toCartId }).where('cart_id', '=', fromCartId).execute();
      await moveAmountLines(fromCartId, toCartId);
    },

    moveAmountLines,

    async deleteCart(cartId: number) {
      await db.deleteFrom('carts').where('id', '=', cartId).execute();
    },

    /** The number of items (sum of quantities) in the cart. */
    async itemCount(key: CartKey) {
      const row = await db
        .selectFrom('carts')
        .select([
          sql<number>`(select coalesce(sum(quantity), 0) from cart_lines where cart_id = carts.id)`.as('skus'),
          sql<number>`(select count(*) from cart_amount_lines where cart_id = carts.id)`.as('amounts'),
        ])
        .where(keyIs(key))
        .executeTakeFirst();
      // Each donation and the gift card count one item.
      return row ? Number(row.skus ?? 0) + Number(row.amounts ?? 0) : 0;
    },
  };
}

export type CartRepository = ReturnType<typeof cartRepository>;
export type ViewLine = Awaited<ReturnType<CartRepository['viewLines']>>[number];
export type CartRow = Awaited<ReturnType<CartRepository['findCartById']>>;
