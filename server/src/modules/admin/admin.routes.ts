import {
  ADMIN_HOME,
  ADMIN_USERS_PER_PAGE,
  AdminUsersQuery,
  AdminUsersResponse,
  MasqueradeParams,
  MasqueradeResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/errors';
import { currentUser } from '../accounts/current-user';
import { adminRepository } from './admin.repository';

/**
 * The signed-in admin acting as themself: 401 for a visitor, 403 for anyone
 * else, including an admin who is impersonating someone (they act as that
 * user until they end it).
 */
export async function requireAdmin(request: FastifyRequest) {
  const current = await currentUser(request);
  if (!current) throw new AppError('not_authenticated', 'not_authenticated');
  if (!current.user.is_admin || current.session.masquerade_admin_id) throw new AppError('not_allowed', 'forbidden');
  return current.user;
}

const tags = ['admin'];

/** Spec §2 /admin, §6 Admin: the user list and impersonation (masquerade). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = adminRepository(app.db);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/crud/admin/users',
    {
      schema: {
        tags,
        summary: 'Users for the admin home (admins only)',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { page, search } = request.query;
      const { rows, count } = await repo.listUsers(page, ADMIN_USERS_PER_PAGE, search);
      return {
        items: rows.map((u) => ({
          id: u.id,
          email: u.email,
          fullname: `${u.fname} ${u.lname}`.trim(),
          is_admin: u.is_admin,
          locked: u.lock_key !== null,
        })),
        page,
        per_page: ADMIN_USERS_PER_PAGE,
        count,
      };
    },
  );

  app.post(
    '/crud/admin/masquerade/:userId',
    {
      schema: {
        tags,
        summary: 'Starts impersonating a (non-admin) user; the session switches to them (admins only, audited)',
        params: MasqueradeParams,
        querystring: SiteQuery,
        response: { 200: MasqueradeResponse },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const target = await repo.findUser(request.params.userId);
      if (!target) throw new AppError('not_found', 'not_found');
      if (target.is_admin) throw new AppError('not_allowed', 'masquerade_not_allowed');
      // The session is the customer's, so it sees (and edits) the customer's cart; the admin's own stays theirs.
      await request.startUserSession(target.id, { masqueradeAdminId: admin.id });
      await repo.logStart(admin.id, target.id);
      request.log.info({ masquerade_admin_id: admin.id, user_id: target.id }, 'impersonation started');
      return { back_location: '/' };
    },
  );

  app.get(
    '/crud/masquerade-finish',
    {
      schema: {
        tags,
        summary: "Ends an impersonation: back to the admin's own session; the web app goes to the admin user list",
        querystring: SiteQuery,
        response: { 200: MasqueradeResponse },
      },
    },
    async (request) => {
      // A GET that changes state (spec §7 names it so): refuse it from another site's page.
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('not_allowed', 'forbidden_origin');
      const session = await request.getSession();
      const adminId = session?.masquerade_admin_id;
      if (!session?.user_id || !adminId) throw new AppError('invalid_data', 'not_masquerading');
      await repo.logEnd(adminId, session.user_id);
      const admin = await repo.findUser(adminId);
      if (!admin?.is_admin) {
        // No longer an admin: the impersonation just ends, signed out.
        await request.endSession();
        return { back_location: '/' };
      }
      await request.startUserSession(admin.id);
      request.log.info({ masquerade_admin_id: admin.id, user_id: session.user_id }, 'impersonation ended');
      return { back_location: ADMIN_HOME };
    },
  );
};
