import {
  ChildListening,
  ChildListeningResponse,
  childListeningPath,
  OneMoreStoryBody,
  oneMoreStoryPath,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { requireListener } from '../accounts/guards';
import { assertAlbumAllowed, childListening, grantOneMoreStory } from './child-rules';

const tags = ['library'];

/** What a child profile hears (issue 42, decision 056): its rules for the device, and "one more story". */
export const childRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    childListeningPath,
    {
      config: { access: 'listener' },
      schema: {
        tags,
        summary:
          "The active child profile's listening rules (albums, quiet hours, daily limit and time heard today, sleep timer, tonight's one more story); null for the parents",
        querystring: SiteQuery,
        response: { 200: ChildListeningResponse },
      },
    },
    async (request, reply) => {
      const { profile } = await requireListener(request);
      reply.header('cache-control', 'private, no-store');
      return { child: profile ? await childListening(app.db, profile) : null };
    },
  );

  app.post(
    oneMoreStoryPath,
    {
      config: {
        access: 'listener',
        errors: {
          403: ['pin_wrong', 'not_for_this_profile'],
          404: ['item_not_found'],
          409: ['pin_not_set', 'one_more_story_used', 'child_profile_only'],
          429: ['pin_locked'],
        },
      },
      schema: {
        tags,
        summary:
          'One more story: with the family PIN, the child may play one track past quiet hours or the daily limit, until it ends or 45 minutes pass; once a night',
        description:
          "403 pin_wrong (tries left), 429 pin_locked, 409 pin_not_set; 409 one_more_story_used for a second ask the same night; 409 child_profile_only for the parents' session; 404 item_not_found for a sku that is not a track; 403 not_for_this_profile for a track the child may not hear.",
        querystring: SiteQuery,
        body: OneMoreStoryBody,
        response: { 200: ChildListening },
      },
    },
    async (request, reply) => {
      const { profile } = await requireListener(request);
      if (!profile) throw new AppError('conflict', 'child_profile_only');
      const { pin, sku_id } = request.body;
      const track = await app.db
        .selectFrom('skus')
        .select('product_id')
        .where('id', '=', sku_id)
        .where('type', '=', 'digital_track')
        .executeTakeFirst();
      if (!track?.product_id) throw new AppError('not_found', 'item_not_found');
      await assertAlbumAllowed(app.db, profile, track.product_id);
      await grantOneMoreStory(app.db, profile, pin, sku_id);
      reply.header('cache-control', 'private, no-store');
      return childListening(app.db, profile);
    },
  );
};
