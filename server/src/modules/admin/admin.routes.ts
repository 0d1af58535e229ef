import {
  ADMIN_USERS_PER_PAGE,
  AdminUsersQuery,
  AdminUsersResponse,
  adminPageRoutes,
  MasqueradeParams,
  MasqueradeResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { privateNoStore } from '../../plugins/private-answers';
import { requireAdmin } from '../accounts/guards';
import { endImpersonation, impersonationService } from '../impersonation/impersonation.service';
import { adminService } from './admin.service';

const tags = ['admin'];

/** Spec §2 /admin, §6 Admin: the user list and impersonation (masquerade). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = adminService(app.db);
  const impersonation = impersonationService(app.db);

  app.addHook('onSend', privateNoStore);

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
      const { items, count } = await admins.users(page, ADMIN_USERS_PER_PAGE, search);
      return {
        items,
        page,
        per_page: ADMIN_USERS_PER_PAGE,
        count,
      };
    },
  );

  app.post(
    '/crud/admin/masquerade/:userId',
    {
      config: { errors: { 403: ['masquerade_not_allowed'], 404: ['not_found'] } },
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
      // The session is the customer's, so it sees (and edits) the customer's cart; the admin's own stays theirs.
      await impersonation.startImpersonation(
        admin.id,
        request.params.userId,
        (userId) => request.startUserSession(userId, { masqueradeAdminId: admin.id }),
        request,
      );
      return { back_location: '/' };
    },
  );

  app.get(
    '/crud/masquerade-finish',
    {
      config: { errors: { 400: ['not_masquerading'], 403: ['forbidden_origin'] } },
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
      const adminId = await endImpersonation(app.db, request);
      if (!adminId) throw new AppError('invalid_data', 'not_masquerading');
      if (!(await impersonation.isAdmin(adminId))) {
        // No longer an admin: the impersonation just ends, signed out.
        await request.endSession();
        return { back_location: '/' };
      }
      await request.startUserSession(adminId);
      // Spec §2 Shell: ending it goes to the admin user list (the back office's Users page).
      return { back_location: adminPageRoutes.adminUsers.paths[0] };
    },
  );
};
