import {
  ChildProfileCreate,
  ChildProfileParams,
  ChildProfilesResponse,
  ChildProfileUpdate,
  ChildProfileView,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../accounts/guards';
import { profilesService } from './profiles.service';

const tags = ['profiles'];

/**
 * The parents' Family page (decision 051): their children's profiles, the rules of each, and what each listened to
 * lately. Parents only (`access: 'user'`: a child's session is refused, 403 grown_ups_only); only the account's own
 * profiles (another family's id: 404 profile_not_found).
 */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = profilesService(app.db);

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/crud/profiles',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The family's child profiles with their rules, minutes listened in the last seven days and recent albums",
        querystring: SiteQuery,
        response: { 200: ChildProfilesResponse },
      },
    },
    async (request) => profiles.list((await requireUser(request)).user.id),
  );

  app.post(
    '/crud/profiles',
    {
      config: { access: 'user', errors: { 409: ['profiles_full'] } },
      schema: {
        tags,
        summary: 'Adds a child profile (six at most: 409 profiles_full)',
        querystring: SiteQuery,
        body: ChildProfileCreate,
        response: { 200: ChildProfileView },
      },
    },
    async (request) => profiles.create((await requireUser(request)).user.id, request.body),
  );

  app.patch(
    '/crud/profiles/:id',
    {
      config: { access: 'user', errors: { 404: ['profile_not_found'] } },
      schema: {
        tags,
        summary: 'Changes a child profile and its rules (the fields sent); answers the profile',
        querystring: SiteQuery,
        params: ChildProfileParams,
        body: ChildProfileUpdate,
        response: { 200: ChildProfileView },
      },
    },
    async (request) => profiles.update((await requireUser(request)).user.id, request.params.id, request.body),
  );

  app.delete(
    '/crud/profiles/:id',
    {
      config: { access: 'user', errors: { 404: ['profile_not_found'] } },
      schema: {
        tags,
        summary: 'Deletes a child profile with its places, queue, favourites, rules and listening time, at once',
        description: 'Devices the child was listening on are signed out.',
        querystring: SiteQuery,
        params: ChildProfileParams,
      },
    },
    async (request, reply) => {
      await profiles.remove((await requireUser(request)).user.id, request.params.id);
      return reply.code(204).send();
    },
  );
};
