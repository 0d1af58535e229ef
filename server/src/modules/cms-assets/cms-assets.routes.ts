import { CmsAssetQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/errors';
import { attachment } from '../media/attachment';
import { sendStoredFile } from '../media/send-file';
import { isStorageKey, type Storage } from '../media/storage';
import { cmsAssetsRepository } from './cms-assets.repository';

/** The same file for everyone; an hour keeps a CMS change (the MP3 no longer free) from lingering long in caches. */
const FREE_ASSET_CACHE = 'public, max-age=3600';

/**
 * Spec §7 Free MP3 download link (/crud/cms-asset/download?url=): the free
 * MP3 of a free-mp3 page, as a download. Only a file that a published CMS
 * entry marks as its free MP3 is served; any other storage key — a paid
 * track's recording included — is 404 item_not_found, as if it did not exist.
 */
export const cmsAssetsRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  const assets = cmsAssetsRepository(app.db);

  app.route({
    method: ['GET', 'HEAD'],
    url: '/crud/cms-asset/download',
    schema: {
      tags: ['cms'],
      summary: "Downloads a CMS page's free MP3 (attachment, with Range); 404 item_not_found for anything else",
      querystring: CmsAssetQuery,
    },
    handler: async (request, reply) => {
      const key = request.query.url;
      const asset = isStorageKey(key) ? await assets.findFreeAsset(key) : undefined;
      if (!asset) throw new AppError('not_found', 'item_not_found');
      const base =
        key
          .split('/')
          .pop()
          ?.replace(/\.mp3$/i, '') ?? 'free-story';
      const name = asset.free_story_title.trim() || asset.track_title?.trim() || base;
      return sendStoredFile(request, reply, storage, key, {
        contentType: 'audio/mpeg',
        cacheControl: FREE_ASSET_CACHE,
        disposition: attachment(name),
      });
    },
  });
};
