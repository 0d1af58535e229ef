import type { AdminProductStatus, AgeBand, LangCode } from '@storyhouse/contracts';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Products, Skus } from '../../db/schema';
import { productLength } from './catalogue.repository';

/**
 * The catalogue's writes and the back office's reads of it (issue 30 item 1):
 * the same tables the storefront reads (catalogue.repository.ts), every
 * hidden sku and stored key included. Each write runs in the caller's
 * transaction (`db` may be one).
 */

/** A product as the back office edits it. */
export interface AdminProductRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  lang_code: LangCode;
  primary_image: string | null;
  wide_image: string | null;
  release_date: string | null;
  is_available: boolean;
  is_book: boolean;
  is_free_streaming: boolean;
  age_band: AgeBand | null;
  /** Its visible tracks' seconds, as the shop reads them (catalogue.repository productLength). */
  length_seconds: number | null;
  created_at: Date;
  /** To the millisecond, as the editor read it back (every write keeps it so). */
  updated_at: Date;
}

/** A sku as the back office edits it. */
export interface AdminSkuRow {
  id: number;
  type: string;
  title: string;
  description: string;
  full_price_cents: number;
  sale_price_cents: number | null;
  is_hidden: boolean;
  is_available: boolean;
  is_shipped_free: boolean;
  position: number;
  media_full: string | null;
  media_preview: string | null;
  length_seconds: number | null;
  is_free: boolean;
  story_of_the_week_from: string | null;
  /** A CD's or a book's copies on the shelf; null: not tracked (decision 061). */
  stock: number | null;
  low_stock_threshold: number;
}

export interface AdminListRow {
  id: number;
  slug: string;
  title: string;
  lang_code: LangCode;
  is_available: boolean;
  release_date: string | null;
  primary_image: string | null;
  tracks: number;
  album_sku_id: number | null;
}

export interface PromotedRow {
  kind: 'recommended_album' | 'top_story';
  sku_id: number;
  title: string;
  product_id: number;
  product_title: string;
  product_slug: string;
}

export type PromotionKind = PromotedRow['kind'];

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const productColumns = sql`p.id, p.slug, p.title, p.description, p.lang_code, p.primary_image, p.wide_image,
  to_char(p.release_date, 'YYYY-MM-DD') as release_date, p.is_available, p.is_book, p.is_free_streaming,
  p.age_band, ${productLength} as length_seconds, p.created_at, date_trunc('milliseconds', p.updated_at) as updated_at`;

/**
 * The next updated_at of a product: now to the millisecond (what the editor
 * reads back and sends again), and always after the last one, so two edits
 * within a millisecond still differ.
 */
const nextUpdatedAt = sql<Date>`greatest(date_trunc('milliseconds', now()), date_trunc('milliseconds', updated_at) + interval '1 millisecond')`;

