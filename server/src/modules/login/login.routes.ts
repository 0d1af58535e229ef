import { LoginInput, LoginResponse, loginBackLocation, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRepository } from '../admin/admin.repository';
import { mergeGuestCart } from '../cart/cart.service';
import { loginService } from './login.service';

/** Spec §7 Account: POST /crud/login. */
export const loginRoutes: FastifyPluginAsyncZod<{ slowDownMs?: number }> = async (app, opts) => {
  const login = loginService(app.db, { slowDownMs: opts.slowDownMs });
  const admin = adminRepository(app.db);

  app.post(
    '/crud/login',
    {
      schema: {
        tags: ['account'],
        summary:
          'Signs in: a new session (new cookie; the old one is ended) holding the guest cart merged into the user’s; answers where to go next (spec §4 Login)',
        querystring: SiteQuery,
        body: LoginInput,
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const user = await login.verify(request.body, request.ip);
      const previous = await request.getSession();
      // Logging in over an impersonation ends it.
      if (previous?.masquerade_admin_id && previous.user_id) await admin.logEnd(previous.masquerade_admin_id, previous.user_id);
      await request.startUserSession(user.id, {
        carry: (fromSessionId, toSessionId) => mergeGuestCart(app.db, { fromSessionId, toSessionId, userId: user.id }),
      });
      reply.header('cache-control', 'no-store');
      return { back_location: loginBackLocation(request.body.back_location, user.isAdmin) };
    },
  );
};
