import {
  type AgeBand,
  albumMinutes,
  type FreeStory,
  formatClock,
  type LangCode,
  mediaPaths,
  type Product,
  type ProductListResponse,
  type ProductSort,
  type Sku,
  type SkuListResponse,
  type SkuType,
  type SubscriptionOffer,
  type SubscriptionOffersResponse,
  subscriptionPlans,
  type TopStory,
  type Track,
  type TrackMatch,
  transcriptPaths,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import { ttlCache } from '../../lib/ttl-cache';
import type { ChildProfile } from '../accounts/child-profile';
import { currentUser } from '../accounts/current-user';
import { allowedAlbums } from '../child-rules/child-rules';
import {
  includedInPlan,
  type Listener,
  listenerOf,
  type TrackRights,
  type TrackVerdicts,
  trackVerdicts,
} from '../entitlements/access';
import { skuIdsInCart } from '../in-cart/in-cart';
import { isSoldOut } from '../stock/stock-sql';
import {
  catalogueRepository,
  type ListedProductRow,
  type ProductFilter,
  type ProductRow,
  type SkuListRow,
  type SkuRow,
  type TrackRow,
} from './catalogue.repository';
import { isOnSale, monthlyPriceCents, type PricedSku, priceCents } from './pricing';

/** Spec §7 "reads items, page, per_page, count": a page of the shop is 20 products. */
export const PER_PAGE = 20;
/** Matching tracks shown above the products when searching. */
export const TRACK_MATCHES = 20;
/** Free-streaming albums are few; the list is not paged but is bounded. */
const FREE_STREAMING_LIMIT = 100;

/** The purchase options of a product, in the order the story page lists them. */
const formats = ['digital_album', 'physical', 'book'] as const;

const storyPath = (slug: string) => `/story/${encodeURIComponent(slug)}`;
const imageUrl = (key: string | null) => (key ? mediaPaths.image(key) : null);

function prices(sku: PricedSku) {
  return { full_price_usd: toUsd(sku.full_price_cents), price_usd: toUsd(priceCents(sku)) };
}

/**
 * Who reads the catalogue: their session's cart gives the in-cart flags, the
 * access rule their tracks' plays_in_full and owned. Both read lazily.
 */
export interface Viewer extends Listener {
  sessionId(): Promise<string | undefined>;
  /** The child profile the request speaks for (issue 42), undefined for the parents and visitors. */
  profile?(): Promise<ChildProfile | undefined>;
}

export function viewerOf(request: FastifyRequest): Viewer {
  return {
    ...listenerOf(request),
    sessionId: async () => (await request.getSession())?.id,
    profile: async () => (await currentUser(request))?.profile,
  };
}

/**
 * One viewer's marks on shared rows: computed per request (never cached with
 * the rows, which every visitor shares).
 */
export interface Marks extends TrackVerdicts {
  inCart: ReadonlySet<number>;
}

/** A track's own columns (a catalogue or library row). */
export type TrackColumns = Pick<
  SkuRow,
  | 'id'
  | 'title'
  | 'description'
  | 'position'
  | 'length_seconds'
  | 'full_price_cents'
  | 'sale_price_cents'
  | 'is_free'
  | 'has_transcript'
>;

function toSku(row: SkuRow, product: { slug: string; is_available: boolean } | null, inCart: ReadonlySet<number>): Sku {
  return {
    id: row.id,
    product_id: row.product_id,
    type: row.type,
    title: row.title,
    description: row.description,
    is_hidden: row.is_hidden,
    ...prices(row),
    is_shipped_free: row.is_shipped_free,
    is_available: row.is_available && (product?.is_available ?? true),
    skuMedia:
      row.type === 'digital_track'
        ? [
            { type: 'preview', download_url: mediaPaths.trackPreview(row.id) },
            { type: 'full', download_url: mediaPaths.trackFull(row.id) },
          ]
        : [],
    product_slug: product?.slug ?? null,
    isInCart: inCart.has(row.id),
    code: row.code,
    sold_out: isSoldOut(row.stock_left),
  };
}

/** The album a track belongs to, as its track needs it: its title, and whether it streams for everyone. */
export interface TrackAlbum {
  title: string;
  is_free_streaming: boolean;
}

/** A track as every API answer carries it, with this viewer's marks. */
export function toTrack(row: TrackColumns, album: TrackAlbum, marks: Marks): Track {
  return {
    sku_id: row.id,
    title: row.title,
    description: row.description,
    sku_description: row.description,
    album: album.title,
    order_index: row.position,
    length_seconds: row.length_seconds ?? 0,
    ...prices(row),
    is_free: row.is_free,
    is_free_streaming: album.is_free_streaming,
    preview_url: mediaPaths.trackPreview(row.id),
    download_url: mediaPaths.trackFull(row.id),
    isInCart: marks.inCart.has(row.id),
    plays_in_full: marks.full.has(row.id),
    owned: marks.owned.has(row.id),
    transcript_url: row.has_transcript ? transcriptPaths.track(row.id) : null,
  };
}

/** A subscription sku as the subscription page offers it; null for a code that is no plan. */
function toOffer(row: SkuRow, inCart: ReadonlySet<number>): SubscriptionOffer | null {
  const code = subscriptionPlans.find((p) => p === row.code);
  if (!code) return null;
  return {
    sku_id: row.id,
    code,
    title: row.title,
    ...prices(row),
    monthly_price_usd: toUsd(monthlyPriceCents(code, priceCents(row))),
    in_cart: inCart.has(row.id),
  };
}

function priceOf(sku: Sku | null, row: SkuRow | undefined) {
  if (!sku || !row) return null;
  return { original: sku.full_price_usd, salePrice: sku.price_usd, onSale: isOnSale(row) };
}

/** A product with its visible skus (spec §3 Product). */
function toProduct(p: ProductRow, skus: readonly SkuRow[], marks: Marks): Product {
  const { inCart } = marks;
  const tracks = skus.filter((s) => s.type === 'digital_track');
  const byFormat = new Map(skus.filter((s) => s.type !== 'digital_track').map((s) => [s.type, s]));
  const options = formats.flatMap((type) => {
    const row = byFormat.get(type);
    return row ? [{ type, row, sku: toSku(row, p, inCart) }] : [];
  });
  const option = (type: (typeof formats)[number]) => options.find((o) => o.type === type);
  const digitalAlbum = option('digital_album');
  const physicalAlbum = option('physical');
  const book = option('book');
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    lang_code: p.lang_code,
    url: storyPath(p.slug),
    primary_image: imageUrl(p.primary_image),
    imageRelative: imageUrl(p.primary_image),
    wide_image: imageUrl(p.wide_image),
    release_date: p.release_date,
    age_band: p.age_band,
    length_minutes: albumMinutes(p.length_seconds),
    is_available: p.is_available,
    isAvailable: p.is_available,
    isStory: tracks.length > 0 || digitalAlbum !== undefined,
    isBook: p.is_book,
    is_free_streaming: p.is_free_streaming,
    included_in_plan: includedInPlan(
      marks,
      tracks.map((t) => t.id),
    ),
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    skus: options.map((o) => o.sku),
    albums: [digitalAlbum, physicalAlbum].flatMap((o) => (o ? [o.sku] : [])),
    tracks: tracks.map((t) => toTrack(t, p, marks)),
    digitalAlbum: digitalAlbum?.sku ?? null,
    physicalAlbum: physicalAlbum?.sku ?? null,
    book: book?.sku ?? null,
    digitalAlbumPrice: priceOf(digitalAlbum?.sku ?? null, digitalAlbum?.row),
    physicalAlbumPrice: priceOf(physicalAlbum?.sku ?? null, physicalAlbum?.row),
    bookPrice: priceOf(book?.sku ?? null, book?.row),
    physicalAlbumIsShippedFree: physicalAlbum?.row.is_shipped_free ?? false,
    bookIsShippedFree: book?.row.is_shipped_free ?? false,
  };
}

