import { z } from 'zod';
import { SiteQuery } from './common';
import { wholeNumberParam } from './numbers';
import { text } from './text-fields';

/**
 * Issue 30 item 2: audio and pictures uploaded in the back office, POST
 * /crud/admin/media (multipart, one file) for admins acting as themselves.
 * Each upload is checked by its content, stored whole under a new key of its
 * own (so replacing a product's file points it at a new key and a family's
 * download of the old one goes on), and listed on the Media page.
 */

const IsoDate = z.string().describe('ISO date-time');

/**
 * A stored file's key, as an upload answers it (what products and CMS pages
 * name their pictures and tracks by): a key, never an address, markup or a
 * path out of the storage.
 */
export const StorageKey = text()
  .trim()
  .max(300)
  .regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/, { error: 'validation.invalid' })
  .refine((k) => !k.includes('..') && !k.includes('//'), { error: 'validation.invalid' });

/** What a file is for: an MP3 track (or its preview), or a picture (a cover, a CMS hero, a sidebar). */
export const MediaKind = z.enum(['audio', 'image']);
export type MediaKind = z.infer<typeof MediaKind>;

/** The largest upload of each kind, in bytes: a long MP3 album track, and a camera's photo. */
export const mediaMaxBytes: Record<MediaKind, number> = { audio: 200 * 1024 * 1024, image: 20 * 1024 * 1024 };
/** The most pixels a picture may have (width × height): 40 megapixels, about 7,300 × 5,500. */
export const MEDIA_MAX_PIXELS = 40_000_000;
/** The longest preview clip the server cuts from an MP3's start. */
export const MEDIA_PREVIEW_MAX_SECONDS = 120;

/** The file types a picture may be, as a file input's accept names them; SVG is left out (it can carry script). */
export const mediaAccept: Record<MediaKind, string> = {
  audio: 'audio/mpeg,.mp3',
  image: 'image/jpeg,image/png,image/webp,image/gif,.jpg,.jpeg,.png,.webp,.gif',
};

/** POST /crud/admin/media?kind=: the kind decides the checks and the limit before a byte is read. */
export const MediaUploadQuery = SiteQuery.extend({
  kind: MediaKind,
  /** For audio: also cut a preview clip of the track's first N seconds (whole MPEG frames, not re-encoded). */
  preview_seconds: wholeNumberParam(1, MEDIA_PREVIEW_MAX_SECONDS).optional(),
});
export type MediaUploadQuery = z.input<typeof MediaUploadQuery>;

/** A stored file as the back office sees it. */
export const MediaFile = z
  .object({
    /** The storage key, new for every upload (uploads/audio/….mp3, uploads/images/….jpg). */
    key: z.string(),
    kind: MediaKind,
    /** Bytes. */
    size: z.number().int(),
    /** For audio: the track's length in whole seconds, read from its MPEG frames. */
    length_seconds: z.number().int().optional(),
  })
  .meta({ id: 'MediaFile' });
export type MediaFile = z.infer<typeof MediaFile>;

export const MediaUploadResponse = MediaFile.extend({
  /** For audio with preview_seconds: the preview clip cut from the track's start. */
  preview: MediaFile.optional(),
}).meta({ id: 'MediaUpload' });
export type MediaUploadResponse = z.infer<typeof MediaUploadResponse>;

export const ADMIN_MEDIA_PER_PAGE = 25;

/** GET /crud/admin/media: the newest uploads first. */
export const AdminMediaQuery = SiteQuery.extend({
  page: wholeNumberParam(1, 100000).default(1),
  kind: MediaKind.optional(),
  /** Part of a file's name (as it was on the admin's computer) or of its key: the media library's search. */
  search: text().trim().max(100).default(''),
});
export type AdminMediaQuery = z.input<typeof AdminMediaQuery>;

export const AdminMediaItem = MediaFile.extend({
  id: z.number().int(),
  /** The name of the file on the admin's computer. */
  original_name: z.string(),
  /** The key of the preview clip made with it, if any. */
  preview_key: z.string().nullable(),
  uploaded_by: z.object({ id: z.number().int().nullable(), email: z.string() }),
  uploaded_at: IsoDate,
}).meta({ id: 'AdminMediaItem' });
export type AdminMediaItem = z.infer<typeof AdminMediaItem>;

export const AdminMediaResponse = z
  .object({ items: z.array(AdminMediaItem), page: z.number().int(), per_page: z.number().int(), count: z.number().int() })
  .meta({ id: 'AdminMedia' });
export type AdminMediaResponse = z.infer<typeof AdminMediaResponse>;

/** Where the back office plays an uploaded track (admins only; a storage key, uploads/audio/… or audio/…). */
export const adminMediaPaths = {
  upload: '/crud/admin/media',
  audio: (key: string) => `/crud/admin/media/audio/${key}`,
} as const;
