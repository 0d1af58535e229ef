import type { AgeBand, LangCode, ProductSort, SkuType } from '@storyhouse/contracts';
import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Products, Skus } from '../../db/schema';
import { searchQueries } from '../../db/text-search';
import { stockLeft } from '../stock/stock-sql';

export interface ProductRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  lang_code: LangCode;
  is_book: boolean;
  is_available: boolean;
  is_free_streaming: boolean;
  /** YYYY-MM-DD */
  release_date: string | null;
  primary_image: string | null;
  wide_image: string | null;
  age_band: AgeBand | null;
  /** Its visible tracks' seconds (productLength); null without any. */
  length_seconds: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface SkuRow {
  id: number;
  product_id: number | null;
  type: SkuType;
  title: string;
  description: string;
  code: string | null;
  is_hidden: boolean;
  is_available: boolean;
  full_price_cents: number;
  sale_price_cents: number | null;
  is_shipped_free: boolean;
  position: number;
  length_seconds: number | null;
  is_free: boolean;
  /** A track with a transcript (issue 43): its Track carries transcript_url. */
  has_transcript: boolean;
  /** A counted CD's or book's copies still for sale (stock-sql.ts); null when not counted (decision 061). */
  stock_left: number | null;
}

/** A track with the album facts a track list outside its album needs. */
export interface TrackRow extends SkuRow {
  product_id: number;
  length_seconds: number;
  product_slug: string;
  product_title: string;
  product_description: string;
  product_lang_code: LangCode;
  product_is_available: boolean;
  product_is_free_streaming: boolean;
  product_release_date: string | null;
  product_primary_image: string | null;
  product_wide_image: string | null;
}

/** A sku of any type with its product's slug and availability (null for skus without a product). */
export interface SkuListRow extends SkuRow {
  product_slug: string | null;
  product_is_available: boolean | null;
}

export interface ProductFilter {
  /** null: every language. */
  langs: readonly LangCode[] | null;
  /** Products offering a visible sku of this type. */
  type?: SkuType | undefined;
  availableOnly: boolean;
  /** A trimmed, non-empty search term, or undefined. */
  search?: string | undefined;
  /** Products made for this age band only. */
  ageBand?: AgeBand | undefined;
}