function toTrackMatch(row: TrackRow, marks: Marks): TrackMatch {
  return {
    ...toTrack(row, { title: row.product_title, is_free_streaming: row.product_is_free_streaming }, marks),
    product_id: row.product_id,
    product_slug: row.product_slug,
    product_title: row.product_title,
  };
}

function toTopStory(row: TrackRow, marks: Marks): TopStory {
  return {
    id: row.id,
    slug: row.product_slug,
    title: row.title,
    product: row.product_title,
    ...prices(row),
    download_url: mediaPaths.trackPreview(row.id),
    length_seconds: row.length_seconds,
    product_id: row.product_id,
    primary_image: imageUrl(row.product_primary_image),
    isInCart: marks.inCart.has(row.id),
    full_url: mediaPaths.trackFull(row.id),
    plays_in_full: marks.full.has(row.id),
    owned: marks.owned.has(row.id),
  };
}

function toFreeStory(row: TrackRow): FreeStory {
  return {
    id: row.id,
    product_id: row.product_id,
    title: row.title,
    slug: row.product_slug,
    description: row.description,
    is_available: row.is_available && row.product_is_available,
    product_title: row.product_title,
    product_description: row.product_description,
    product_release_date: row.product_release_date,
    product_image_url_wide: imageUrl(row.product_wide_image),
    primary_image: imageUrl(row.product_primary_image),
    // The free story streams in full for everyone (spec §6).
    full_download_url: mediaPaths.trackFull(row.id),
    length_seconds: row.length_seconds,
    duration: formatClock(row.length_seconds),
    url: storyPath(row.product_slug),
  };
}

