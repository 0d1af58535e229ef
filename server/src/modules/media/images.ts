import { createHash } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isResizableSize } from '@storyhouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { isStorageKey, readAll, type Storage, type StoredFile } from '../../providers/storage/storage';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';

/** Image types served from storage, by extension. SVG is left out: it can carry script. */
const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

/**
 * Folders of public images, and the pictures uploaded in the back office
 * (issue 30 item 2). Audio is never here: full recordings go through the
 * access rule.
 */
const PUBLIC_IMAGE_FOLDERS = ['covers/', 'banners/', 'pages/', 'uploads/images/'];

/** Sources larger than this are refused rather than decoded (memory). */
const MAX_SOURCE_BYTES = 40 * 1024 * 1024;

/** Bump when the output changes (format, quality) so every resized name changes with it. */
const OUTPUT_VERSION = 1;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Originals keep their URL when replaced, so browsers check back after a week. */
export const PUBLIC_IMAGE = 'public, max-age=604800';

/** The content type of a public image key (covers/, banners/), or undefined when the key is not one. */
export function publicImageType(key: string): string | undefined {
  if (!isStorageKey(key) || !PUBLIC_IMAGE_FOLDERS.some((folder) => key.startsWith(folder))) return undefined;
  return IMAGE_TYPES[path.extname(key).toLowerCase()];
}

export interface ResizeOptions {
  width: number;
  height?: number | undefined;
}

/**
 * New resizes per client (request.ip): each is a sharp job and a new cached
 * file. Enough for a visitor to fill a cold cache browsing the shop (two
 * widths per cover); cache hits are not counted.
 */
export const RESIZE_RATE_LIMIT: RateLimit = { limit: 60, windowSeconds: 60 };

/**
 * The cache name of a resized image: `<hash>/<width>[x<height>]/<key>.webp`.
 * The hash covers the source's key, size, time and tag and the options, so a
 * replaced source gets a new name (and browsers may cache a name forever);
 * the readable rest says how to make the file again on any server instance.
 */
export function resizedName(key: string, file: StoredFile, { width, height }: ResizeOptions) {
  const hash = createHash('sha256')
    .update(JSON.stringify([OUTPUT_VERSION, key, file.size, file.mtime.getTime(), file.etag, width, height ?? null]))
    .digest('hex')
    .slice(0, 16);
  return `${hash}/${height ? `${width}x${height}` : width}/${key}.webp`;
}

const RESIZED_NAME = /^([0-9a-f]{16})\/(\d{2,4})(?:x(\d{2,4}))?\/(.+)\.webp$/;

export const resizedPath = (name: string) => `/media/resized/${name}`;

/**
 * Server-side image resizing (DESIGN.md: responsive images resized with
 * sharp, with cache headers). Output is WebP, which every browser the site
 * supports shows, at about two thirds of a JPEG's size. Only the sizes the
 * site uses are made (contracts image-sizes.ts), each client makes at most
 * RESIZE_RATE_LIMIT new ones, and resized files live in `cache` (capped,
 * image-cache.ts); identical requests arriving together share one resize.
 */
