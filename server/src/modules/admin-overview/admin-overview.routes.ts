import { AdminOverview, RecoveryReport, ReportQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../accounts/guards';
import { adminOverviewService } from './admin-overview.service';

/**
 * Issue 44 §1: GET /crud/admin/overview, the back office's to-do list and the money of today and this month
 * against last month, for admins acting as themselves (a customer or an impersonating admin gets 403).
 */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const overview = adminOverviewService(app.db);

  app.get(
    '/crud/admin/overview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What waits on a volunteer (parcels to post, oldest first; guest-book entries and messages; plans past due; refunds the processor refused) and the sales and gifts of today and this month against last month',
        response: { 200: AdminOverview },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      return overview.overview(request.siteLang);
    },
  );

  app.get(
    '/crud/admin/recovery',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Renewals whose charge first failed in the days (UTC, from and to included), how many a retry or a new card paid, and the amount still at risk (the Overview figures, for the Reports page)',
        querystring: ReportQuery,
        response: { 200: RecoveryReport },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      return overview.recovery(request.query);
    },
  );
};