/** 'all' or absent-means-site-language (spec §9: the default list filter is the site language). */
function languages(langCode: LangCode | 'all' | undefined, siteLang: LangCode): LangCode[] | null {
  if (langCode === 'all') return null;
  return [langCode ?? siteLang];
}

/** Types whose products hold audio, so a type filter keeps matching tracks. */
const audioTypes: readonly SkuType[] = ['digital_album', 'digital_track'];

export interface ProductListInput {
  page: number;
  type?: SkuType | undefined;
  available?: '0' | '1' | undefined;
  search?: string | undefined;
  lang_code?: LangCode | 'all' | undefined;
  age_band?: AgeBand | undefined;
  sort?: ProductSort | undefined;
}

/** The access rule's view of a product's tracks, among its skus: they stream for everyone when it does. */
function rightsOf(product: ProductRow, skus: readonly SkuRow[]): TrackRights[] {
  return skus.flatMap((s) =>
    s.type === 'digital_track'
      ? [{ skuId: s.id, productId: product.id, isFree: s.is_free, isFreeStreaming: product.is_free_streaming }]
      : [],
  );
}

/** The access rule's view of tracks listed outside their album, each row saying whether its album streams for everyone. */
const rightsOfTracks = (rows: readonly TrackRow[]): TrackRights[] =>
  rows.map((t) => ({ skuId: t.id, productId: t.product_id, isFree: t.is_free, isFreeStreaming: t.product_is_free_streaming }));

/**
 * The catalogue as the shop, story and home pages read it. The `viewer`
 * marks what is already in their session's cart (spec §4 in-cart flags) and
 * which tracks they hear in full and own (the access rule).
 */
