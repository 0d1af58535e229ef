import { ReportAnswer, ReportParams, ReportQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvFileName, toCsv } from '../../lib/csv';
import { requireAdmin } from '../accounts/guards';
import { adminReportsService } from './admin-reports.service';
import { reportTable } from './report-csv';

/**
 * Issue 29 item 5: GET /crud/admin/reports/{sales|kinds|sites|coupons|refunds}
 * for admins acting as themselves (a customer or an impersonating admin gets
 * 403). JSON for the back office's page; `?format=csv` the same rows as an
 * RFC 4180 file with a byte order mark, headed in the site's language.
 */
export const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = adminReportsService(app.db);

  app.get(
    '/crud/admin/reports/:report',
    {
      schema: {
        tags: ['admin'],
        summary:
          'A report over whole days (UTC, from and to included): sales and gifts per day/week/month, by kind, by language site, coupon use, refunds; CSV with ?format=csv',
        params: ReportParams,
        querystring: ReportQuery,
        response: { 200: ReportAnswer },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const { report: name } = request.params;
      const { from, to, interval, format } = request.query;
      const report = await reports.report(name, { from, to, interval, lang: request.siteLang });
      reply.header('cache-control', 'private, no-store');
      if (format === 'json') return report;
      const { header, rows } = reportTable(name, report, (key) => request.t(key));
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${csvFileName('storyhouse', name, from, to)}"`)
        .serializer((body: string) => body)
        .send(toCsv(header, rows));
    },
  );
};
