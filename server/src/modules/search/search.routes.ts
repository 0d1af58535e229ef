import { SearchQuery, SearchResponse } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/current-user';
import { albumAllowed } from '../child-rules/child-rules';
import { searchService } from './search.service';

/** Issue 4 item 4: the site search (replaces the spec's hosted web-search widget). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = searchService(app.db);

  app.get(
    '/crud/search',
    {
      schema: {
        tags: ['search'],
        summary: "Finds the site language's published pages, products and tracks; ranked, 10 a page, with highlighted snippets",
        description:
          'Title matches first, then by relevance. `snippet` is safe HTML: escaped text with <mark> around the matched words. ' +
          'An empty q finds nothing.',
        querystring: SearchQuery,
        response: { 200: SearchResponse },
      },
    },
    async (request, reply) => {
      // Public and the same for every visitor of one site, so a shared cache may keep it, but
      // the site language comes from the Host and the test_spanish_site cookie (spec §1;
      // the query flag is already in the URL): a cache must key on both, or the Spanish
      // answer would be served on the English site.
      // A child profile (issue 42) finds only the albums it may hear. A family's answer is kept by no cache: the
      // browser would otherwise give a child, on the parents' session, what the parents found a minute before.
      const family = request.headers.cookie ? await currentUser(request) : undefined;
      if (family) {
        reply.header('cache-control', 'private, no-store');
        const { profile } = family;
        const allowed = profile ? (product: Parameters<typeof albumAllowed>[1]) => albumAllowed(profile, product) : undefined;
        return search.search(request.siteLang, request.query.q, request.query.page, allowed);
      }
      reply.header('cache-control', 'public, max-age=60').header('vary', 'host, cookie');
      return search.search(request.siteLang, request.query.q, request.query.page);
    },
  );
};
