import { GiftClaimBody, GiftClaimResponse, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../accounts/guards';
import { giftClaimService } from './gift-claim.service';

/** Spec §7 Forms: POST /crud/gift-claim (issue 13 item 9). */
export const giftClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const gifts = giftClaimService(app.db);

  app.post(
    '/crud/gift-claim',
    {
      config: { access: 'user', errors: { 404: ['gift_unavailable'] } },
      schema: {
        tags: ['orders'],
        summary: "Claims a gift with its link's secret: downloads join your library, a gift card your balance",
        querystring: SiteQuery,
        body: GiftClaimBody,
        response: { 200: GiftClaimResponse },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return gifts.claim(user.id, request.body.hash);
    },
  );
};
