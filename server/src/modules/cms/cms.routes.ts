import {
  ContentByUrlQuery,
  ContentByUrlResponse,
  ContentEntryResponse,
  SiteNavigationResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSerialized } from '../../lib/precompressed';
import type { CmsService } from './cms.service';
import { navigationAdminRoutes } from './navigation-admin.routes';

export const cmsRoutes: FastifyPluginAsyncZod<{ cms: CmsService; checkResponses: boolean }> = async (
  app,
  { cms, checkResponses },
) => {
  // The back office's edits of the navigation go through this service too, so a save clears its cache.
  await app.register(navigationAdminRoutes, { cms });

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
    async (request, reply) => {
      // Every page view asks for it: built, serialized and compressed once per cached navigation, like a page.
      const navigation = await cms.navigation();
      if (checkResponses) SiteNavigationResponse.parse(navigation.body);
      reply.header('cache-control', 'public, max-age=60').header('vary', 'accept-encoding');
      return sendSerialized(request, reply, navigation);
    },
  );

  app.get(
    '/crud/content/entry/by/url',
    {
      config: { errors: { 404: ['page_not_found'] } },
      schema: {
        tags: ['cms'],
        summary: 'The published CMS page of the site language at a path (empty path: /index), with the navigation',
        querystring: ContentByUrlQuery,
        response: { 200: ContentByUrlResponse },
      },
    },
    async (request, reply) => {
      const page = await cms.pageOrThrow(request.siteLang, request.query.url);
      // The body was serialized (and is compressed) once per cached page (issue 4 "Measured"); tests still check it.
      if (checkResponses) ContentByUrlResponse.parse(page.body);
      reply
        .header('cache-control', 'public, max-age=60, stale-while-revalidate=600')
        .header('vary', 'host, cookie, accept-encoding');
      return sendSerialized(request, reply, page);
    },
  );

  for (const type of ['gift-card', 'subscription'] as const) {
    app.get(
      `/crud/content/entry/${type}`,
      {
        schema: {
          tags: ['cms'],
          summary: `The CMS text of the ${type} offer in the site language (null when the CMS has none)`,
          querystring: SiteQuery,
          response: { 200: ContentEntryResponse },
        },
      },
      async (request) => ({ cms_entry: await cms.entryOfType(request.siteLang, type) }),
    );
  }
};
