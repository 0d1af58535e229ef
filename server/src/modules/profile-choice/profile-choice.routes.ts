import {
  ChooseProfileInput,
  ChooseProfileResponse,
  ParentPinInput,
  ParentPinResponse,
  SessionProfilesResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translators } from '../../i18n';
import { requireListener, requireUser } from '../accounts/guards';
import { summaryOf } from '../accounts/session-summary';
import { profileChoiceService } from './profile-choice.service';

const tags = ['account'];

/**
 * "Who's listening?" and the family PIN (decision 051). Choosing is the session's, on the server: no header or
 * parameter names a profile for a request; a child's session may ask these two routes, and nothing of the
 * parents' (the grown-ups lock, accounts/guards.ts).
 */
export const profileChoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const choice = profileChoiceService(app.db);

  app.get(
    '/crud/session/profiles',
    {
      config: { access: 'listener' },
      schema: {
        tags,
        summary: 'Whom this device may listen as (the parents, then each child profile), the active one and whether a PIN is set',
        querystring: SiteQuery,
        response: { 200: SessionProfilesResponse },
      },
    },
    async (request, reply) => {
      const { user, profile } = await requireListener(request);
      reply.header('cache-control', 'private, no-store');
      return choice.choices(user.id, profile?.id ?? null, translators[request.siteLang]('profiles.grownUps'));
    },
  );

  app.post(
    '/crud/session/profile',
    {
      config: {
        access: 'listener',
        errors: { 403: ['pin_wrong'], 404: ['profile_not_found'], 409: ['pin_not_set'], 429: ['pin_locked'] },
      },
      schema: {
        tags,
        summary: 'The session speaks for a child profile of the family, or the parents (null)',
        description:
          "From the parents to a child: no PIN. Leaving a child's profile: the family PIN (403 pin_wrong with the " +
          'tries left, 429 pin_locked after five wrong for fifteen minutes). 409 pin_not_set: no PIN yet, so no ' +
          "child's profile is chosen or left. Another family's profile: 404 profile_not_found.",
        querystring: SiteQuery,
        body: ChooseProfileInput,
        response: { 200: ChooseProfileResponse },
      },
    },
    async (request) => {
      const current = await requireListener(request);
      const { profile_id, pin } = request.body as ChooseProfileInput;
      const profile = await choice.choose(
        { userId: current.user.id, sessionId: current.session.id, profile: current.profile },
        profile_id,
        pin,
      );
      request.log.info({ userId: current.user.id, profileId: profile_id }, 'profile chosen');
      return summaryOf({ ...current, profile }, request.siteLang);
    },
  );

  app.put(
    '/crud/user/parent-pin',
    {
      config: { access: 'user', errors: { 400: ['current_password_wrong', 'current_password_required'], 429: ['rate_limited'] } },
      schema: {
        tags,
        summary: 'Sets or resets the family PIN (four digits) with the account password',
        description:
          "A wrong password counts toward the password change's own limit (429 rate_limited). A new PIN clears the " +
          'wrong tries of the old one.',
        querystring: SiteQuery,
        body: ParentPinInput,
        response: { 200: ParentPinResponse },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { password, pin } = request.body as ParentPinInput;
      await choice.setPin(user.id, password, pin);
      request.log.info({ userId: user.id }, 'family PIN set');
      return { pin_set: true as const };
    },
  );
};