export function catalogueService(db: Db, opts: { listingCacheMs: number }) {
  const repo = catalogueRepository(db);
  // The shop's product listing is read far more than the catalogue changes
  // (docs/decisions/005-catalogue-search.md: kept at most listingCacheMs).
  const listings = ttlCache<{ page: { rows: ListedProductRow[]; count: number }; trackRows: TrackRow[] }>(opts.listingCacheMs);
  const storySlugs = ttlCache<{ image: string | null; slug: string } | null>(opts.listingCacheMs);
  const inCartOf = async (viewer: Viewer) => skuIdsInCart(db, await viewer.sessionId());

  /** The product at a slug, or the one that had it before it was renamed. */
  async function productAt(slug: string): Promise<ProductRow | undefined> {
    return (await repo.productBySlug(slug)) ?? (await repo.productByOldSlug(slug));
  }

  /**
   * For a child profile (issue 42), which of these albums it may hear (child-rules, the library's and the
   * streams' rule); undefined for the parents and visitors, whom it does not limit.
   */
  async function childAllows(viewer: Viewer, productIds: readonly number[]): Promise<ReadonlySet<number> | undefined> {
    const profile = await viewer.profile?.();
    return profile ? allowedAlbums(db, profile, [...new Set(productIds)]) : undefined;
  }

  /** What the child may hear of `rows` (all of them for the parents and visitors). */
  async function forChild<R extends { id: number }>(viewer: Viewer, rows: readonly R[]): Promise<R[]> {
    const allowed = await childAllows(
      viewer,
      rows.map((r) => r.id),
    );
    return allowed ? rows.filter((r) => allowed.has(r.id)) : [...rows];
  }

  /**
   * The viewer's marks on these tracks: their cart and the access rule, side by side. A child profile hears in
   * full only the tracks of albums it may hear, so a refused album never offers Play.
   */
  async function marksOf(viewer: Viewer, tracks: readonly TrackRights[]): Promise<Marks> {
    const [inCart, verdicts, allowed] = await Promise.all([
      inCartOf(viewer),
      trackVerdicts(db, viewer, tracks),
      childAllows(
        viewer,
        tracks.map((t) => t.productId),
      ),
    ]);
    if (!allowed) return { inCart, ...verdicts };
    const refused = new Set(tracks.filter((t) => !allowed.has(t.productId)).map((t) => t.skuId));
    return { inCart, ...verdicts, full: new Set([...verdicts.full].filter((id) => !refused.has(id))) };
  }

  async function products(rows: readonly ProductRow[], viewer: Viewer): Promise<Product[]> {
    const byProduct = new Map<number | null, SkuRow[]>();
    for (const s of await repo.skusOfProducts(rows.map((r) => r.id))) {
      const list = byProduct.get(s.product_id);
      if (list) list.push(s);
      else byProduct.set(s.product_id, [s]);
    }
    const skusOf = (p: ProductRow) => byProduct.get(p.id) ?? [];
    const marks = await marksOf(
      viewer,
      rows.flatMap((p) => rightsOf(p, skusOf(p))),
    );
    return rows.map((p) => toProduct(p, skusOf(p), marks));
  }

  async function product(row: ProductRow | undefined, viewer: Viewer): Promise<Product> {
    if (!row) throw new AppError('not_found', 'item_not_found');
    const [list] = await products([row], viewer);
    return list as Product;
  }

  return {
    async listProducts(input: ProductListInput, siteLang: LangCode, viewer: Viewer): Promise<ProductListResponse> {
      const search = input.search || undefined;
      const filter: ProductFilter = {
        langs: languages(input.lang_code, siteLang),
        type: input.type,
        availableOnly: input.available === '1',
        search,
        ageBand: input.age_band,
      };
      const window = { limit: PER_PAGE, offset: (input.page - 1) * PER_PAGE };
      const load = async () => {
        const [page, trackRows] = await Promise.all([
          repo.listProducts(filter, window, input.sort),
          search && (!input.type || audioTypes.includes(input.type))
            ? repo.searchTracks({ ...filter, search }, TRACK_MATCHES)
            : [],
        ]);
        return { page, trackRows };
      };
      const key = JSON.stringify([
        filter.langs,
        filter.type,
        filter.availableOnly,
        search,
        filter.ageBand,
        input.sort,
        window.offset,
      ]);
      // The rows are the same for every visitor; the marks (in cart, heard in full, owned) are this viewer's.
      const { page, trackRows } = await listings(key, load);
      const marks = await marksOf(viewer, [...page.rows.flatMap((p) => rightsOf(p, p.skus)), ...rightsOfTracks(trackRows)]);
      return {
        items: page.rows.map((p) => toProduct(p, p.skus, marks)),
        page: input.page,
        per_page: PER_PAGE,
        count: page.count,
        tracks: trackRows.map((t) => toTrackMatch(t, marks)),
      };
    },

    async listSkus(input: Omit<ProductListInput, 'lang_code'>, viewer: Viewer): Promise<SkuListResponse> {
      const [page, inCart] = await Promise.all([
        repo.listSkus(
          { type: input.type, availableOnly: input.available === '1', search: input.search || undefined },
          { limit: PER_PAGE, offset: (input.page - 1) * PER_PAGE },
        ),
        inCartOf(viewer),
      ]);
      const toListed = (row: SkuListRow) =>
        toSku(
          row,
          row.product_slug === null ? null : { slug: row.product_slug, is_available: row.product_is_available ?? true },
          inCart,
        );
      return { items: page.rows.map(toListed), page: input.page, per_page: PER_PAGE, count: page.count };
    },

    /** Spec §2 Subscription: the plans on sale, monthly then annual, marked when in this session's cart. */
    async subscriptionOffers(viewer: Viewer): Promise<SubscriptionOffersResponse> {
      const [page, inCart] = await Promise.all([
        repo.listSkus({ type: 'subscription', availableOnly: true }, { limit: PER_PAGE, offset: 0 }),
        inCartOf(viewer),
      ]);
      const offers = page.rows.flatMap((row) => toOffer(row, inCart) ?? []);
      const rank = (o: SubscriptionOffer) => subscriptionPlans.indexOf(o.code);
      return { items: offers.sort((a, b) => rank(a) - rank(b)) };
    },

    async productById(id: number, viewer: Viewer) {
      return product(await repo.productById(id), viewer);
    },

    /** A product by its slug, or by a slug it had before (issue 30: renamed in the back office); its `slug` is the current one. */
    async productBySlug(slug: string, viewer: Viewer) {
      return product(await productAt(slug), viewer);
    },

    /**
     * The story page's album at this slug, for its HTML (its cover, `/media/…`,
     * is preloaded) and its status: null when no product has or had the
     * slug (404); `slug` is the current one, which an old slug redirects to
     * (301). Asked on every visit, so cached briefly.
     */
    async storyPage(slug: string): Promise<{ image: string | null; slug: string } | null> {
      return storySlugs(slug, async () => {
        const row = await productAt(slug);
        return row ? { image: imageUrl(row.primary_image), slug: row.slug } : null;
      });
    },

    /** Issue 30: after an edit in the back office, this instance reads the catalogue afresh (others within listingCacheMs). */
    forget() {
      listings.clear();
      storySlugs.clear();
    },

    // The home page's and free streaming's lists: a child profile sees only the albums it may hear (issue 42).
    async recommendedAlbums(lang: LangCode, viewer: Viewer) {
      return { items: await products(await forChild(viewer, await repo.recommendedAlbums(lang)), viewer) };
    },

    async topStories(lang: LangCode, viewer: Viewer) {
      const rows = await repo.topStories(lang);
      const allowed = await childAllows(
        viewer,
        rows.map((r) => r.product_id),
      );
      const shown = allowed ? rows.filter((r) => allowed.has(r.product_id)) : rows;
      const marks = await marksOf(viewer, rightsOfTracks(shown));
      return { items: shown.map((r) => toTopStory(r, marks)) };
    },

    /**
     * The language's free story of the week. A child whose profile may not hear its album has none this week
     * (decision 056): the home page and My Library then show no story the child could not play.
     */
    async freeStory(lang: LangCode, viewer?: Viewer): Promise<FreeStory> {
      const row = await repo.currentFreeStory(lang);
      if (!row) throw new AppError('not_found', 'item_not_found');
      const allowed = viewer && (await childAllows(viewer, [row.product_id]));
      if (allowed && !allowed.has(row.product_id)) throw new AppError('not_found', 'item_not_found');
      return toFreeStory(row);
    },

    async freeStreaming(langCode: LangCode | 'all' | undefined, siteLang: LangCode, viewer: Viewer) {
      return {
        items: await products(
          await forChild(viewer, await repo.freeStreamingProducts(languages(langCode, siteLang), FREE_STREAMING_LIMIT)),
          viewer,
        ),
      };
    },

    async freeStreamingAlbum(id: number, viewer: Viewer) {
      const row = await repo.productById(id);
      if (row?.is_free_streaming) {
        const allowed = await childAllows(viewer, [row.id]);
        if (allowed && !allowed.has(row.id)) throw new AppError('not_allowed', 'not_for_this_profile');
      }
      return product(row?.is_free_streaming ? row : undefined, viewer);
    },
  };
}
