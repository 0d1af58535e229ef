import multipart from '@fastify/multipart';
import { AdminMediaQuery, AdminMediaResponse, MediaUploadQuery, MediaUploadResponse, mediaMaxBytes } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { privateNoStore } from '../../plugins/private-answers';
import { isStorageKey, type Storage } from '../../providers/storage/storage';
import { requireAdmin } from '../accounts/guards';
import { sendStoredFile } from '../media/send-file';
import { adminMediaService } from './admin-media.service';

const tags = ['admin'];

/**
 * Issue 30 item 2: audio and pictures uploaded in the back office (admins
 * acting as themselves; every upload audited), the recent uploads, and a
 * way for the back office to hear any stored track. Multipart bodies are
 * parsed here only, as a stream: the rest of the app keeps its 1 MB JSON
 * limit.
 */
export const adminMediaRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  const media = adminMediaService(app.db, storage);
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  app.addHook('onSend', privateNoStore);

  app.post(
    '/crud/admin/media',
    {
      config: {
        errors: {
          400: [
            'media_file_missing',
            'media_image_unreadable',
            'media_no_audio',
            'media_not_image',
            'media_not_mp3',
            'media_too_many_pixels',
            'media_upload_incomplete',
          ],
          413: ['media_too_large'],
        },
      },
      schema: {
        tags,
        summary: 'Uploads an MP3 or a picture (multipart, one file): checked by its content, stored under a new key; audited',
        description:
          'The file streams to the media storage and is kept only once whole and checked: an MP3 by its first bytes ' +
          '(ID3 or an MPEG Layer III frame) and its frames (music-metadata reads its length), a picture (JPEG, PNG, ' +
          'GIF, WebP) by its signature, its size in pixels (40 megapixels at most) and a decode. At most 200 MB for ' +
          'audio and 20 MB for a picture (413 media_too_large). 400 media_not_mp3, media_no_audio, media_not_image, ' +
          'media_image_unreadable, media_too_many_pixels, media_upload_incomplete (the body was cut off), ' +
          'media_file_missing. preview_seconds also cuts a preview clip of the first seconds (whole frames).',
        querystring: MediaUploadQuery,
        response: { 200: MediaUploadResponse },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      if (!request.isMultipart()) throw new AppError('invalid_data', 'media_file_missing');
      const { kind, preview_seconds } = request.query;
      // One byte past the limit, so the storage's own limit is what refuses it (media_too_large).
      const part = await request.file({ limits: { fileSize: mediaMaxBytes[kind] + 1 } }).catch((err: unknown) => {
        // The browser gave up (a cancel, a lost connection) before the file's first bytes: the same answer as after.
        if (request.raw.destroyed || (err as { code?: string }).code === 'FST_MP_PREMATURE_CLOSE') {
          throw new AppError('invalid_data', 'media_upload_incomplete');
        }
        throw err;
      });
      if (!part) throw new AppError('invalid_data', 'media_file_missing');
      return media.upload(request, admin, kind, { file: part.file, filename: part.filename }, preview_seconds);
    },
  );

  app.get(
    '/crud/admin/media',
    {
      schema: {
        tags,
        summary:
          'The uploaded files, newest first, of a kind or all, by a part of their name: key, kind, size, length, who and when',
        querystring: AdminMediaQuery,
        response: { 200: AdminMediaResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return media.list(request.query.page, request.query.kind, request.query.search);
    },
  );

  // Any stored track, for the back office's player (a family's streams go through the access rule instead).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/crud/admin/media/audio/*',
    config: { errors: { 404: ['item_not_found'] } },
    schema: { tags, summary: 'A stored MP3 by its key, with Range, for admins (the upload field plays it back)' },
    handler: async (request, reply) => {
      await requireAdmin(request);
      const key = (request.params as { '*': string })['*'];
      if (!isStorageKey(key) || !key.endsWith('.mp3')) throw new AppError('not_found', 'item_not_found');
      return sendStoredFile(request, reply, storage, key, { contentType: 'audio/mpeg', cacheControl: 'private, no-store' });
    },
  });
};
