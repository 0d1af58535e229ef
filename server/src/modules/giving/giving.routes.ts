import { GivingStatementBody, GivingStatementResponse, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../accounts/guards';
import { givingService } from './giving.service';

/** POST /crud/giving-statement: the signed-in donor's statement for a year, e-mailed to them (issue 28 item 5). */
export const givingRoutes: FastifyPluginAsyncZod = async (app) => {
  const giving = givingService(app.db);
  app.post(
    '/crud/giving-statement',
    {
      config: { access: 'user', errors: { 409: ['giving_statement_empty'], 429: ['rate_limited'] } },
      schema: {
        tags: ['giving'],
        summary: "E-mails the donor's year-end giving statement (every gift of the calendar year) to their own address",
        querystring: SiteQuery,
        body: GivingStatementBody,
        response: { 200: GivingStatementResponse },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return giving.sendStatement(user.id, request.body.year, request.siteLang);
    },
  );
};
