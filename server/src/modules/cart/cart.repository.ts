import type { LangCode } from '@storyhouse/contracts';
import {
  type Compilable,
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type InferResult,
  type Insertable,
  type JoinBuilder,
  sql,
} from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database';
import { compiledOnce, prepared, preparedQuery, slot } from '../../db/prepared';
import type { CartAmountLines, Coupons, DB, SkuTitles } from '../../db/schema';
import { couponTitlesOf } from '../../db/titles';
import { type EntitlementRow, entitlementRows, type UserIdSql } from '../entitlements/entitlement-rows';
import { familyTagSql, sharedVersion } from '../entitlements/family-tag';
import { stockLeft } from '../stock/stock-sql';
import { ADDRESS_COLUMNS } from './addresses.repository';
import type { CouponRow } from './coupons.repository';

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

/** The coupon's columns (all of them but its titles, as coupons.findById reads them), as the total query names them. */
const COUPON_COLUMNS = [
  'id',
  'code',
  'title',
  'percent_off',
  'amount_off_cents',
  'expires_at',
  'max_redemptions',
  'redemptions',
  'active',
  'created_at',
] as const satisfies readonly (keyof CouponRow & keyof Coupons)[];

/**
 * The order of the cart's lines: the order they were added in; lines added
 * together (an amount line's id is the order it was sent in), then album order.
 */
const LINE_ORDER = ['added_at', 'line_id', 'product_id', 'position', 'sku_id'] as const;

/**
 * The site language a line's title is read in (issue 26 item 14): its
 * sku's title in that language (sku_titles: the gift card, the plans, the
 * funds), else the title it has. null: the titles as stored.
 */
export type TitleLang = LangCode | null;

/**
 * The languages a line's title is looked up in, as the queries' parameters:
 * `lang`, the site's ('' when none is asked: it matches no sku_titles row,
 * whose lang_code is a language), and `english`, 'en' where the ministry left
 * `lang` empty (decision 038, lib/titles.ts titleIn) or '' (the titles as
 * stored). Slots in a query compiled once, filled by `titleLangs`.
 */
interface TitleLangs {
  lang: string;
  english: string;
}
const titleSlots: TitleLangs = { lang: slot('titleLang'), english: slot('englishLang') };
const titleLangs = (lang: TitleLang) => ({ titleLang: lang ?? '', englishLang: lang ? 'en' : '' });

/** The sku's title in the site's language (sku_titles), joined as `st`. */
const titleIn = (langs: TitleLangs) => (join: JoinBuilder<DB & { st: SkuTitles }, 'skus' | 'st'>) =>
  join.onRef('st.sku_id', '=', 'skus.id').on('st.lang_code', '=', langs.lang);
/** Its English title, joined as `en`. */
const englishTitle = (langs: TitleLangs) => (join: JoinBuilder<DB & { en: SkuTitles }, 'skus' | 'en'>) =>
  join.onRef('en.sku_id', '=', 'skus.id').on('en.lang_code', '=', langs.english);

/**
 * The lines with what the cart page shows: the lines of an sku's price and
 * the lines of an amount the family chose (donations, a gift card), as one
 * union, unordered. `cartId`: a cart's id, or the outer query's carts.id.
 * Titles in the site's language where the shop gives one (TitleLangs).
 */
function linesOf(db: Db, cartId: number | Expression<number>, langs: TitleLangs) {
  const skuLines = db
    .selectFrom('cart_lines')
    .innerJoin('skus', 'skus.id', 'cart_lines.sku_id')
    .leftJoin('sku_titles as st', titleIn(langs))
    .leftJoin('sku_titles as en', englishTitle(langs))
    .leftJoin('products', 'products.id', 'skus.product_id')
    .select([
      sql<number | null>`null::integer`.as('line_id'),
      'skus.id as sku_id',
      'skus.type',
      sql<string>`coalesce(st.title, en.title, skus.title)`.as('title'),
      sql<string>`''`.as('description'),
      sql<number>`0`.as('fee_cents'),
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
      stockLeft('skus').as('stock_left'),
      sql<string | null>`null::text`.as('recipient_name'),
      sql<string | null>`null::text`.as('recipient_email'),
      sql<string | null>`null::text`.as('recipient_message'),
      sql<unknown>`null::jsonb`.as('tribute'),
      sql<boolean>`false`.as('anonymous'),
      'cart_lines.added_at',
      'skus.position',
    ])
    .where('cart_lines.cart_id', '=', cartId);
  const amountLines = db
    .selectFrom('cart_amount_lines as a')
    .innerJoin('skus', 'skus.id', 'a.sku_id')
    .leftJoin('sku_titles as st', titleIn(langs))
    .leftJoin('sku_titles as en', englishTitle(langs))
    .select([
      'a.id as line_id',
      'a.sku_id',
      'a.type',
      // A donation reads as the family gave it on a site of its language; else (and a gift card always)
      // by its sku's title in the site's language, where the shop gives one.
      sql<string>`case when a.type = 'gift_card' or a.lang_code is distinct from ${langs.lang}
        then coalesce(st.title, en.title, a.title) else a.title end`.as('title'),
      'a.description',
      'a.fee_cents',
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
      sql<number | null>`null::integer`.as('stock_left'),
      'a.recipient_name',
      'a.recipient_email',
      'a.recipient_message',
      sql<unknown>`a.tribute`.as('tribute'),
      'a.anonymous',
      'a.added_at',
      sql<number>`0`.as('position'),
    ])
    .where('a.cart_id', '=', cartId);
  return skuLines.unionAll(amountLines);
}

