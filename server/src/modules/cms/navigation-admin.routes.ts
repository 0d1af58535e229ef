import { AdminNavigationBody, AdminNavigationParams, AdminNavigationResponse, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../plugins/private-answers';
import { requireAdmin } from '../accounts/guards';
import type { CmsService } from './cms.service';
import { navigationAdminService } from './navigation-admin.service';

const tags = ['admin'];

/** Issue 30 item 3: the site navigation in the back office (admins acting as themselves; audited). */
export const navigationAdminRoutes: FastifyPluginAsyncZod<{ cms: CmsService }> = async (app, { cms }) => {
  const navigation = navigationAdminService(app.db, cms);

  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/admin/navigation/:lang',
    {
      schema: {
        tags,
        summary: "A language's site navigation as stored, with the version a save names",
        params: AdminNavigationParams,
        querystring: SiteQuery,
        response: { 200: AdminNavigationResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return navigation.menu(request.params.lang);
    },
  );

  app.put(
    '/crud/admin/navigation/:lang',
    {
      config: { errors: { 409: ['navigation_changed'] } },
      schema: {
        tags,
        summary:
          "Replaces a language's site navigation with the tree sent (order, nesting, titles, addresses); 409 when another save came first; audited",
        params: AdminNavigationParams,
        querystring: SiteQuery,
        body: AdminNavigationBody,
        response: { 200: AdminNavigationResponse },
      },
    },
    async (request) =>
      navigation.replace(request, await requireAdmin(request), request.params.lang, request.body as AdminNavigationBody),
  );
};