export function imageResizer({ media, cache, db, log }: { media: Storage; cache: Storage; db: Db; log: FastifyBaseLogger }) {
  /** Resizes under way, by name; each resolves with the bytes when the cache could not keep them. */
  const inFlight = new Map<string, Promise<Buffer | undefined>>();

  /** Whether the last cache write failed: the warning is logged once, not for every image. */
  let cacheFailing = false;

  /** Makes the resized file and keeps it in the cache; answers its bytes when the cache could not keep them. */
  async function make(
    name: string,
    key: string,
    file: StoredFile,
    { width, height }: ResizeOptions,
  ): Promise<Buffer | undefined> {
    if (file.size > MAX_SOURCE_BYTES) throw new AppError('invalid_data', 'image_not_resizable');
    const source = await readAll(await media.read(key));
    let output: Buffer;
    try {
      output = await sharp(source)
        .rotate() // EXIF orientation, before the size is taken
        .resize({ width, height, fit: height ? 'cover' : 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch (err) {
      log.warn({ err, key }, 'stored image could not be decoded');
      throw new AppError('invalid_data', 'image_not_resizable');
    }
    try {
      await cache.write(name, output, 'image/webp');
      if (cacheFailing) log.info('resized images are kept in the cache again');
      cacheFailing = false;
      return undefined;
    } catch (err) {
      // A full disk (ENOSPC) or any write error: the image is served from memory, without being kept (decision 033).
      if (!cacheFailing) log.warn({ err, name }, 'resized image not cached: served without caching until a write succeeds');
      cacheFailing = true;
      return output;
    }
  }

  /**
   * Makes the resized file unless the cache has it, counting it against the
   * client's limit; concurrent callers for one name share one sharp job, and
   * one that finds the job under way waits on it without being counted.
   * Answers the bytes when the cache could not keep them.
   */
  async function ensure(name: string, key: string, file: StoredFile, options: ResizeOptions, client: string) {
    if (await cache.stat(name)) return undefined;
    let work = inFlight.get(name);
    if (!work) {
      await enforceRateLimit(db, `image-resize:${client}`, RESIZE_RATE_LIMIT);
      // Another caller may have started (or finished) it while the limit was checked.
      work = inFlight.get(name);
      if (!work) {
        work = (async () => ((await cache.stat(name)) ? undefined : make(name, key, file, options)))().finally(() =>
          inFlight.delete(name),
        );
        inFlight.set(name, work);
      }
    }
    return work;
  }

  return {
    /** The path of `key` resized to the options (a size the contract allowed), making it if needed for `client`. */
    async resize(key: string, options: ResizeOptions, client: string): Promise<string> {
      const file = await media.stat(key);
      if (!file) throw new AppError('not_found', 'item_not_found');
      const name = resizedName(key, file, options);
      await ensure(name, key, file, options, client);
      return resizedPath(name);
    },

    /**
     * The resized file of a path (`name` after /media/resized/) and where to
     * read it: the cache, made again for `client` if this instance lacks it,
     * or memory when the cache could not keep it; undefined when the name
     * is malformed, names a size the site does not use (the hash is no
     * secret: anyone can compute one), or its source changed since (the name
     * is then stale).
     */
    async cached(name: string, client: string): Promise<ResizedFile | undefined> {
      if (!isStorageKey(name)) return undefined;
      if (await cache.stat(name)) return { name, from: cache };
      const m = RESIZED_NAME.exec(name);
      if (!m) return undefined;
      const [, , w, h, key] = m;
      const options = { width: Number(w), height: h ? Number(h) : undefined };
      if (!publicImageType(key!) || !isResizableSize(options.width, options.height)) return undefined;
      const file = await media.stat(key!);
      if (!file || resizedName(key!, file, options) !== name) return undefined;
      const uncached = await ensure(name, key!, file, options, client);
      return { name, from: uncached ? inMemory(uncached) : cache };
    },
  };
}

export type ImageResizer = ReturnType<typeof imageResizer>;

/** A resized file by its cache name, and what to read it from. */
export interface ResizedFile {
  name: string;
  from: Pick<Storage, 'stat' | 'read'>;
}

/** One resized image held in memory (the cache could not keep it), readable like a stored file under any name. */
function inMemory(data: Buffer): Pick<Storage, 'stat' | 'read'> {
  const file: StoredFile = {
    size: data.length,
    mtime: new Date(),
    etag: `"${createHash('sha256').update(data).digest('hex').slice(0, 32)}"`,
  };
  return {
    stat: async () => file,
    read: async (_key, range) => Readable.from([range ? data.subarray(range.start, range.end + 1) : data]),
  };
}

/**
 * The resized copies of a public image at these widths (sizes the site uses,
 * contracts image-sizes.ts), named as resize-multiple names them, without
 * making them: a browser that asks for one gets it made then (`cached`
 * above). For the page's preload link, which must name the very files the
 * web's <img> will use. `url` is `/media/<key>` or the bare key; undefined
 * when it is no public image or the file is missing.
 */
export async function resizedCopies(media: Storage, url: string, widths: readonly number[]) {
  const key = url.startsWith('/media/') ? url.slice('/media/'.length) : url;
  if (!publicImageType(key)) return undefined;
  const file = await media.stat(key);
  if (!file) return undefined;
  return widths.map((width) => ({ resized_url: resizedPath(resizedName(key, file, { width })), width }));
}

/**
 * The storage key behind an image URL a client sends: `/media/covers/x.jpg`,
 * the same on this site's own host, or the bare key `covers/x.jpg`. Anything
 * else (another host, another folder, traversal) is image_not_resizable.
 */
export function imageKeyOf(url: string, ownHost: string): string {
  const refuse = () => new AppError('invalid_data', 'image_not_resizable');
  let key = url;
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url) || url.startsWith('/')) {
    let parsed: URL;
    let own: URL;
    try {
      own = new URL(`http://${ownHost}`);
      parsed = new URL(url, own);
    } catch {
      throw refuse();
    }
    // Only the path is used (nothing is fetched), so the host name is compared and not the port.
    if (parsed.hostname !== own.hostname || !/^https?:$/.test(parsed.protocol) || !parsed.pathname.startsWith('/media/')) {
      throw refuse();
    }
    try {
      key = decodeURIComponent(parsed.pathname.slice('/media/'.length));
    } catch {
      throw refuse();
    }
  }
  if (!publicImageType(key)) throw refuse();
  return key;
}
