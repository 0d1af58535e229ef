import { z } from 'zod';
import { StorageKey } from './admin-media';
import { AgeBand } from './age-band-schema';
import { usdAmount } from './amounts';
import { SiteQuery } from './common';
import { CalendarDay } from './days';
import { LangCode } from './lang';
import { Id, IdParam, wholeNumber, wholeNumberParam } from './numbers';
import { optionalText, requiredText, text } from './text-fields';

/**
 * Issue 30 item 1: the catalogue edited in the back office. Products with
 * their skus, and each language's promoted lists on the home page. Every
 * call is under /crud/admin/ and for admins acting as themselves only; every
 * edit is one transaction, audited.
 */

const Usd = z.number().describe('US dollars, 2 decimals');
const IsoDate = z.string().describe('ISO date-time');

export const ADMIN_PRODUCTS_PER_PAGE = 25;
/** The highest price of a sku, in dollars (issue 30: "a price below 0 or above $10,000" is refused). */
export const MAX_PRICE_USD = 10_000;
/** How many albums and stories a language's promoted list holds at most. */
export const MAX_PROMOTED = 24;

/** A product's address on the shop (/story/{slug}): lower-case letters and digits, single dashes between. */
export const ProductSlug = text()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.slug');

/** The updated_at a product was read at (AdminProduct.updated_at): an edit of a product changed since is refused (409 product_changed). */
const ReadAt = text()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'validation.invalid')
  .describe('ISO date-time the product was read at');

/** A product's own fields, as the editor sends them whole. */
const productFields = {
  title: requiredText(200),
  slug: ProductSlug,
  /** Rich text (HTML), through the CMS sanitizer: scripts, event attributes and javascript: links are refused. */
  description: optionalText(20_000),
  lang_code: LangCode,
  /** The square cover's storage key. */
  primary_image: StorageKey.nullable().default(null),
  /** The wide banner's storage key. */
  wide_image: StorageKey.nullable().default(null),
  /** YYYY-MM-DD */
  release_date: CalendarDay.nullable().default(null),
  /** False: withdrawn, no longer sold (those who bought it keep it). */
  is_available: z.boolean().default(true),
  /** A book rather than a story. */
  is_book: z.boolean().default(false),
  /** Every track streams in full for everyone (spec §6). */
  is_free_streaming: z.boolean().default(false),
  /** The ages it is made for; null: for everyone. */
  age_band: AgeBand.nullable().default(null),
};

/** POST /crud/admin/products */
export const AdminProductBody = z.strictObject(productFields).meta({ id: 'AdminProductBody' });
export type AdminProductBody = z.input<typeof AdminProductBody>;

/** PUT /crud/admin/products/{id}: the whole product, with the updated_at it was read at. */
export const AdminProductUpdateBody = z
  .strictObject({ ...productFields, updated_at: ReadAt })
  .meta({ id: 'AdminProductUpdateBody' });
export type AdminProductUpdateBody = z.input<typeof AdminProductUpdateBody>;

/**
 * PUT /crud/admin/products/{id}/cover: a picture uploaded on the Media page
 * made the product's cover ("Use as cover"). The one field it changes is
 * taken as it is: no updated_at, since nothing else of the product is sent
 * back (an editor open on the product is told it changed when it saves).
 */
export const AdminProductCoverBody = z.strictObject({ image: StorageKey }).meta({ id: 'AdminProductCoverBody' });
export type AdminProductCoverBody = z.input<typeof AdminProductCoverBody>;

/** POST /crud/admin/products/{id}/withdraw */
export const AdminWithdrawBody = z.strictObject({ updated_at: ReadAt });
export type AdminWithdrawBody = z.input<typeof AdminWithdrawBody>;

/** What a product sells: its digital album, its tracks, its CD and its book. */
export const adminSkuTypes = ['digital_album', 'digital_track', 'physical', 'book'] as const;
export const AdminSkuType = z.enum(adminSkuTypes);
export type AdminSkuType = z.infer<typeof AdminSkuType>;

