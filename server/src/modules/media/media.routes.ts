import { TrackMediaParams, TrackMediaQuery } from '@storyhouse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../providers/storage/storage';
import { currentUser } from '../accounts/current-user';
import { assertAlbumAllowed, assertMayPlayNow } from '../child-rules/child-rules';
import { judge, rightsOf } from '../entitlements/access';
import { attachment } from './attachment';
import { PUBLIC_IMAGE, publicImageType } from './images';
import { mediaRepository } from './media.repository';
import { sendStoredFile } from './send-file';

/** Previews are the same for everyone: shared caches may keep them a day. */
const PREVIEW_CACHE = 'public, max-age=86400';
/** A full recording is for its listener only; revalidated hourly, since entitlement can change. */
const FULL_CACHE = 'private, max-age=3600';
/** What a child profile hears is revalidated on every play (issue 42). */
const CHILD_CACHE = 'private, no-cache';

/**
 * Audio streams (spec §7 download_url / preview_url; mediaPaths) and the public
 * images of the storage (covers, banners). Every full recording passes the
 * access rule (entitlements/access.ts); audio is never reachable by its storage key.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  const repo = mediaRepository(app.db);

  async function sendTrack(
    request: FastifyRequest,
    reply: FastifyReply,
    { skuId, variant, download }: { skuId: number; variant: 'preview' | 'full'; download: boolean },
  ) {
    const session = await request.getSession();
    // The track's facts as the database holds them now (kept only under the catalogue's version, checked in the same
    // statement as the listener's rights): a track made paid, or its album no longer free to stream, is refused at the
    // next range on every server of the database.
    const track = await repo.findTrack(skuId, variant === 'full' ? (session?.user_id ?? null) : null);
    if (!track) throw new AppError('not_found', 'item_not_found');
    // A child profile's session (issue 42) hears only what its rules allow, previews too; full recordings not in
    // quiet hours or past the daily limit.
    const forChild = (session?.profile_id ?? null) !== null;
    if (forChild) {
      const profile = (await currentUser(request))?.profile;
      await assertAlbumAllowed(app.db, profile, track.product_id);
      if (variant === 'full') await assertMayPlayNow(app.db, profile, skuId);
    }
    if (variant === 'full' && !judge([rightsOf(track)], track.entitlements).full.has(skuId)) {
      throw new AppError('not_allowed', 'not_entitled');
    }
    const key = variant === 'full' ? track.media_full : track.media_preview;
    if (!key) throw new AppError('not_found', 'item_not_found');
    return sendStoredFile(request, reply, storage, key, {
      contentType: 'audio/mpeg',
      // A child's device asks again each time: the rules (quiet hours, the daily limit) decide every play.
      cacheControl: forChild ? CHILD_CACHE : variant === 'full' ? FULL_CACHE : PREVIEW_CACHE,
      disposition: download ? attachment(track.title) : undefined,
    });
  }

  const summaries = {
    preview: "A track's preview; anyone may play it",
    full: 'The full recording; 403 not_entitled unless the listener may hear it (free, free-streaming album, owned, a plan)',
  } as const;
  for (const variant of ['preview', 'full'] as const) {
    // GET and HEAD declared together: Fastify's automatic HEAD route would answer Content-Length: 0.
    app.route({
      method: ['GET', 'HEAD'],
      url: `/crud/media/track/:skuId/${variant}.mp3`,
      // Audio is never compressed (nor is any 206): without @fastify/compress's hooks a player's range skips two steps.
      compress: false,
      config: {
        errors: {
          403:
            variant === 'full'
              ? ['not_entitled', 'not_for_this_profile', 'quiet_time', 'daily_limit_reached']
              : ['not_for_this_profile'],
          404: ['item_not_found'],
          416: ['range_not_satisfiable'],
        },
      },
      schema: {
        tags: ['media'],
        summary: summaries[variant],
        description:
          'audio/mpeg with Range (206, 416 range_not_satisfiable), ETag and If-None-Match (304), If-Range. ' +
          '404 item_not_found for an unknown sku or one that is not a track. download=1 saves it under its title.',
        params: TrackMediaParams,
        querystring: TrackMediaQuery,
      },
      handler: (request, reply) =>
        sendTrack(request, reply, { skuId: request.params.skuId, variant, download: request.query.download === '1' }),
    });
  }

  // Public images by storage key (mediaPaths.image). Resized ones: images.routes.ts.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    config: { errors: { 404: ['item_not_found'] } },
    schema: { hide: true },
    handler: (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const type = publicImageType(key);
      if (!type) throw new AppError('not_found', 'item_not_found');
      return sendStoredFile(request, reply, storage, key, { contentType: type, cacheControl: PUBLIC_IMAGE });
    },
  });
};