export function catalogueAdminRepository(db: Db) {
  return {
    async products(
      f: { search: string; lang_code: LangCode | 'all'; status: AdminProductStatus },
      page: { limit: number; offset: number },
    ): Promise<{ rows: AdminListRow[]; count: number }> {
      const conditions = [sql`true`];
      if (f.lang_code !== 'all') conditions.push(sql`p.lang_code = ${f.lang_code}`);
      if (f.status === 'available') conditions.push(sql`p.is_available`);
      if (f.status === 'withdrawn') conditions.push(sql`not p.is_available`);
      if (f.search) {
        const like = containing(f.search);
        conditions.push(sql`(p.title ilike ${like} or p.slug ilike ${like})`);
      }
      const { rows } = await sql<AdminListRow & { total: number }>`
        select p.id, p.slug, p.title, p.lang_code, p.is_available, to_char(p.release_date, 'YYYY-MM-DD') as release_date,
          p.primary_image,
          (select count(*)::int from skus t where t.product_id = p.id and t.type = 'digital_track') as tracks,
          (select a.id from skus a where a.product_id = p.id and a.type = 'digital_album') as album_sku_id,
          count(*) over ()::int as total
        from products p
        where ${sql.join(conditions, sql` and `)}
        order by p.release_date desc nulls last, p.id desc
        limit ${page.limit} offset ${page.offset}`.execute(db);
      if (rows.length > 0 || page.offset === 0) {
        return { rows: rows.map(({ total: _, ...row }) => row), count: rows[0]?.total ?? 0 };
      }
      const counted = await this.products(f, { limit: 1, offset: 0 });
      return { rows: [], count: counted.count };
    },

    /** A product; `lock` holds it until the transaction ends (an edit reads, checks, then writes). */
    async product(id: number, lock = false): Promise<AdminProductRow | undefined> {
      const { rows } = await sql<AdminProductRow>`select ${productColumns} from products p where p.id = ${id}
        ${lock ? sql`for update` : sql``}`.execute(db);
      return rows[0];
    },

    /** Every sku of a product, hidden ones too: the formats, then the tracks in order. */
    async skus(productId: number): Promise<AdminSkuRow[]> {
      const { rows } = await sql<AdminSkuRow>`
        select s.id, s.type, s.title, s.description, s.full_price_cents, s.sale_price_cents, s.is_hidden, s.is_available,
          s.is_shipped_free, s.position, s.media_full, s.media_preview, s.length_seconds, s.is_free, s.stock, s.low_stock_threshold,
          (select to_char(max(f.starts_on), 'YYYY-MM-DD') from free_stories f where f.sku_id = s.id) as story_of_the_week_from
        from skus s where s.product_id = ${productId}
        order by s.type = 'digital_track', array_position(array['digital_album', 'physical', 'book'], s.type), s.position, s.id`.execute(
        db,
      );
      return rows;
    },

    async oldSlugs(productId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('product_slug_redirects')
        .select('slug')
        .where('product_id', '=', productId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.slug);
    },

    /** Whether an order holds the product or one of its skus (it is then never deleted, only withdrawn). */
    async inOrders(productId: number): Promise<boolean> {
      const { rows } = await sql<{ held: boolean }>`select exists (
          select 1 from order_lines l where l.product_id = ${productId}
            or l.sku_id in (select s.id from skus s where s.product_id = ${productId})
        ) as held`.execute(db);
      return rows[0]?.held ?? false;
    },

    /** The product whose slug this is, now or before (a redirect), if any. */
    async slugHolder(slug: string): Promise<number | undefined> {
      const { rows } = await sql<{ id: number }>`
        select id from products where slug = ${slug}
        union all
        select product_id from product_slug_redirects where slug = ${slug}
        limit 1`.execute(db);
      return rows[0]?.id;
    },

    async insertProduct(values: Insertable<Products>): Promise<number> {
      const row = await db
        .insertInto('products')
        .values({ ...values, updated_at: sql<Date>`date_trunc('milliseconds', now())` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Writes a product's fields (none: only its updated_at moves, as a sku's edit moves it). */
    async updateProduct(id: number, values: Updateable<Products> = {}) {
      await db
        .updateTable('products')
        .set({ ...values, updated_at: nextUpdatedAt })
        .where('id', '=', id)
        .execute();
    },

    /** A product's old slug now redirects to it; one it takes back no longer does. */
    async renameSlug(productId: number, from: string, to: string) {
      await db.deleteFrom('product_slug_redirects').where('slug', '=', to).where('product_id', '=', productId).execute();
      await db.insertInto('product_slug_redirects').values({ slug: from, product_id: productId }).execute();
    },

    /** The language of a product's skus follows the product's (track titles are searched in it). */
    async setSkusLanguage(productId: number, lang: LangCode) {
      await db.updateTable('skus').set({ lang_code: lang }).where('product_id', '=', productId).execute();
    },

    async sku(productId: number, skuId: number) {
      return db
        .selectFrom('skus')
        .select(['id', 'type', 'position'])
        .where('id', '=', skuId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
    },

    /** Whether the product already has a sku of that format (one album, CD and book each). */
    async hasFormat(productId: number, type: string, exceptSku?: number): Promise<boolean> {
      let q = db.selectFrom('skus').select('id').where('product_id', '=', productId).where('type', '=', type);
      if (exceptSku !== undefined) q = q.where('id', '<>', exceptSku);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** The place after a product's last track. */
    async nextTrackPosition(productId: number): Promise<number> {
      const row = await db
        .selectFrom('skus')
        .select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('next'))
        .where('product_id', '=', productId)
        .where('type', '=', 'digital_track')
        .executeTakeFirstOrThrow();
      return row.next;
    },

    async insertSku(values: Insertable<Skus>): Promise<number> {
      const row = await db.insertInto('skus').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateSku(id: number, values: Updateable<Skus>) {
      await db.updateTable('skus').set(values).where('id', '=', id).execute();
    },

    async trackIds(productId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('skus')
        .select('id')
        .where('product_id', '=', productId)
        .where('type', '=', 'digital_track')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Tracks take the places of their order in the list. */
    async setTrackPositions(ids: readonly number[]) {
      if (ids.length === 0) return;
      const values = sql.join(ids.map((id, i) => sql`(${id}::int, ${i}::int)`));
      await sql`update skus set position = v.position from (values ${values}) as v(id, position) where skus.id = v.id`.execute(
        db,
      );
    },

    /** The track is its language's free story of the week from that day (the day's earlier choice is replaced). */
    async setStoryOfTheWeek(skuId: number, lang: LangCode, from: string) {
      await db
        .insertInto('free_stories')
        .values({ sku_id: skuId, lang_code: lang, starts_on: from })
        .onConflict((oc) => oc.columns(['lang_code', 'starts_on']).doUpdateSet({ sku_id: skuId }))
        .execute();
    },

    /** The promoted lists of a language, each in order (hidden skus too: the admin sees what the list holds). */
    async promoted(lang: LangCode): Promise<PromotedRow[]> {
      const { rows } = await sql<PromotedRow>`
        select ps.kind, s.id as sku_id, s.title, p.id as product_id, p.title as product_title, p.slug as product_slug
        from promoted_skus ps join skus s on s.id = ps.sku_id join products p on p.id = s.product_id
        where ps.lang_code = ${lang}
        order by ps.kind, ps.position, ps.id`.execute(db);
      return rows;
    },

    /** Skus that may be promoted in a language: the type, and the product's language, of each. */
    async promotable(ids: readonly number[]): Promise<{ id: number; type: string; lang_code: LangCode }[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<{ id: number; type: string; lang_code: LangCode }>`
        select s.id, s.type, p.lang_code from skus s join products p on p.id = s.product_id
        where s.id in (${sql.join(ids)})`.execute(db);
      return rows;
    },

    /** Replaces a language's promoted list of a kind by these skus, in this order. */
    async replacePromoted(lang: LangCode, kind: PromotionKind, skuIds: readonly number[]) {
      await db.deleteFrom('promoted_skus').where('lang_code', '=', lang).where('kind', '=', kind).execute();
      if (skuIds.length === 0) return;
      await db
        .insertInto('promoted_skus')
        .values(skuIds.map((sku_id, position) => ({ kind, lang_code: lang, sku_id, position })))
        .execute();
    },
  };
}
