import { z } from 'zod';
import { AgeBand } from './age-band-schema';
import { SiteQuery } from './common';
import { isResizableSize, resizableWidths } from './image-sizes';
import { LangCode } from './lang';
import { IdParam, wholeNumberParam } from './numbers';
import { productSorts, skuTypes } from './sku-types';
import { text } from './text-fields';

export const SkuType = z.enum(skuTypes);
export type SkuType = z.infer<typeof SkuType>;

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
    /**
     * A CD or a book the ministry counts and has none left of to sell (decision
     * 061): the shop says "Sold out" and the cart refuses it (409 sold_out).
     * Always false for what is not counted.
     */
    sold_out: z.boolean(),
  })
  .meta({ id: 'Sku' });
export type Sku = z.infer<typeof Sku>;

export const Track = z
  .object({
    sku_id: z.number().int(),
    title: z.string(),
    description: z.string(),
    /**
     * Spec §3 Track: the sku's description. A track is its own sku here (no
     * separate sku record behind it), so this is the same text as
     * `description`; a client of the seed's API reads it under this name.
     */
    sku_description: z.string(),
    /** Spec §3 Track: the title of the album it belongs to (the player and a track listed outside its album name it). */
    album: z.string(),
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
    /** The server's verdict for this listener (access.ts tracksHeardInFull): the full recording plays, else the preview. */
    plays_in_full: z.boolean(),
    /** The listener owns it (its album or the track was bought, or given and claimed). */
    owned: z.boolean(),
    /**
     * Issue 43: its words for reading along (transcriptPaths.track: TranscriptResponse, under the same access rule as
     * the audio); null when the track has no transcript.
     */
    transcript_url: z.string().nullable(),
  })
  .meta({ id: 'Track' });
export type Track = z.infer<typeof Track>;

export const Price = z.object({ original: Usd, salePrice: Usd, onSale: z.boolean() });

/**
 * An album's length in whole minutes from its tracks' seconds, as the shop
 * and the back office show it ("42 min"): rounded, and never 0 for an album
 * that has a recording; null when no track says how long it is.
 */
export function albumMinutes(seconds: number | null): number | null {
  if (seconds === null || seconds <= 0) return null;
  return Math.max(1, Math.round(seconds / 60));
}

export const Product = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    lang_code: LangCode,
    url: z.string().describe('Story page path'),
    /** Square cover (mediaPaths.image URL). */
    primary_image: z.string().nullable(),
    /**
     * Spec §3 Product: the cover as a path of this site, to resize (GET
     * /crud/image/resize?url=) or to prefix with the API's origin. The same
     * as `primary_image`, which is always such a path here.
     */
    imageRelative: z.string().nullable(),
    /** Wide banner (mediaPaths.image URL), when the product has one. */
    wide_image: z.string().nullable(),
    /** YYYY-MM-DD */
    release_date: z.string().nullable(),
    /** The ages it is made for; null: for everyone. */
    age_band: AgeBand.nullable(),
    /** Its visible tracks' length, in minutes (albumMinutes); null for a product without one (a book). */
    length_minutes: z.number().int().nullable(),
    /**
     * On sale in the shop (a withdrawn product is not). A boolean, where the
     * seed's answer had 1 or 0 (decision 042: `true` reads as available
     * wherever a client tests the field's truth).
     */
    is_available: z.boolean(),
    /** Spec §3 Product: `is_available` under the seed client's name. */
    isAvailable: z.boolean(),
    isStory: z.boolean(),
    isBook: z.boolean(),
    is_free_streaming: z.boolean(),
    /**
     * The viewer's active plan covers every track of this album and they own
     * none of them (issue 28 item 4): the story page offers Play rather than
     * the digital album for sale. False for a visitor and for a product with
     * no track.
     */
    included_in_plan: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    /** The product's purchase options (digital album, CD, book), tracks excluded; hidden skus never. */
    skus: z.array(Sku),
    /** Spec §3 Product: its album offers, of `skus`: the digital album, then the CD (physical); empty for a book alone. */
    albums: z.array(Sku),
    /** The album's tracks in order. */
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

const Page = wholeNumberParam(1, 100000).default(1);
const Search = text().trim().max(200).optional();

export const ProductSort = z.enum(productSorts);
export type ProductSort = z.infer<typeof ProductSort>;

/** GET /crud/product/skus */
export const ProductListQuery = SiteQuery.extend({
  page: Page,
  type: SkuType.optional(),
  available: z.enum(['0', '1']).optional(),
  search: Search,
  /** Default: the site language (spec §9). */
  lang_code: z.union([LangCode, z.literal('all')]).optional(),
  /** Only products made for this age band (none: every product, those for everyone included). */
  age_band: AgeBand.optional(),
  /** Default: newest first, or by how well each matches the search (spec §2). */
  sort: ProductSort.optional(),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;
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
export type SkuListResponse = z.infer<typeof SkuListResponse>;

export const ProductIdParams = z.object({ id: IdParam });
export const SlugParams = z.object({ slug: text().min(1).max(200) });
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
    product_id: z.number().int(),
    /** The album's cover (mediaPaths.image URL). */
    primary_image: z.string().nullable(),
    isInCart: z.boolean(),
    /** The full recording's stream (mediaPaths.trackFull), for a listener who may hear it. */
    full_url: z.string(),
    /** The access rule's verdict for this listener (as on every Track): play full_url, not the preview. */
    plays_in_full: z.boolean(),
    /** The listener owns it (bought the story or its album). */
    owned: z.boolean(),
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
    /** YYYY-MM-DD */
    product_release_date: z.string().nullable(),
    product_image_url_wide: z.string().nullable(),
    primary_image: z.string().nullable(),
    full_download_url: z.string(),
    length_seconds: z.number().int(),
    duration: z.string().describe('m:ss'),
    url: z.string().describe('Story page path'),
  })
  .meta({ id: 'FreeStory' });
