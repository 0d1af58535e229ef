import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type ByteRange, isStorageKey, type Storage, type StoredFile } from '../../providers/storage/storage';
import { LocalStorage } from '../../providers/storage/storage-local';

/**
 * The resized-image cache: a folder on this instance's disk (every name says
 * how to make its file again, images.ts), kept under `maxBytes` by deleting
 * the least recently used files. Its index lives in memory, seeded from the
 * folder at start (oldest first by the files' times) and refreshed on every
 * hit; a file deleted behind its back is found missing and made again.
 */
export class ImageCache implements Storage {
  /** Name → bytes, least recently used first (a Map keeps insertion order; a hit moves its name to the end). */
  private readonly entries = new Map<string, number>();
  private total = 0;

  private constructor(
    private readonly files: LocalStorage,
    private readonly maxBytes: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The cache in `root`, with the files already there counted (a restart keeps its cache and its cap). */
  static async open(root: string, maxBytes: number, log: FastifyBaseLogger): Promise<ImageCache> {
    const cache = new ImageCache(new LocalStorage(root), maxBytes, log);
    const found: { name: string; size: number; used: number }[] = [];
    const dirents = await readdir(root, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const dirent of dirents) {
      const name = path.relative(root, path.join(dirent.parentPath, dirent.name)).split(path.sep).join('/');
      // Half-written `.tmp` files of a crash are not names the server hands out.
      if (!dirent.isFile() || !name.endsWith('.webp') || !isStorageKey(name)) continue;
      const s = await stat(path.join(root, name)).catch(() => undefined);
      if (s) found.push({ name, size: s.size, used: Math.max(s.atimeMs, s.mtimeMs) });
    }
    found.sort((a, b) => a.used - b.used);
    for (const { name, size } of found) cache.remember(name, size);
    await cache.evict();
    return cache;
  }

  /** Counts `name` as just used. */
  private remember(name: string, size: number) {
    this.total -= this.entries.get(name) ?? 0;
    this.entries.delete(name);
    this.entries.set(name, size);
    this.total += size;
  }

  /** Deletes least recently used files until the cache fits; the newest file always stays, whatever its size. */
  private async evict() {
    while (this.total > this.maxBytes && this.entries.size > 1) {
      const [name, size] = this.entries.entries().next().value as [string, number];
      this.entries.delete(name);
      this.total -= size;
      await this.files.remove(name).catch((err) => this.log.warn({ err, name }, 'resized image could not be evicted'));
    }
  }

  /** A hit: the file, now the most recently used. */
  async stat(name: string): Promise<StoredFile | undefined> {
    const file = await this.files.stat(name);
    if (file) {
      this.remember(name, file.size);
    } else if (this.entries.has(name)) {
      this.total -= this.entries.get(name)!;
      this.entries.delete(name);
    }
    return file;
  }

  read(name: string, range?: ByteRange): Promise<Readable> {
    return this.files.read(name, range);
  }

  /** Stores a newly made file, then makes room for it. */
  async write(name: string, data: Buffer, contentType: string): Promise<void> {
    await this.files.write(name, data, contentType);
    this.remember(name, data.length);
    await this.evict();
  }

  /** As write, for a stream (the Storage interface; the resizer writes whole buffers). */
  async writeStream(name: string, source: Readable, contentType: string, limit: number): Promise<number> {
    const size = await this.files.writeStream(name, source, contentType, limit);
    this.remember(name, size);
    await this.evict();
    return size;
  }

  close() {
    this.files.close();
  }
}

/**
 * Resized images are a cache on this machine's disk (IMAGE_CACHE_DIR, default
 * DATA_DIR/cache/images, at most IMAGE_CACHE_MAX_MB), whatever the media
 * storage: each name says how to rebuild it, so an instance that lacks a file
 * makes it again (images.ts).
 */
export function openImageCache(config: Config, log: FastifyBaseLogger): Promise<ImageCache> {
  const root = path.resolve(config.IMAGE_CACHE_DIR ?? path.join(config.DATA_DIR, 'cache', 'images'));
  return ImageCache.open(root, config.IMAGE_CACHE_MAX_MB * 1024 * 1024, log);
}
