import { BedtimeInput, BedtimeResponse, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireListener, requireUser } from '../accounts/guards';
import { bedtimeRepository } from './bedtime.repository';

const tags = ['account'];

/**
 * Issue 41 item 5: the signed-in family's bedtime, kept on the account so it
 * follows them to every device. Always their own: the routes take no account id.
 */
export const bedtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const bedtime = bedtimeRepository(app.db);

  app.get(
    '/crud/user/bedtime',
    {
      config: { access: 'listener' },
      schema: {
        tags,
        summary:
          "The family's bedtime (a child's device follows it too): hours, time zone and the timer armed by itself (defaults until first saved)",
        querystring: SiteQuery,
        response: { 200: BedtimeResponse },
      },
    },
    async (request, reply) => {
      const { user } = await requireListener(request);
      reply.header('cache-control', 'private, no-store');
      return bedtime.find(user.id);
    },
  );

  app.put(
    '/crud/user/bedtime',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Saves the family's bedtime",
        description:
          '400 validation_failed with a message per field: a time not HH:MM, the same start and end, a time zone ' +
          'that is not an IANA zone, a timer the player does not offer.',
        querystring: SiteQuery,
        body: BedtimeInput,
        response: { 200: BedtimeResponse },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await bedtime.save(user.id, request.body as BedtimeInput);
      return bedtime.find(user.id);
    },
  );
};
