import { z } from 'zod';
import { SiteQuery } from './common';
import { LangCode } from './lang';

/** Spec §3 Sku types. */
export const skuTypes = [
  'physical',
  'book',
  'digital_album',
  'digital_track',
  'gift_card',
  'recurring_donation',
  'subscription',
  'donation',
] as const;
export const SkuType = z.enum(skuTypes);
export type SkuType = z.infer<typeof SkuType>;

/** Lines whose quantity may change in the cart (spec §2 Cart: physical and book). */
export const quantityEditableTypes: readonly SkuType[] = ['physical', 'book'];

/** Money in the API is dollars with 2 decimals (DESIGN.md 5); cents inside. */
const Usd = z.number().describe('US dollars, 2 decimals');

export const SkuMedia = z.object({
  type: z.enum(['preview', 'full']),
  /** Streams the file; full files only for those entitled (server decides). */
  download_url: z.string(),
});

export const Sku = z
  .object({
    id: z.number().int(),
    product_id: z.number().int().nullable(),
    type: SkuType,
    title: z.string(),
    description: z.string(),
    is_hidden: z.boolean(),
    full_price_usd: Usd,
    /** The sale price when it is lower, else the full price (spec §3). */
    price_usd: Usd,
    is_shipped_free: z.boolean(),
    is_available: z.boolean(),
    skuMedia: z.array(SkuMedia),
    product_slug: z.string().nullable(),
    isInCart: z.boolean(),
    /** monthly or annual for subscription skus. */
    code: z.string().nullable(),
  })
  .meta({ id: 'Sku' });
export type Sku = z.infer<typeof Sku>;

export const Track = z
  .object({
    sku_id: z.number().int(),
    title: z.string(),
    description: z.string(),
    order_index: z.number().int(),
    length_seconds: z.number().int(),
    full_price_usd: Usd,
    price_usd: Usd,
    is_free: z.boolean(),
    is_free_streaming: z.boolean(),
    /** 30-second preview anyone may play. */
    preview_url: z.string(),
    /** The full recording; streams only for those entitled. */
    download_url: z.string(),
    isInCart: z.boolean(),
  })
  .meta({ id: 'Track' });
export type Track = z.infer<typeof Track>;

export const Price = z.object({ original: Usd, salePrice: Usd, onSale: z.boolean() });

export const Product = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    lang_code: LangCode,
    url: z.string().describe('Story page path'),
    primary_image: z.string().nullable(),
    is_available: z.boolean(),
    isStory: z.boolean(),
    isBook: z.boolean(),
    is_free_streaming: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    skus: z.array(Sku),
    tracks: z.array(Track),
    digitalAlbum: Sku.nullable(),
    physicalAlbum: Sku.nullable(),
    book: Sku.nullable(),
    digitalAlbumPrice: Price.nullable(),
    physicalAlbumPrice: Price.nullable(),
    bookPrice: Price.nullable(),
    physicalAlbumIsShippedFree: z.boolean(),
    bookIsShippedFree: z.boolean(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

export const TrackMatch = Track.extend({
  product_id: z.number().int(),
  product_slug: z.string(),
  product_title: z.string(),
}).meta({
  id: 'TrackMatch',
});
export type TrackMatch = z.infer<typeof TrackMatch>;

const Page = z.coerce.number().int().min(1).max(100000).default(1);
const Search = z.string().trim().max(200).optional();

/** GET /crud/product/skus */
export const ProductListQuery = SiteQuery.extend({
  page: Page,
  type: SkuType.optional(),
  available: z.enum(['0', '1']).optional(),
  search: Search,
  lang_code: z.union([LangCode, z.literal('all')]).optional(),
});
export const ProductListResponse = z
  .object({
    items: z.array(Product),
    page: z.number().int(),
    per_page: z.number().int(),
    count: z.number().int().describe('Total matching products'),
    /** Tracks whose title matches the search (spec §2: track list when searching). */
    tracks: z.array(TrackMatch),
  })
  .meta({ id: 'ProductList' });
export type ProductListResponse = z.infer<typeof ProductListResponse>;

/** GET /crud/sku/list */
export const SkuListQuery = SiteQuery.extend({
  page: Page,
  type: SkuType.optional(),
  available: z.enum(['0', '1']).optional(),
  search: Search,
});
export const SkuListResponse = z
  .object({ items: z.array(Sku), page: z.number().int(), per_page: z.number().int(), count: z.number().int() })
  .meta({ id: 'SkuList' });

export const ProductIdParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });
export const SlugParams = z.object({ slug: z.string().min(1).max(200) });
export const LangParams = z.object({ lang: LangCode });

/** Spec §3 Top story. */
export const TopStory = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    product: z.string().describe('Album title'),
    price_usd: Usd,
    full_price_usd: Usd,
    download_url: z.string().describe('Preview stream'),
    length_seconds: z.number().int(),
  })
  .meta({ id: 'TopStory' });
export type TopStory = z.infer<typeof TopStory>;

/** Spec §3 Free story (of the week). */
export const FreeStory = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    is_available: z.boolean(),
    product_title: z.string(),
    product_description: z.string(),
    product_image_url_wide: z.string().nullable(),
    primary_image: z.string().nullable(),
    full_download_url: z.string(),
    length_seconds: z.number().int(),
    duration: z.string().describe('m:ss'),
    url: z.string().describe('Story page path'),
  })
  .meta({ id: 'FreeStory' });
export type FreeStory = z.infer<typeof FreeStory>;

export const FreeStreamingQuery = SiteQuery.extend({ lang_code: LangCode.optional() });

/** GET /crud/image/resize */
export const ImageResizeQuery = SiteQuery.extend({
  url: z.string().min(1).max(500),
  width: z.coerce.number().int().min(16).max(2000),
  height: z.coerce.number().int().min(16).max(2000).optional(),
});
export const ImageResizeResponse = z.object({ path: z.string() }).meta({ id: 'ImageResize' });
