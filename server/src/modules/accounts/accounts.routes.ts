import { SiteQuery, UserResponse } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserResponse } from './user-response';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crud/user',
    {
      config: { access: 'user' },
      // Asked on every page load and always far below the 1 KB compression threshold (issue 5 "Measured").
      compress: false,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user (401 for a visitor)',
        querystring: SiteQuery,
        response: { 200: UserResponse },
      },
    },
    async (request, reply) => {
      // E-mail, address and phone: no shared cache or back-forward disk copy may keep them (a 401 neither).
      reply.header('cache-control', 'private, no-store');
      return currentUserResponse(request);
    },
  );
};
