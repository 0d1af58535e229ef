import {
  ContentByUrlQuery,
  ContentByUrlResponse,
  ContentEntryResponse,
  SiteNavigationResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { negotiateEncoding } from '../../lib/precompressed';
import { cmsRepository } from './cms.repository';
import type { CmsService } from './cms.service';
import { navigationTree } from './navigation';

export const cmsRoutes: FastifyPluginAsyncZod<{ cms: CmsService; checkResponses: boolean }> = async (
  app,
  { cms, checkResponses },
) => {
  const repo = cmsRepository(app.db);

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
      return { items: navigationTree(await repo.listNavigation()) };
    },
  );

  app.get(
    '/crud/content/entry/by/url',
    {
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
        .header('vary', 'host, cookie, accept-encoding')
        .type('application/json; charset=utf-8');
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      const encoded = encoding && page.encoded(encoding);
      // A body that already has its Content-Encoding is left alone by @fastify/compress.
      if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded as unknown as ContentByUrlResponse);
      return reply.serializer((s: unknown) => s as string).send(page.json as unknown as ContentByUrlResponse);
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
