import {
  ChangePasswordInput,
  ForgotPasswordInput,
  ForgotPasswordResponse,
  PasswordUpdatedResponse,
  ResetPasswordWithTokenInput,
  routePath,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { siteLink } from '../../plugins/site-lang';
import { requireUser } from '../accounts/guards';
import type { PasswordHashParams } from '../accounts/password';
import { passwordsService } from './passwords.service';

/** Spec §7: POST /crud/login/forgot and POST /crud/reset/password, and the e-mailed link's POST /crud/reset/password/token. */
export const passwordsRoutes: FastifyPluginAsyncZod<{ config: Config; hashParams?: PasswordHashParams }> = async (
  app,
  { config, hashParams },
) => {
  const passwords = passwordsService(app.db, hashParams);

  app.post(
    '/crud/login/forgot',
    {
      config: { errors: { 429: ['rate_limited'] } },
      schema: {
        tags: ['account'],
        summary: 'E-mails a one-hour, single-use password reset link; the same answer whether or not the address has an account',
        querystring: SiteQuery,
        body: ForgotPasswordInput,
        response: { 200: ForgotPasswordResponse },
      },
    },
    async (request) => {
      const lang = request.body.lang_code ?? request.siteLang;
      const { origin, query } = siteLink(request, config);
      const page = routePath('passwordResetLink', request.siteLang) ?? '/forgot-password/reset';
      const linkFor = (token: string) => `${origin}${page}?token=${token}${query ? `&${query.slice(1)}` : ''}`;
      return passwords.forgot({ lang, clientIp: request.ip, linkFor }, request.body.email);
    },
  );

  app.post(
    '/crud/reset/password/token',
    {
      config: { errors: { 400: ['password_reset_link_invalid'], 429: ['rate_limited'] } },
      schema: {
        tags: ['account'],
        summary: "Sets a new password with a reset link's token; ends every session of the account",
        querystring: SiteQuery,
        body: ResetPasswordWithTokenInput,
        response: { 200: PasswordUpdatedResponse },
      },
    },
    async (request) => {
      const { status, userId } = await passwords.resetWithToken(request.ip, request.body.token, request.body.new_password);
      request.log.info({ userId }, 'password reset by e-mailed link');
      return { status };
    },
  );

  app.post(
    '/crud/reset/password',
    {
      config: {
        access: 'user',
        errors: { 400: ['current_password_wrong'], 403: ['password_change_owner_only'], 429: ['rate_limited'] },
      },
      schema: {
        tags: ['account'],
        summary:
          "Changes the signed-in user's password (current one required); ends the user's other sessions; refused to an impersonating admin",
        querystring: SiteQuery,
        body: ChangePasswordInput,
        response: { 200: PasswordUpdatedResponse },
      },
    },
    async (request) => {
      const { user, session } = await requireUser(request);
      const result = await passwords.change(
        { userId: user.id, sessionId: session.id, masquerading: Boolean(session.masquerade_admin_id) },
        request.body,
      );
      request.log.info({ userId: user.id }, 'password changed');
      return result;
    },
  );
};
