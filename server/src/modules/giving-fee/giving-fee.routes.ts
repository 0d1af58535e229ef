import { FeeReport, FeeReportQuery, FeeRule, FeeRuleBody, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../plugins/private-answers';
import { requireAdmin } from '../accounts/guards';
import { type GivingFeeService, givingFeeService } from './giving-fee.service';

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

  await app.register(givingFeeAdminRoutes, { fee });
};

/** The rule and its report in the back office: admins only, like every /crud/admin answer never stored. */
const givingFeeAdminRoutes: FastifyPluginAsyncZod<{ fee: GivingFeeService }> = async (app, { fee }) => {
  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/admin/giving-fee',
    {
      schema: { tags: ['admin'], summary: "The ministry's fee rule", querystring: SiteQuery, response: { 200: FeeRule } },
    },
    async (request) => {
      await requireAdmin(request);
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
    async (request) => {
      await requireAdmin(request);
      return fee.report(request.query);
    },
  );
};