/**
 * What a signed-in family's cart total is read under (decision 088), as SQL text: the family's tag (its version,
 * the catalogue's, its plan now: entitlements/family-tag.ts), the shop's version (coupons, shipping and tax rates),
 * and, as they are now, the copies left to sell of each counted sku in its cart and its coupon's redemptions (every
 * paid order moves those: no version does). They go down and back up (an order held, then given up; a refund), so
 * a total is kept under the tag read in its own statement (totalSource `tag`), never under one read before it.
 */
const cartTag = (userId: UserIdSql) => sql<string>`${familyTagSql(userId)} || '.' || ${sharedVersion('shop')} || '.' ||
  coalesce((select string_agg(s.id || ':' || coalesce((${stockLeft('s')})::text, ''), ',' order by s.id)
    from carts c join cart_lines cl on cl.cart_id = c.id join skus s on s.id = cl.sku_id
    where c.user_id = ${userId} and s.stock is not null), '') || '.' ||
  coalesce((select cp.redemptions from carts c join coupons cp on cp.id = c.coupon_id where c.user_id = ${userId})::text, '')`;

/**
 * Everything the cart total needs, as one query (one round trip: on a busy
 * server each costs more than what it reads, decision 017): the cart row;
 * its lines (linesOf, titled in `langs`) in the order they were added
 * (LINE_ORDER), as JSON; the access rule's facts for its digital lines
 * (what its owner already owns: owned-lines.ts); its coupon (the held_*
 * columns, null without one); the owner's gift card balance (0 for a
 * guest); its shipping and billing addresses; and the shipping rates and the
 * tax rates of the shipping address's country (none without a shipping
 * address). Filtered by the caller. Nothing of it is kept between requests:
 * prices, stock, rates and coupons are read as they are now.
 */
function totalSource(db: Db, langs: TitleLangs) {
  const address = (eb: ExpressionBuilder<DB, 'carts'>, column: 'shipping_address_id' | 'billing_address_id') =>
    jsonObjectFrom(
      eb
        .selectFrom('addresses')
        .select(ADDRESS_COLUMNS.map((c) => `addresses.${c}` as const))
        .whereRef('addresses.id', '=', `carts.${column}`),
    );
  return db
    .selectFrom('carts')
    .leftJoin('coupons', 'coupons.id', 'carts.coupon_id')
    .select(CART_COLUMNS.map((column) => `carts.${column}` as const))
    .select(COUPON_COLUMNS.map((column) => `coupons.${column} as held_${column}` as const))
    .select(couponTitlesOf('coupons.id').as('held_titles'))
    .select(cartTag(sql.ref<number | null>('carts.user_id')).as('tag'))
    .select((eb) => [
      sql<JsonViewLine[]>`(select coalesce(json_agg(l order by ${sql.join(LINE_ORDER.map((c) => sql.ref(`l.${c}`)))}), '[]')
        from (${linesOf(db, sql.ref<number>('carts.id'), langs)}) l)`.as('lines'),
      sql<JsonEntitlementRow[]>`(select coalesce(json_agg(e), '[]') from (${entitlementRows(
        sql.ref<number | null>('carts.user_id'),
        sql`(select cl.sku_id from cart_lines cl where cl.cart_id = carts.id)`,
        sql`(select s.product_id from cart_lines cl join skus s on s.id = cl.sku_id
          where cl.cart_id = carts.id and s.type in ('digital_album', 'digital_track'))`,
      )}) e)`.as('entitlements'),
      // The owner's gift card balance: the cards they received and claimed, in cents (none for a guest).
      eb
        .selectFrom('gift_cards')
        .select((g) => g.fn.coalesce(g.fn.sum<number>('gift_cards.balance_cents'), g.lit(0)).as('cents'))
        .whereRef('gift_cards.recipient_user_id', '=', 'carts.user_id')
        .as('gift_card_cents'),
      address(eb, 'shipping_address_id').as('shipping_address'),
      address(eb, 'billing_address_id').as('billing_address'),
      jsonArrayFrom(
        eb
          .selectFrom('shipping_rates')
          .select(['zone', 'method', 'first_item_cents', 'additional_item_cents'])
          .where('carts.shipping_address_id', 'is not', null),
      ).as('shipping_rates'),
      jsonArrayFrom(
        eb
          .selectFrom('tax_rates')
          .select(['state', sql<number>`(rate_percent * 10000)::integer`.as('rate_ppm'), 'taxable_types'])
          .where('tax_rates.country_id', '=', (s) =>
            s.selectFrom('addresses').select('addresses.country_id').whereRef('addresses.id', '=', 'carts.shipping_address_id'),
          ),
      ).as('tax_rates'),
    ]);
}

