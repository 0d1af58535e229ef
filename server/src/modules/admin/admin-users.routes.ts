import {
  AdminRightBody,
  AdminUserDetail,
  AdminUserParams,
  LockUserBody,
  PasswordResetSentResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { privateNoStore } from '../../plugins/private-answers';
import { siteLangOptions } from '../../plugins/site-lang';
import { requireAdmin } from '../accounts/guards';
import { adminUsersService } from './admin-users.service';

const tags = ['admin'];

/** Issue 29 item 6: a user's page and what an admin may do for them (admins acting as themselves; audited). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const users = adminUsersService(app.db, app.payments, { origins: siteLangOptions(config).origins });

  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/admin/users/:id',
    {
      config: { errors: { 404: ['not_found'] } },
      schema: {
        tags,
        summary: 'A user with their orders, plans and monthly gifts, gift cards, saved cards (brand and last4) and addresses',
        params: AdminUserParams,
        querystring: SiteQuery,
        response: { 200: AdminUserDetail },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return users.detail(request.params.id);
    },
  );

  app.post(
    '/crud/admin/users/:id/password-reset',
    {
      schema: {
        tags,
        summary: 'E-mails the user a password-reset link, in the language they last ordered in; audited',
        params: AdminUserParams,
        querystring: SiteQuery,
        response: { 200: PasswordResetSentResponse },
      },
    },
    async (request) => users.sendPasswordReset(request, await requireAdmin(request), request.params.id),
  );

  app.post(
    '/crud/admin/users/:id/lock',
    {
      config: { errors: { 404: ['not_found'], 409: ['own_sign_in_lock', 'last_admin'] } },
      schema: {
        tags,
        summary:
          "Locks (their sessions end) or unlocks signing in to the account; never one's own (409 own_sign_in_lock) nor the last admin's who can sign in (409 last_admin); audited",
        params: AdminUserParams,
        querystring: SiteQuery,
        body: LockUserBody,
        response: { 200: AdminUserDetail },
      },
    },
    async (request) => users.setSignInLock(request, await requireAdmin(request), request.params.id, request.body.locked),
  );

  app.post(
    '/crud/admin/users/:id/admin',
    {
      config: { errors: { 409: ['last_admin'] } },
      schema: {
        tags,
        summary: "Grants or removes the admin right (never the last admin's who can sign in: 409 last_admin); audited",
        params: AdminUserParams,
        querystring: SiteQuery,
        body: AdminRightBody,
        response: { 200: AdminUserDetail },
      },
    },
    async (request) => users.setAdmin(request, await requireAdmin(request), request.params.id, request.body.is_admin),
  );
};
