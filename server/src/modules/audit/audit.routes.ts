import { ADMIN_AUDIT_PER_PAGE, AuditAction, AuditQuery, AuditResponse } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../accounts/guards';
import { splitTarget } from './audit';
import { auditRepository } from './audit.repository';

/** GET /crud/admin/audit: the audit log, newest first, read-only (issue 29 item 7). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crud/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every admin action: who, when, what, to what and from which address (admins only; never editable)',
        querystring: AuditQuery,
        response: { 200: AuditResponse },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      const { page, action } = request.query;
      const { rows, count } = await auditRepository(app.db).page(page, ADMIN_AUDIT_PER_PAGE, action);
      return {
        items: rows.map((r) => ({
          id: r.id,
          at: new Date(r.at).toISOString(),
          admin: { id: r.admin_id ?? 0, email: r.admin_email },
          action: AuditAction.parse(r.action),
          target: r.target,
          ...splitTarget(r.target),
          details: (r.details ?? {}) as Record<string, string | number | boolean | null>,
          ip: r.ip,
        })),
        page,
        per_page: ADMIN_AUDIT_PER_PAGE,
        count,
      };
    },
  );
};