/** JSON carries moments as text. */
type JsonViewLine = Omit<ViewLine, 'added_at'> & { added_at: string };
type JsonEntitlementRow = Omit<EntitlementRow, 'granted_at'> & { granted_at: string | null };

/** The compiled text of the total's queries (totalSource, viewLines): db/prepared.ts compiledOnce. */
const compiledQueries = new Map<string, CompiledQuery<unknown>>();
const compiled = <R>(name: string, build: () => Compilable<R>, values: Readonly<Record<string, unknown>>) =>
  compiledOnce(compiledQueries, name, () => preparedQuery(build()), values);

/** The cart total's one query (totalSource) for the cart whose `column` is `value`, compiled. */
export const totalSourceQuery = (db: Db, column: 'id' | 'user_id' | 'session_id', value: number | string, lang: TitleLang) =>
  compiled(
    `totalSource:${column}`,
    () => totalSource(db, titleSlots).where(sql.ref(`carts.${column}`), '=', slot<number | string>('key')),
    { key: value, ...titleLangs(lang) },
  );

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

  /** The cart's lines (linesOf) in one query, in the order they were added (LINE_ORDER), titled in `lang`. */
  async function viewLines(cartId: number, lang: TitleLang = null) {
    const build = () => {
      let query = db.selectFrom(linesOf(db, slot<number>('cartId'), titleSlots).as('l')).selectAll('l');
      for (const column of LINE_ORDER) query = query.orderBy(`l.${column}`);
      return query;
    };
    return (await db.executeQuery(compiled('viewLines', build, { cartId, ...titleLangs(lang) }))).rows;
  }

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

    /** The cart of that key, locked until the transaction ends (select ... for update); undefined if there is none. */
    async lockCart(key: CartKey) {
      const row = await db.selectFrom('carts').select('id').where(keyIs(key)).forUpdate().executeTakeFirst();
      return row?.id;
    },

    /**
     * The cart of that key locked for an edit (made first when `create`),
     * with whether an order of it is waiting for its payment (3-D Secure):
     * one round trip. Undefined when there is no cart and none is made.
     */
    async lockCartForEdit(key: CartKey, create: boolean): Promise<{ id: number; pending_order: boolean } | undefined> {
      const pendingOrder = sql<boolean>`exists (select 1 from orders o where o.cart_id = carts.id and o.status = 'pending')`;
      if (!create) {
        return db
          .selectFrom('carts')
          .select(['id', pendingOrder.as('pending_order')])
          .where(keyIs(key))
          .forUpdate()
          .executeTakeFirst();
      }
      return db
        .insertInto('carts')
        .values('userId' in key ? { user_id: key.userId } : { session_id: key.sessionId })
        .onConflict((oc) => oc.column('userId' in key ? 'user_id' : 'session_id').doUpdateSet({ updated_at: sql<Date>`now()` }))
        .returning(['id', pendingOrder.as('pending_order')])
        .executeTakeFirstOrThrow();
    },

    /** The cart of that key, read and locked until the transaction ends (one round trip: checkout's start). */
    async lockAndReadCart(key: CartKey) {
      const query = db.selectFrom('carts').select(CART_COLUMNS).where(keyIs(key)).forUpdate();
      const [row] = (await db.executeQuery(preparedQuery(query))).rows;
      return row;
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

    viewLines,

    /**
     * Everything the cart total needs, in one query (totalSource): the cart
     * of that key or id, undefined if there is none. Over the database or the
     * cart's transaction. Lines titled in `lang`.
     */
    /** What `userId`'s cart total is read under now (cartTag): one small query. */
    async cartTag(userId: number): Promise<string> {
      const build = () => sql<{ tag: string }>`${prepared}select ${cartTag(slot<number>('userId'))} as tag`;
      const { rows } = await db.executeQuery(compiledOnce(compiledQueries, 'cartTag', () => build().compile(db), { userId }));
      return (rows[0] as { tag: string }).tag;
    },

    async findTotalSource(where: CartKey | { cartId: number }, lang: TitleLang = null) {
      const [column, value] =
        'cartId' in where
          ? (['id', where.cartId] as const)
          : 'userId' in where
            ? (['user_id', where.userId] as const)
            : (['session_id', where.sessionId] as const);
      const [row] = (await db.executeQuery(totalSourceQuery(db, column, value, lang))).rows;
      if (!row) return undefined;
      const cart: CartRow = {
        id: row.id,
        user_id: row.user_id,
        coupon_id: row.coupon_id,
        gift_name: row.gift_name,
        gift_email: row.gift_email,
        gift_message: row.gift_message,
        shipping_type: row.shipping_type,
        shipping_address_id: row.shipping_address_id,
        billing_address_id: row.billing_address_id,
      };
      const coupon =
        row.held_id === null
          ? undefined
          : ({ ...Object.fromEntries(COUPON_COLUMNS.map((c) => [c, row[`held_${c}`]])), titles: row.held_titles } as CouponRow);
      return {
        lang,
        cart,
        /** What the total is read under (cartTag), in the same statement: meaningful for a signed-in family's cart. */
        tag: row.tag,
        lines: row.lines.map((l): ViewLine => Object.assign(l, { added_at: new Date(l.added_at) })),
        entitlements: row.entitlements.map(
          (e): EntitlementRow => Object.assign(e, { granted_at: e.granted_at === null ? null : new Date(e.granted_at) }),
        ),
        coupon,
        giftCardBalanceCents: Number(row.gift_card_cents ?? 0),
        shippingAddress: row.shipping_address,
        billingAddress: row.billing_address,
        shippingRates: row.shipping_rates,
        taxRates: row.tax_rates,
      };
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

    /** Inserts the lines, their titles given in `lang` (the site's language), if known. */
    async insertAmountLines(lines: Insertable<CartAmountLines>[], lang?: LangCode) {
      if (lines.length === 0) return;
      await db
        .insertInto('cart_amount_lines')
        .values(lines.map((line) => ({ ...line, lang_code: lang ?? null })))
        .execute();
    },

    /** Deletes one amount line of that type (or of either donation type); the number deleted. */
    async deleteAmountLines(cartId: number, types: readonly string[], lineId?: number) {
      let query = db.deleteFrom('cart_amount_lines').where('cart_id', '=', cartId).where('type', 'in', types);
      if (lineId !== undefined) query = query.where('id', '=', lineId);
      const r = await query.executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /**
     * Keeps the first `keep` amount lines of those types in the cart's order
     * (when added, then the order they were sent in: LINE_ORDER) and
     * deletes the rest; the number deleted.
     */
    async keepFirstAmountLines(cartId: number, types: readonly string[], keep: number) {
      const kept = db
        .selectFrom('cart_amount_lines')
        .select('id')
        .where('cart_id', '=', cartId)
        .where('type', 'in', types)
        .orderBy('added_at')
        .orderBy('id')
        .limit(keep);
      const r = await db
        .deleteFrom('cart_amount_lines')
        .where('cart_id', '=', cartId)
        .where('type', 'in', types)
        .where('id', 'not in', kept)
        .executeTakeFirst();
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
/** A line as viewLines reads it. */
export type ViewLine = InferResult<ReturnType<typeof linesOf>>[number];
export type TotalSource = NonNullable<Awaited<ReturnType<CartRepository['findTotalSource']>>>;
export type CartRow = Awaited<ReturnType<CartRepository['findCartById']>>;