const Price = usdAmount({ min: 0, max: MAX_PRICE_USD });

/**
 * POST /crud/admin/products/{id}/skus, PUT /crud/admin/products/{id}/skus/{skuId}:
 * a sku, whole, with the product's updated_at it was read at. A sale price
 * is lower than the full price; a track has its recording and length.
 */
export const AdminSkuBody = z
  .strictObject({
    updated_at: ReadAt,
    /** Fixed once made: an update with another type is refused. */
    type: AdminSkuType,
    title: requiredText(200),
    description: optionalText(5000),
    full_price_usd: Price,
    sale_price_usd: Price.nullable().default(null),
    /** Not shown on the shop (nor sold). */
    is_hidden: z.boolean().default(false),
    is_available: z.boolean().default(true),
    /** A CD or a book posted free (spec §5 Free shipping). */
    is_shipped_free: z.boolean().default(false),
    /** A track's full recording (storage key). */
    media_full: StorageKey.nullable().default(null),
    /** A track's preview (storage key); none: the full recording's start. */
    media_preview: StorageKey.nullable().default(null),
    /** A track's length, as the upload measured it. */
    length_seconds: wholeNumber(0, 86_400).nullable().default(null),
    /** A track free for everyone. */
    is_free: z.boolean().default(false),
    /** A track is its language's free story of the week from this day (YYYY-MM-DD). */
    story_of_the_week_from: CalendarDay.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.sale_price_usd !== null && s.sale_price_usd >= s.full_price_usd) {
      ctx.addIssue({ code: 'custom', path: ['sale_price_usd'], message: 'validation.salePriceNotBelowFull' });
    }
    if (s.type === 'digital_track') {
      if (s.media_full === null) ctx.addIssue({ code: 'custom', path: ['media_full'], message: 'validation.required' });
      if (s.length_seconds === null) ctx.addIssue({ code: 'custom', path: ['length_seconds'], message: 'validation.required' });
    } else if (s.story_of_the_week_from !== null) {
      ctx.addIssue({ code: 'custom', path: ['story_of_the_week_from'], message: 'validation.invalid' });
    }
  })
  .meta({ id: 'AdminSkuBody' });
export type AdminSkuBody = z.input<typeof AdminSkuBody>;

/** PUT /crud/admin/products/{id}/track-order: every track of the product, in its new order. */
export const AdminTrackOrderBody = z.strictObject({ updated_at: ReadAt, sku_ids: z.array(Id).min(1).max(500) });
export type AdminTrackOrderBody = z.input<typeof AdminTrackOrderBody>;

export const AdminProductParams = z.strictObject({ id: IdParam });
export const AdminSkuParams = z.strictObject({ id: IdParam, skuId: IdParam });

export const AdminSku = z
  .object({
    id: z.number().int(),
    type: AdminSkuType,
    title: z.string(),
    description: z.string(),
    full_price_usd: Usd,
    sale_price_usd: Usd.nullable(),
    is_hidden: z.boolean(),
    is_available: z.boolean(),
    is_shipped_free: z.boolean(),
    /** A track's place in the album, from 0. */
    position: z.number().int(),
    media_full: z.string().nullable(),
    media_preview: z.string().nullable(),
    length_seconds: z.number().int().nullable(),
    is_free: z.boolean(),
    /** YYYY-MM-DD: the newest day it is the free story of the week from, if ever. */
    story_of_the_week_from: z.string().nullable(),
    /** A CD's or a book's copies on the shelf (decision 061); null: not tracked, always for sale. Null for downloads. */
    stock: z.number().int().nullable(),
    /** At or below it, a counted CD or book is low on stock. */
    low_stock_threshold: z.number().int(),
  })
  .meta({ id: 'AdminSku' });
export type AdminSku = z.infer<typeof AdminSku>;

