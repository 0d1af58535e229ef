import { ListeningQueue, ListeningQueueResponse, listeningQueuePath, QUEUE_MAX_TRACKS, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { requireListener } from '../accounts/guards';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { listeningQueueRepository } from './listening-queue.repository';

const tags = ['library'];

/**
 * The player keeps its queue after each change (a second after the last
 * one) and at each new track: a few a minute. This leaves room for two
 * devices while bounding what a script can write.
 */
const QUEUE_LIMIT: RateLimit = { limit: 60, windowSeconds: 60 };

/**
 * The player's queue, kept per account (issue 41 item 3, decision 046): the
 * device sends the whole queue after each change; the newest change wins.
 */
export const listeningQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = listeningQueueRepository(app.db);

  app.get(
    listeningQueuePath,
    {
      config: { access: 'listener' },
      schema: {
        tags,
        summary: "The listener's player queue (the parents' or the active child's own; null before anything was queued)",
        querystring: SiteQuery,
        response: { 200: ListeningQueueResponse },
      },
    },
    async (request, reply) => {
      const { user, profile } = await requireListener(request);
      reply.header('cache-control', 'private, no-store');
      return { queue: await repo.find({ userId: user.id, profileId: profile?.id ?? null }) };
    },
  );

  app.put(
    listeningQueuePath,
    {
      config: { access: 'listener', errors: { 403: ['forbidden'], 429: ['rate_limited'] } },
      schema: {
        tags,
        summary: "Keeps the listener's player queue (the parents' or the active child's own); answers the queue kept",
        description:
          `At most ${QUEUE_MAX_TRACKS} tracks, each a stream of the server's own (a track's preview, ` +
          'full recording or owner file). A queue changed (changed_at) before the one kept is ignored and the kept ' +
          'one answered: a device back with an older queue never overwrites a newer one. 403 while an admin acts ' +
          'as the family; 429 past 60 a minute.',
        querystring: SiteQuery,
        body: ListeningQueue,
        response: { 200: ListeningQueueResponse },
      },
    },
    async (request, reply) => {
      const { user, session, profile } = await requireListener(request);
      // An admin looking at a family's account does not change what the family hears next.
      if (session.masquerade_admin_id) throw new AppError('not_allowed', 'forbidden');
      await enforceRateLimit(app.db, `listening-queue:${user.id}`, QUEUE_LIMIT);
      reply.header('cache-control', 'private, no-store');
      return { queue: await repo.save({ userId: user.id, profileId: profile?.id ?? null }, request.body) };
    },
  );
};
