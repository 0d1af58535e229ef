import path from 'node:path';
import { type Config, demoMediaDir } from '../../config';
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
