import { SiteNavigationResponse, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cmsRepository } from './cms.repository';
import { navigationTree } from './navigation';

export const cmsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cms = cmsRepository(app.db);

  app.get(
    '/crud/content/entry/list/site-navigation',
    {
      schema: {
        tags: ['cms'],
        summary: "Site navigation of every language; the shell shows the site language's items",
        querystring: SiteQuery,
        response: { 200: SiteNavigationResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { items: navigationTree(await cms.listNavigation()) };
    },
  );
};