export type FreeStory = z.infer<typeof FreeStory>;

/** GET /crud/free-streaming: default lang_code is the site language. */
export const FreeStreamingQuery = SiteQuery.extend({ lang_code: z.union([LangCode, z.literal('all')]).optional() });

/** Recommended albums, free-streaming albums. */
export const ProductsResponse = z.object({ items: z.array(Product) }).meta({ id: 'Products' });
export type ProductsResponse = z.infer<typeof ProductsResponse>;

/** Top stories, recommended stories. */
export const TopStoriesResponse = z.object({ items: z.array(TopStory) }).meta({ id: 'TopStories' });
export type TopStoriesResponse = z.infer<typeof TopStoriesResponse>;

/** The width and height of a resized image, within spec §7's bounds; offeredSize then keeps the sizes the site uses. */
const imageSize = {
  width: wholeNumberParam(16, 2000).describe(`One of ${resizableWidths.join(', ')} (image-sizes.ts)`),
  height: wholeNumberParam(16, 2000).optional().describe('Cover crop; no size the site offers has one today'),
};

/** Refuses a size the site does not use (image-sizes.ts: each would be one more resize and cached file). */
function offeredSize({ width, height }: { width: number; height?: number | undefined }, ctx: z.RefinementCtx) {
  if (isResizableSize(width, height)) return;
  const path = height !== undefined && isResizableSize(width) ? 'height' : 'width';
  ctx.addIssue({ code: 'custom', path: [path], message: 'validation.imageSize', input: { width, height } });
}

/** GET /crud/image/resize */
export const ImageResizeQuery = SiteQuery.extend({
  url: text().min(1).max(500),
  ...imageSize,
}).superRefine(offeredSize);
export const ImageResizeResponse = z.object({ path: z.string() }).meta({ id: 'ImageResize' });

/**
 * GET /crud/image/resize-multiple: one image at several widths, each with the
 * media query it is for. On the wire the options are bracketed query keys
 * (`options[0][width]=580&options[0][media_query]=...`, see
 * imageResizeMultipleSearch); the server nests them before validating.
 */
export const ImageResizeMultipleQuery = SiteQuery.extend({
  url: ImageResizeQuery.shape.url,
  options: z
    .array(
      z
        .strictObject({
          ...imageSize,
          media_query: text().max(200).optional(),
        })
        .superRefine(offeredSize),
    )
    .min(1)
    .max(8),
});
export type ImageResizeMultipleQuery = z.infer<typeof ImageResizeMultipleQuery>;
export const ImageResizeMultipleResponse = z
  .array(
    z.object({
      width: z.number().int(),
      height: z.number().int().nullable(),
      media_query: z.string().nullable(),
      /** Path of the resized image (long-lived, immutable). */
      resized_url: z.string(),
    }),
  )
  .meta({ id: 'ImageResizeMultiple' });
export type ImageResizeMultipleResponse = z.infer<typeof ImageResizeMultipleResponse>;

/** The query string of resize-multiple, bracketed as spec §7 names it. */
export function imageResizeMultipleSearch(url: string, options: { width: number; height?: number; media_query?: string }[]) {
  const params = new URLSearchParams({ url });
  options.forEach((o, i) => {
    params.set(`options[${i}][width]`, String(o.width));
    if (o.height !== undefined) params.set(`options[${i}][height]`, String(o.height));
    if (o.media_query !== undefined) params.set(`options[${i}][media_query]`, o.media_query);
  });
  return params.toString();
}

/** The sku of a track stream, /crud/media/track/{skuId}/preview.mp3|full.mp3. */
export const TrackMediaParams = z.object({ skuId: IdParam });
/** download=1 saves the file (Content-Disposition: attachment, named after the track) instead of playing it. */
export const TrackMediaQuery = SiteQuery.extend({ download: z.enum(['0', '1']).optional() });

/**
 * Where media is fetched from. Tracks stream through the server, which
 * decides per request whether the caller may hear the full recording;
 * images are public storage keys.
 */
export const mediaPaths = {
  trackPreview: (skuId: number) => `/crud/media/track/${skuId}/preview.mp3`,
  trackFull: (skuId: number) => `/crud/media/track/${skuId}/full.mp3`,
  /** A stored image by its storage key (e.g. covers/noahs-big-boat.jpg). */
  image: (key: string) => `/media/${key}`,
} as const;
