import { z } from 'zod';
import { Track } from './catalogue';
import { SiteQuery } from './common';
import { LangCode } from './lang';
import { FREE_STORY_ALBUM } from './library-paths';
import { IdParam, wholeNumberParam } from './numbers';
import { text } from './text-fields';

/**
 * My Library (issue 14; spec §2 Library screens, §3 Library album and Track,
 * §7 the /crud/my-library calls). What a family owns, from the `ownership`
 * table paid orders and claimed gifts write; every track carries the
 * server's verdict (`plays_in_full`, `owned`) and where the listener stopped.
 */

/** A track of the library: the catalogue's track and what this listener has of it. */
export const LibraryTrack = Track.extend({
  /** When the listener came to own it (YYYY-MM-DD), null when not owned. */
  purchased_date: z.string().nullable(),
  /** The MP3 as an attachment (GET /crud/my-library/skus/{skuId}/download): owned tracks only, else null. */
  file_url: z.string().nullable(),
  /** Where the listener stopped, in seconds; 0 when not started or heard to the end. */
  position_seconds: z.number().min(0),
  /** When that place was heard (ISO), null when never: a device compares it with the places it heard itself (keptPlace). */
  position_heard_at: z.string().nullable(),
}).meta({ id: 'LibraryTrack' });
export type LibraryTrack = z.infer<typeof LibraryTrack>;

/** A library track with its album, for the search matches and Continue listening. */
export const LibraryTrackMatch = LibraryTrack.extend({
  product_id: z.number().int(),
  product_title: z.string(),
  product_slug: z.string(),
  /** The album cover (mediaPaths.image URL). */
  image: z.string().nullable(),
}).meta({ id: 'LibraryTrackMatch' });
export type LibraryTrackMatch = z.infer<typeof LibraryTrackMatch>;

/** Spec §3 Library album. */
export const LibraryAlbum = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    productTitle: z.string(),
    productDescription: z.string(),
    /** Square cover (mediaPaths.image URL). */
    image: z.string().nullable(),
    lang_code: LangCode,
    slug: z.string(),
    created_at: z.string(),
    /** When the digital album (or its first track) came to be owned, YYYY-MM-DD. */
    digital_purchased_date: z.string().nullable(),
    /** When the CD came to be owned, YYYY-MM-DD. */
    physical_purchased_date: z.string().nullable(),
    /**
     * It came as a gift the listener claimed (issue 27 item 11): `from` is
     * the name of the family who gave it, null when their account has none.
     * Null when the listener bought it.
     */
    gift: z.object({ from: z.string().nullable() }).nullable(),
    /** How many of its tracks the listener owns. */
    numberOwned: z.number().int(),
    /** Its library page, /library/album/{id} (or /library/album/free-story). */
    url: z.string(),
    /** Its story page in the shop. */
    shop_url: z.string(),
    /** Streams in full for everyone (album heading "Free"). */
    is_free_streaming: z.boolean(),
    /** The free story of the week (GET /crud/my-library/product/free-story). */
    is_free_story: z.boolean(),
    /**
     * The family owns none of its tracks and their active plan covers them
     * all (issue 28 item 4): "Included in your plan". False once the plan
     * ends (the album then leaves the library unless something of it is owned).
     */
    included_in_plan: z.boolean(),
    /** A ZIP of the tracks the family may download (owned, or all with a plan): GET /crud/my-library/product/{id}/download; else null. */
    zip_url: z.string().nullable(),
    tracks: z.array(LibraryTrack),
  })
  .meta({ id: 'LibraryAlbum' });
export type LibraryAlbum = z.infer<typeof LibraryAlbum>;

/** GET /crud/my-library: the screen's search, language filter and page (spec §2 My Library). */
export const MyLibraryQuery = SiteQuery.extend({
  page: wholeNumberParam(1, 100000).default(1),
  search: text().trim().max(200).optional(),
  /** Default: all languages (the filter's first choice), not the site's as spec §9 says: decision 042. */
  lang_code: z.union([LangCode, z.literal('all')]).optional(),
});
export type MyLibraryQuery = z.infer<typeof MyLibraryQuery>;

export const MyLibraryResponse = z
  .object({
    /**
     * The albums owned (any of their tracks, or the CD), newest purchase
     * first; then, with an active plan, every other album of the catalogue
     * (`included_in_plan`), newest release first.
     */
    items: z.array(LibraryAlbum),
    page: z.number().int(),
    per_page: z.number().int(),
    /** How many albums match, owned and included. */
    total: z.number().int(),
    /** How many of `total` are included in the plan and not owned (0 without an active plan). */
    included_total: z.number().int(),
    /** Owned tracks whose title matches the search; empty without one. */
    tracks: z.array(LibraryTrackMatch),
    /** Started, unfinished tracks, most recently heard first (empty while searching or past page 1). */
    continue_listening: z.array(LibraryTrackMatch),
  })
  .meta({ id: 'MyLibrary' });
export type MyLibraryResponse = z.infer<typeof MyLibraryResponse>;

/** GET /crud/my-library/product/{id}: a number, or the literal free-story. */
export const LibraryProductParams = z.strictObject({ id: z.union([z.literal(FREE_STORY_ALBUM), IdParam]) });
/** GET /crud/my-library/product/{id}/download: owned albums only. */
export const LibraryZipParams = z.strictObject({ id: IdParam });
/** GET /crud/my-library/skus/{skuId}/download, PUT /crud/my-library/progress/{skuId}. */
export const LibrarySkuParams = z.strictObject({ skuId: IdParam });
/** Answered with the album in the site language (lang_code of the free story). */
export const LibraryProductQuery = SiteQuery;

/** GET /crud/my-library/has-subscription. */
export const HasSubscriptionResponse = z.object({ has_subscription: z.boolean() }).meta({ id: 'HasSubscription' });
export type HasSubscriptionResponse = z.infer<typeof HasSubscriptionResponse>;

/**
 * PUT /crud/my-library/progress/{skuId}: where the listener stopped (0 to the
 * track's length), and when it was heard: a position saved while offline is
 * sent later (issue 32 item 3), after another device may have saved a newer
 * one. Without `heard_at`, now.
 */
export const ProgressBody = z
  .strictObject({
    position_seconds: z.number().min(0).max(86_400),
    heard_at: text()
      .max(40)
      .pipe(z.iso.datetime({ offset: true }))
      .optional(),
    /** The browser that heard it (a random id it keeps), so a place can be traced to its device. */
    device_id: text()
      .regex(/^[A-Za-z0-9-]{8,64}$/)
      .optional(),
  })
  .meta({ id: 'ProgressBody' });
export type ProgressBody = z.infer<typeof ProgressBody>;
/** The position the server keeps: the one sent, or a newer one another device saved (then the one sent is ignored). */
export const ProgressResponse = z.object({ position_seconds: z.number().min(0) }).meta({ id: 'Progress' });
export type ProgressResponse = z.infer<typeof ProgressResponse>;
