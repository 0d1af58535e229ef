import { LoginInput, LoginResponse, loginBackLocation, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mergeGuestCart } from '../cart/cart.service';
import { endImpersonation } from '../impersonation/impersonation.service';
import { type LoginServiceOptions, loginService } from './login.service';

/** Spec §7 Account: POST /crud/login. */
export const loginRoutes: FastifyPluginAsyncZod<LoginServiceOptions> = async (app, opts) => {
  const login = loginService(app.db, opts);

  app.post(
    '/crud/login',
    {
      config: { errors: { 401: ['captcha_required', 'login_failed'], 403: ['account_locked'], 429: ['rate_limited'] } },
      schema: {
        tags: ['account'],
        summary:
          'Signs in: a new session (new cookie; the old one is ended); the guest cart joins the user’s cart, which every session of the user shares; answers where to go next (spec §4 Login)',
        description:
          'After repeated failed logins for the e-mail (registered or not), a sign-in needs a solved captcha and is slowed: without a valid one the answer is 401 captcha_required. There is no lock; 429 (with Retry-After) is the per-client limit.',
        querystring: SiteQuery,
        body: LoginInput,
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const user = await login.verify(request.body, request.ip);
      // Logging in over an impersonation ends it.
      await endImpersonation(app.db, request);
      await request.startUserSession(user.id, {
        carry: (fromSessionId) => mergeGuestCart(app.db, { fromSessionId, userId: user.id }),
      });
      reply.header('cache-control', 'no-store');
      return { back_location: loginBackLocation(request.body.back_location, user.isAdmin) };
    },
  );
};
