import { FeeReport, FeeReportQuery, FeeRule, FeeRuleBody, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../accounts/guards';
import { givingFeeService } from './giving-fee.service';

const tags = ['giving'];

/**
 * Decision 067: the fee rule the donation forms compute "cover the fee"
 * with (public), and its setting in the back office (admins; audited).
 */
export const givingFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const fee = givingFeeService(app.db);

  app.get(
    '/crud/giving-fee',
    {
      schema: {
        tags,
        summary: "The ministry's fee rule (percent in basis points + fixed cents) that covering the fee is computed from",
        querystring: SiteQuery,
        response: { 200: FeeRule },
      },
    },
    async () => fee.rule(),
  );

  app.get(
    '/crud/admin/giving-fee',
    {
      schema: { tags: ['admin'], summary: "The ministry's fee rule", querystring: SiteQuery, response: { 200: FeeRule } },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      return fee.rule();
    },
  );

  app.put(
    '/crud/admin/giving-fee',
    {
      schema: {
        tags: ['admin'],
        summary: "Changes the ministry's fee rule (from the next gift that covers the fee); audited",
        querystring: SiteQuery,
        body: FeeRuleBody,
        response: { 200: FeeRule },
      },
    },
    async (request) => fee.setRule(request, await requireAdmin(request), request.body),
  );

  app.get(
    '/crud/admin/giving-fee/report',
    {
      schema: {
        tags: ['admin'],
        summary: 'Of the gifts in the days, how many covered the fee and how much they added',
        querystring: FeeReportQuery,
        response: { 200: FeeReport },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      return fee.report(request.query);
    },
  );
};