/** A product of a listing with its visible skus (tracks included), in album order. */
export interface ListedProductRow extends ProductRow {
  skus: SkuRow[];
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * The length of product `p`: the seconds of its tracks a visitor sees (a
 * hidden track is not heard), summed; null when none says how long it is.
 * Read, never stored, so it follows every change of a track (decision 052);
 * skus_product_idx finds the tracks.
 */
export const productLength = sql<number | null>`(select sum(t.length_seconds)::int from skus t
  where t.product_id = p.id and t.type = 'digital_track' and not t.is_hidden)`;

/**
 * The price of product `p` as its card shows it: its cheapest visible way to
 * buy (digital album, CD, book). A sale price is always below the full one
 * (the skus table checks it), so the lower of the two is the sale price when
 * there is one (pricing.ts priceCents).
 */
const productPrice = sql`(select min(coalesce(o.sale_price_cents, o.full_price_cents)) from skus o
  where o.product_id = p.id and o.type in ('digital_album', 'physical', 'book') and not o.is_hidden)`;

const productColumns = sql<ProductRow>`p.id, p.slug, p.title, p.description, p.lang_code, p.is_book, p.is_available,
  p.is_free_streaming, to_char(p.release_date, 'YYYY-MM-DD') as release_date, p.primary_image, p.wide_image,
  p.age_band, ${productLength} as length_seconds, p.created_at, p.updated_at`;

const skuFields = [
  'id',
  'product_id',
  'type',
  'title',
  'description',
  'code',
  'is_hidden',
  'is_available',
  'full_price_cents',
  'sale_price_cents',
  'is_shipped_free',
  'position',
  'length_seconds',
  'is_free',
] as const satisfies readonly (keyof SkuRow)[];
/**
 * A sku's columns, whether it has a transcript (one `exists` within the query, not a query per track) and, for a
 * counted CD or book, how many are left to sell.
 */
const skuColumns = (alias: string) =>
  sql`${sql.raw(
    `${skuFields.map((c) => `${alias}.${c}`).join(', ')}, ` +
      `exists (select 1 from transcripts tr where tr.sku_id = ${alias}.id) as has_transcript`,
  )}, ${stockLeft(alias)} as stock_left`;

/**
 * The visible skus of product `p`, in album order, as one JSON array: a page
 * of products is then 20 rows, not the ~150 of its skus and tracks, and one
 * round trip (issue 3 "Measured").
 */
const skusOfProduct = sql<SkuRow[]>`(select coalesce(json_agg(s order by s.position, s.id), '[]')
  from (select ${skuColumns('x')} from skus x where x.product_id = p.id and not x.is_hidden) s)`;

const trackProductColumns = sql`p.slug as product_slug, p.title as product_title,
  p.description as product_description, p.lang_code as product_lang_code, p.is_available as product_is_available,
  p.is_free_streaming as product_is_free_streaming, to_char(p.release_date, 'YYYY-MM-DD') as product_release_date,
  p.primary_image as product_primary_image, p.wide_image as product_wide_image`;

const newestFirst = sql`p.release_date desc nulls last, p.id desc`;

/**
 * A title as it is alphabetized: by the Unicode collation (accented and
 * Cyrillic letters where a reader looks for them, whatever the database's
 * own collation), an opening ¡ ¿ or quote left aside ("¡Jesús vive!" under J).
 */
const titleOrder = sql`ltrim(p.title, '¡¿«“"''') collate "und-x-icu"`;

/** The shop's orders other than its own: each ends newest first, so a page boundary never moves. */
const sortOrders: Record<ProductSort, RawBuilder<unknown>> = {
  newest: newestFirst,
  title: sql`${titleOrder}, ${newestFirst}`,
  length: sql`${productLength} nulls last, ${newestFirst}`,
  price_low: sql`${productPrice} nulls last, ${newestFirst}`,
  price_high: sql`${productPrice} desc nulls last, ${newestFirst}`,
};

function productConditions(f: ProductFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (f.langs) conditions.push(sql`p.lang_code in (${sql.join(f.langs)})`);
  if (f.availableOnly) conditions.push(sql`p.is_available`);
  if (f.ageBand) conditions.push(sql`p.age_band = ${f.ageBand}`);
  if (f.type) {
    conditions.push(sql`exists (select 1 from skus s where s.product_id = p.id and s.type = ${f.type} and not s.is_hidden)`);
  }
  return conditions;
}

export function catalogueRepository(db: Db) {
  return {
    /**
     * One page of products and the number of all that match. Without a
     * search: newest first. With one: products whose title matches first,
     * then those with a matching track title, then description matches;
     * within each, by rank, then newest. A `sort` orders either instead.
     */
    listProducts: async function listProducts(
      f: ProductFilter,
      page: PageWindow,
      sort?: ProductSort,
    ): Promise<{ rows: ListedProductRow[]; count: number }> {
      const conditions = productConditions(f);
      if (!f.search) {
        // Newest first and the count read the listing indexes (migration 0002), not the table.
        const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
        const [list, counted] = await Promise.all([
          sql<ListedProductRow>`select ${productColumns}, ${skusOfProduct} as skus from products p ${where}
            order by ${sort ? sortOrders[sort] : newestFirst} limit ${page.limit} offset ${page.offset}`.execute(db),
          sql<{ count: number }>`select count(*)::int as count from products p ${where}`.execute(db),
        ]);
        return { rows: list.rows, count: counted.rows[0]?.count ?? 0 };
      }
      // Ranked on the narrow hits; only the page's rows are read in full.
      const filters = conditions.map((c) => sql` and ${c}`);
      const order = sort ? sortOrders[sort] : sql`min(h.tier), max(h.rank) desc, ${newestFirst}`;
      const { rows } = await sql<ListedProductRow & { total: number }>`
        with ${searchQueries(f.search, f.langs)},
        hits as (
          select p.id, case when ts_filter(p.search_vector, '{a}') @@ q.query then 0 else 2 end as tier,
            ts_rank(p.search_vector, q.query) as rank
          from products p join q on q.lang = p.lang_code
          where p.search_vector @@ q.query ${sql.join(filters, sql``)}
          union all
          select p.id, 1, 0
          from skus t join q on q.lang = t.lang_code join products p on p.id = t.product_id
          where t.type = 'digital_track' and not t.is_hidden and t.search_vector @@ q.query ${sql.join(filters, sql``)}
        ),
        ranked as (
          select h.id, row_number() over (order by ${order}) as place, count(*) over ()::int as total
          from hits h join products p on p.id = h.id
          group by h.id, p.id
          order by place
          limit ${page.limit} offset ${page.offset}
        )
        select ${productColumns}, ${skusOfProduct} as skus, ranked.total
        from ranked join products p on p.id = ranked.id
        order by ranked.place`.execute(db);
      if (rows.length > 0 || page.offset === 0) {
        return { rows: rows.map(({ total: _, ...row }) => row), count: rows[0]?.total ?? 0 };
      }
      // Past the last page: no row carries the total, so count apart.
      return { rows: [], count: (await listProducts(f, { limit: 1, offset: 0 })).count };
    },

    /** Tracks whose title matches the search, best first (spec §2: track list when searching). */
    async searchTracks(f: ProductFilter & { search: string }, limit: number): Promise<TrackRow[]> {
      const conditions = [sql`t.type = 'digital_track'`, sql`not t.is_hidden`, sql`t.search_vector @@ q.query`];
      if (f.langs) conditions.push(sql`p.lang_code in (${sql.join(f.langs)})`);
      if (f.availableOnly) conditions.push(sql`p.is_available and t.is_available`);
      if (f.ageBand) conditions.push(sql`p.age_band = ${f.ageBand}`);
      const { rows } = await sql<TrackRow>`
        with ${searchQueries(f.search, f.langs)}
        select ${skuColumns('t')}, ${trackProductColumns}
        from skus t
        join q on q.lang = t.lang_code
        join products p on p.id = t.product_id
        where ${sql.join(conditions, sql` and `)}
        order by ts_rank(t.search_vector, q.query) desc, ${newestFirst}, t.position
        limit ${limit}`.execute(db);
      return rows;
    },

    /** The visible skus (tracks included) of some products, in album order. */
    async skusOfProducts(productIds: readonly number[]): Promise<SkuRow[]> {
      if (productIds.length === 0) return [];
      const { rows } = await sql<SkuRow>`
        select ${skuColumns('s')} from skus s
        where s.product_id in (${sql.join(productIds)}) and not s.is_hidden
        order by s.product_id, s.position, s.id`.execute(db);
      return rows;
    },

    async productById(id: number): Promise<ProductRow | undefined> {
      const { rows } = await sql<ProductRow>`select ${productColumns} from products p where p.id = ${id}`.execute(db);
      return rows[0];
    },

    async productBySlug(slug: string): Promise<ProductRow | undefined> {
      const { rows } = await sql<ProductRow>`select ${productColumns} from products p where p.slug = ${slug}`.execute(db);
      return rows[0];
    },

    /** The product that had this slug before it was renamed (product_slug_redirects). */
    async productByOldSlug(slug: string): Promise<ProductRow | undefined> {
      const { rows } = await sql<ProductRow>`select ${productColumns} from product_slug_redirects r
        join products p on p.id = r.product_id where r.slug = ${slug}`.execute(db);
      return rows[0];
    },

    /** Visible skus of any type, with or without a product (subscriptions, gift cards...); a search matches sku titles. */
    listSkus: async function listSkus(
      f: { type?: SkuType | undefined; availableOnly: boolean; search?: string | undefined },
      page: PageWindow,
    ): Promise<{ rows: SkuListRow[]; count: number }> {
      const conditions = [sql`not s.is_hidden`];
      if (f.type) conditions.push(sql`s.type = ${f.type}`);
      if (f.availableOnly) conditions.push(sql`s.is_available and coalesce(p.is_available, true)`);
      if (f.search) conditions.push(sql`s.search_vector @@ q.query`);
      const { rows } = await sql<SkuListRow & { total: number }>`
        ${f.search ? sql`with ${searchQueries(f.search, null)}` : sql``}
        select ${skuColumns('s')}, p.slug as product_slug, p.is_available as product_is_available,
          count(*) over ()::int as total
        from skus s
        left join products p on p.id = s.product_id
        ${f.search ? sql`join q on q.lang = coalesce(s.lang_code, 'en')` : sql``}
        where ${sql.join(conditions, sql` and `)}
        order by s.product_id nulls first, s.position, s.id
        limit ${page.limit} offset ${page.offset}`.execute(db);
      if (rows.length > 0 || page.offset === 0) {
        return { rows: rows.map(({ total: _, ...row }) => row), count: rows[0]?.total ?? 0 };
      }
      return { rows: [], count: (await listSkus(f, { limit: 1, offset: 0 })).count };
    },

    /** The recommended albums of a language, in their promoted order. */
    async recommendedAlbums(lang: LangCode): Promise<ProductRow[]> {
      const { rows } = await sql<ProductRow>`
        select ${productColumns}
        from promoted_skus ps
        join skus s on s.id = ps.sku_id
        join products p on p.id = s.product_id
        where ps.kind = 'recommended_album' and ps.lang_code = ${lang} and not s.is_hidden
        order by ps.position, ps.id`.execute(db);
      return rows;
    },

    /** The promoted top stories (tracks) of a language, in order. */
    async topStories(lang: LangCode): Promise<TrackRow[]> {
      const { rows } = await sql<TrackRow>`
        select ${skuColumns('t')}, ${trackProductColumns}
        from promoted_skus ps
        join skus t on t.id = ps.sku_id
        join products p on p.id = t.product_id
        where ps.kind = 'top_story' and ps.lang_code = ${lang} and t.type = 'digital_track' and not t.is_hidden
        order by ps.position, ps.id`.execute(db);
      return rows;
    },

    /** The free story of the week: the newest one of the language that has started. */
    async currentFreeStory(lang: LangCode): Promise<TrackRow | undefined> {
      const { rows } = await sql<TrackRow>`
        select ${skuColumns('t')}, ${trackProductColumns}
        from free_stories f
        join skus t on t.id = f.sku_id
        join products p on p.id = t.product_id
        where f.lang_code = ${lang} and f.starts_on <= current_date and t.type = 'digital_track'
        order by f.starts_on desc
        limit 1`.execute(db);
      return rows[0];
    },

    /** Albums every track of which streams for everyone (spec §6), newest first. */
    async freeStreamingProducts(langs: readonly LangCode[] | null, limit: number): Promise<ProductRow[]> {
      const { rows } = await sql<ProductRow>`
        select ${productColumns} from products p
        where p.is_free_streaming ${langs ? sql`and p.lang_code in (${sql.join(langs)})` : sql``}
        order by ${newestFirst}
        limit ${limit}`.execute(db);
      return rows;
    },

    // Writing: the demo seeder and test factories.

    async insertProduct(values: Insertable<Products>): Promise<number> {
      const row = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async insertSku(values: Insertable<Skus>): Promise<number> {
      const row = await db.insertInto('skus').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The titles of the skus of that type and code in each language (issue
     * 26 item 14: the gift card, the plans, the funds), where none is set yet.
     */
    async insertSkuTitles(type: string, code: string, titles: Partial<Record<LangCode, string>>) {
      const skus = await db.selectFrom('skus').select('id').where('type', '=', type).where('code', '=', code).execute();
      const rows = skus.flatMap((sku) =>
        Object.entries(titles).map(([lang_code, title]) => ({ sku_id: sku.id, lang_code, title: title as string })),
      );
      if (rows.length === 0) return;
      await db
        .insertInto('sku_titles')
        .values(rows)
        .onConflict((oc) => oc.columns(['sku_id', 'lang_code']).doNothing())
        .execute();
    },

    /** The product at that slug is for these ages, unless it has a band already. */
    async setAgeBandWhereUnset(slug: string, band: AgeBand) {
      await db.updateTable('products').set({ age_band: band }).where('slug', '=', slug).where('age_band', 'is', null).execute();
    },

    async promote(values: { kind: 'recommended_album' | 'top_story'; lang_code: LangCode; sku_id: number; position: number }) {
      await db.insertInto('promoted_skus').values(values).execute();
    },

    async insertFreeStory(values: { lang_code: LangCode; sku_id: number; starts_on: string }) {
      await db.insertInto('free_stories').values(values).execute();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
