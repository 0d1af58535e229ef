import { SessionResponse, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { currentUser } from '../accounts/current-user';
import { sessionSummary } from '../accounts/session-summary';
import { endImpersonation } from '../impersonation/impersonation.service';

/** Flash cookie read once by the web shell to show the logout banner (spec §2 Shell). */
export const LOGGED_OUT_FLASH = 'flash_logged_out';

/**
 * Whether the visitor is signed in (GET /crud/session) and signing out
 * (GET /logout), beside signing in (login.routes.ts). Here, above accounts and
 * impersonation, not in the sessions module they both build on (decision 031).
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crud/session',
    {
      // Asked on every page load and always far below the 1 KB compression threshold (issue 5 "Measured").
      compress: false,
      schema: {
        tags: ['account'],
        summary: 'Whether the visitor is signed in (spec §4 Session)',
        querystring: SiteQuery,
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      // Says who is signed in: never kept by a shared cache, nor on disk.
      reply.header('cache-control', 'private, no-store');
      return sessionSummary(request);
    },
  );

  app.get(
    '/logout',
    {
      config: { errors: { 403: ['grown_ups_only'] } },
      schema: {
        tags: ['account'],
        summary: 'Ends the session; the page then reloads and shows the logout banner',
        description: "Refused (403 grown_ups_only) while the session speaks for a child profile: the parents' PIN first.",
        querystring: SiteQuery,
      },
    },
    async (request, reply) => {
      // A GET that changes state: refuse it from another site's page (logout CSRF).
      if (request.headers['sec-fetch-site'] !== 'cross-site') {
        // Signing out is the parents' (the grown-ups lock): a child on the family's device stays signed in.
        if ((await currentUser(request))?.profile) throw new AppError('not_allowed', 'grown_ups_only');
        // Logging out while impersonating ends the impersonation too (audit trail).
        await endImpersonation(app.db, request);
        await request.endSession();
        reply.setCookie(LOGGED_OUT_FLASH, '1', { path: '/', sameSite: 'lax', maxAge: 60 });
      }
      if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect('/', 303);
      return reply.code(204).send();
    },
  );
};