export const AdminProduct = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    lang_code: LangCode,
    primary_image: z.string().nullable(),
    wide_image: z.string().nullable(),
    /** The cover's address (mediaPaths.image), to show it. */
    primary_image_url: z.string().nullable(),
    /** YYYY-MM-DD */
    release_date: z.string().nullable(),
    is_available: z.boolean(),
    is_book: z.boolean(),
    is_free_streaming: z.boolean(),
    /** The ages it is made for; null: for everyone. */
    age_band: AgeBand.nullable(),
    /** Its visible tracks' length in minutes (albumMinutes), as the shop shows it; null without one. Not edited: it follows the tracks. */
    length_minutes: z.number().int().nullable(),
    created_at: IsoDate,
    /** Send it back with an edit: a product changed since is not overwritten (409 product_changed). */
    updated_at: IsoDate,
    /** Slugs it had before, each redirecting (301) to its page. */
    old_slugs: z.array(z.string()),
    /** Some order holds it: it can be withdrawn, never deleted. */
    in_orders: z.boolean(),
    /** Its digital album, CD and book, then its tracks in order (hidden ones too). */
    skus: z.array(AdminSku),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductStatus = z.enum(['all', 'available', 'withdrawn']);
export type AdminProductStatus = z.infer<typeof AdminProductStatus>;

/** GET /crud/admin/products: newest first, 25 a page. */
export const AdminProductsQuery = SiteQuery.extend({
  page: wholeNumberParam(1, 100000).default(1),
  /** A title or slug, or part of one. */
  search: text().trim().max(100).default(''),
  lang_code: z.union([LangCode, z.literal('all')]).default('all'),
  status: AdminProductStatus.default('all'),
});
export type AdminProductsQuery = z.input<typeof AdminProductsQuery>;

export const AdminProductRow = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    lang_code: LangCode,
    is_available: z.boolean(),
    release_date: z.string().nullable(),
    primary_image_url: z.string().nullable(),
    /** How many tracks it has. */
    tracks: z.number().int(),
    /** Its digital album's sku (what a recommended album list holds), if it has one. */
    album_sku_id: z.number().int().nullable(),
  })
  .meta({ id: 'AdminProductRow' });
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductsResponse = z
  .object({
    items: z.array(AdminProductRow),
    page: z.number().int(),
    per_page: z.number().int(),
    count: z.number().int(),
  })
  .meta({ id: 'AdminProducts' });
export type AdminProductsResponse = z.infer<typeof AdminProductsResponse>;

export const AdminPromotedParams = z.strictObject({ lang: LangCode });

/** A promoted sku: an album (its digital album sku) or a story (a track), with its product. */
export const AdminPromotedItem = z.object({
  sku_id: z.number().int(),
  title: z.string(),
  product_id: z.number().int(),
  product_title: z.string(),
  product_slug: z.string(),
});
export type AdminPromotedItem = z.infer<typeof AdminPromotedItem>;

/** GET /crud/admin/promoted/{lang}: the home page's lists of a language, in order. */
export const AdminPromoted = z
  .object({
    lang_code: LangCode,
    recommended_albums: z.array(AdminPromotedItem),
    top_stories: z.array(AdminPromotedItem),
  })
  .meta({ id: 'AdminPromoted' });
export type AdminPromoted = z.infer<typeof AdminPromoted>;

const distinct = (ids: readonly number[]) => new Set(ids).size === ids.length;

/**
 * PUT /crud/admin/promoted/{lang}: both lists, whole, in order: digital
 * album skus and track skus of products in that language (else 400
 * promoted_sku_invalid), each once.
 */
export const AdminPromotedBody = z
  .strictObject({
    recommended_albums: z.array(Id).max(MAX_PROMOTED).refine(distinct, 'validation.invalid'),
    top_stories: z.array(Id).max(MAX_PROMOTED).refine(distinct, 'validation.invalid'),
  })
  .meta({ id: 'AdminPromotedBody' });
export type AdminPromotedBody = z.input<typeof AdminPromotedBody>;
