import { FavouriteParams, FavouriteResponse, FavouritesResponse, favouritesPath, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { requireListener } from '../accounts/guards';
import { assertAlbumAllowed } from '../child-rules/child-rules';
import { mayOpenAlbum } from '../entitlements/access';
import { type FavouritesOwner, favouritesRepository } from './favourites.repository';

const tags = ['library'];

/**
 * Favourite albums, each listener's own (decision 051): the parents' and every child's apart, the session's profile
 * deciding whose. Only an album the family may open in My Library (owned, in its plan, free to stream) is one.
 */
export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = favouritesRepository(app.db);
  const ownerOf = async (request: Parameters<typeof requireListener>[0]): Promise<FavouritesOwner> => {
    const { user, profile } = await requireListener(request);
    return { userId: user.id, profile };
  };

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  app.get(
    favouritesPath,
    {
      config: { access: 'listener' },
      schema: {
        tags,
        summary: "The listener's favourite albums (the active profile's own), newest first",
        querystring: SiteQuery,
        response: { 200: FavouritesResponse },
      },
    },
    async (request) => ({ items: await repo.list(await ownerOf(request)) }),
  );

  app.put(
    `${favouritesPath}/:productId`,
    {
      config: { access: 'listener', errors: { 403: ['not_for_this_profile'], 404: ['item_not_found'] } },
      schema: {
        tags,
        summary: "Makes an album one of the listener's favourites",
        description:
          "404 item_not_found for an album the family may not open in My Library; 403 not_for_this_profile for one a child's rules refuse.",
        querystring: SiteQuery,
        params: FavouriteParams,
        response: { 200: FavouriteResponse },
      },
    },
    async (request) => {
      const owner = await ownerOf(request);
      const { productId } = request.params;
      if (!(await mayOpenAlbum(app.db, owner.userId, productId))) throw new AppError('not_found', 'item_not_found');
      // A child's favourite is an album their rules let them hear (403 not_for_this_profile otherwise).
      await assertAlbumAllowed(app.db, owner.profile, productId);
      await repo.add(owner, productId);
      return { product_id: productId, favourite: true };
    },
  );

  app.delete(
    `${favouritesPath}/:productId`,
    {
      config: { access: 'listener' },
      schema: {
        tags,
        summary: "Takes an album off the listener's favourites (done already is fine)",
        querystring: SiteQuery,
        params: FavouriteParams,
        response: { 200: FavouriteResponse },
      },
    },
    async (request) => {
      await repo.remove(await ownerOf(request), request.params.productId);
      return { product_id: request.params.productId, favourite: false };
    },
  );
};
