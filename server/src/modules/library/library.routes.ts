import {
  HasSubscriptionResponse,
  LibraryAlbum,
  LibraryProductParams,
  LibraryProductQuery,
  LibrarySkuParams,
  LibraryZipParams,
  MyLibraryQuery,
  MyLibraryResponse,
  ProgressBody,
  ProgressResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/precompressed';
import { zipStream } from '../../lib/zip-stream';
import type { Storage } from '../../providers/storage/storage';
import { requireListener } from '../accounts/guards';
import { listenerOf } from '../entitlements/access';
import { attachment } from '../media/attachment';
import { sendStoredFile } from '../media/send-file';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import type { LibraryService, LibraryUser } from './library.service';

const tags = ['library'];

/**
 * The player saves where it is about every 15 s while playing, and on pause
 * and seek: a few a minute per device. This leaves room for two devices and
 * a restless listener while bounding what a script can write.
 */
const PROGRESS_LIMIT: RateLimit = { limit: 30, windowSeconds: 60 };

/** An owner's download: for them only, revalidated (a refund takes it away), resumable (Range, ETag). */
const DOWNLOAD_CACHE = 'private, no-cache';

/**
 * 401 not_authenticated for a visitor. An admin acting as a family reads their library (masquerade). A child
 * profile's session (issue 42) reads its own places and only the albums its rules let it hear.
 */
export async function libraryUserOf(request: FastifyRequest): Promise<LibraryUser> {
  const { user, session, profile } = await requireListener(request);
  return { userId: user.id, sessionId: session.id, masquerading: Boolean(session.masquerade_admin_id), profile };
}

/** Spec §7 "Catalogue and library": the /crud/my-library calls (issue 14). */
export const libraryRoutes: FastifyPluginAsyncZod<{ library: LibraryService; storage: Storage }> = async (
  app,
  { library, storage },
) => {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/crud/my-library',
    {
      config: { access: 'listener' },
      schema: {
        tags,
        summary:
          "The signed-in family's albums (12 a page), newest purchase first, then with an active plan the rest of the catalogue; matching owned tracks; Continue listening",
        querystring: MyLibraryQuery,
        response: { 200: MyLibraryResponse },
      },
    },
    async (request, reply) => {
      // Written by the route's serializer, and kept while the family's tag holds (library.service.ts myLibraryText).
      const text = await library.myLibraryText(
        await libraryUserOf(request),
        request.query,
        (page) => reply.serialize(page) as string,
      );
      return sendJsonText(reply, text);
    },
  );

  app.get(
    '/crud/my-library/has-subscription',
    {
      schema: {
        tags,
        summary: 'Whether the listener has an active plan (false for a visitor)',
        querystring: SiteQuery,
        response: { 200: HasSubscriptionResponse },
      },
    },
    async (request) => ({ has_subscription: await library.hasSubscription(await listenerOf(request).userId()) }),
  );

  app.get(
    '/crud/my-library/product/:id',
    {
      config: { access: 'listener', errors: { 403: ['not_for_this_profile'], 404: ['item_not_found'] } },
      schema: {
        tags,
        summary:
          'An album of the library (owned, covered by the plan, or free-streaming), or free-story: the free story of the week',
        description: '404 item_not_found for any other album.',
        params: LibraryProductParams,
        querystring: LibraryProductQuery,
        response: { 200: LibraryAlbum },
      },
    },
    async (request) => library.album(await libraryUserOf(request), request.params.id, request.siteLang),
  );

  // GET and HEAD declared together: Fastify's automatic HEAD route would answer Content-Length: 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/crud/my-library/skus/:skuId/download',
    config: {
      access: 'listener',
      errors: { 403: ['not_for_this_profile', 'quiet_time', 'daily_limit_reached'], 404: ['item_not_found'] },
    },
    schema: {
      tags,
      summary: 'An owned (or plan-covered) track\'s MP3 as an attachment named "Album - Track.mp3"',
      description:
        'Range (206), ETag and If-None-Match (304) as the media streams. 401 for a visitor; 404 item_not_found for a ' +
        'sku that is not a track, or that the listener neither owns nor has in an active plan.',
      params: LibrarySkuParams,
      querystring: SiteQuery,
    },
    handler: async (request, reply) => {
      const file = await library.trackDownload(await libraryUserOf(request), request.params.skuId);
      return sendStoredFile(request, reply, storage, file.key, {
        contentType: 'audio/mpeg',
        cacheControl: DOWNLOAD_CACHE,
        disposition: attachment(file.title),
      });
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/crud/my-library/product/:id/download',
    config: {
      access: 'listener',
      errors: { 403: ['not_for_this_profile', 'quiet_time', 'daily_limit_reached'], 404: ['item_not_found'] },
    },
    schema: {
      tags,
      summary:
        'A ZIP of the owned (or plan-covered) tracks of an album (stored, not recompressed) and its cover, streamed as it is built',
      description:
        '401 for a visitor; 404 item_not_found when nothing of the album is owned and no active plan covers it; 413 past 4 GB.',
      params: LibraryZipParams,
      querystring: SiteQuery,
    },
    handler: async (request, reply) => {
      const zip = await library.albumZip(await libraryUserOf(request), request.params.id);
      reply
        .type('application/zip')
        .header('content-length', zip.length)
        .header('content-disposition', attachment(zip.fileName.replace(/\.zip$/, ''), 'zip'))
        .header('cache-control', 'private, no-store');
      if (request.method === 'HEAD') return reply.send();
      return reply.send(zipStream(zip.entries));
    },
  });

  app.put(
    '/crud/my-library/progress/:skuId',
    {
      config: {
        access: 'listener',
        errors: { 403: ['forbidden', 'not_for_this_profile'], 404: ['item_not_found'], 429: ['rate_limited'] },
      },
      schema: {
        tags,
        summary: 'Saves where the listener stopped a track they may hear in full; near its end counts as finished (0)',
        description:
          '404 item_not_found for a track the listener may not hear in full; 400 validation_failed past its length; ' +
          '403 while an admin acts as the family; 429 past 30 a minute. A position heard (heard_at) before the one ' +
          'stored is ignored and the stored one answered: a device back online never overwrites a newer place.',
        params: LibrarySkuParams,
        querystring: SiteQuery,
        body: ProgressBody,
        response: { 200: ProgressResponse },
      },
    },
    async (request) => {
      const user = await libraryUserOf(request);
      await enforceRateLimit(app.db, `library-progress:${user.userId}`, PROGRESS_LIMIT);
      const { position_seconds, heard_at, device_id } = request.body;
      return library.saveProgress(user, request.params.skuId, position_seconds, {
        heardAt: heard_at ? new Date(heard_at) : null,
        deviceId: device_id ?? null,
      });
    },
  );
};
