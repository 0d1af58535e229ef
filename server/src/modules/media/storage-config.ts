import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, demoMediaDir } from '../../config';
import { ImageCache } from './image-cache';
import type { Storage } from './storage';
import { LocalStorage } from './storage-local';
import { S3Storage } from './storage-s3';

/** The media storage the configuration names (MEDIA_STORAGE, MEDIA_DIR, S3_*). */
export function createMediaStorage(config: Config): Storage {
  if (config.MEDIA_STORAGE === 's3') {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      pathStyle: config.S3_PATH_STYLE,
    });
  }
  return new LocalStorage(path.resolve(config.MEDIA_DIR ?? demoMediaDir));
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
