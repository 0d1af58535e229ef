import {
  AccountCreateInput,
  AccountIdParams,
  AccountLayoutInput,
  AccountLayoutResponse,
  AccountSavedResponse,
  AccountUpdateInput,
  AddressResponse,
  CountriesResponse,
  EmailChangeUndoInput,
  EmailChangeUndoneResponse,
  GiftCardRecordsResponse,
  routePath,
  SiteQuery,
  StatesResponse,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { siteLink } from '../../plugins/site-lang';
import { requireUser } from '../accounts/guards';
import type { PasswordHashParams } from '../accounts/password';
import { mergeGuestCart } from '../cart/cart.service';
import { profileService } from './profile.service';

/** Reference lists change only with a migration: browsers and CDNs may keep them a day. */
const REFERENCE_CACHE = 'public, max-age=86400';

/** Spec §7 Account: create account, settings, countries and states, address, gift card records, layout. */
export const profileRoutes: FastifyPluginAsyncZod<{ config: Config; hashParams?: PasswordHashParams }> = async (
  app,
  { config, hashParams },
) => {
  const profile = profileService(app.db, hashParams);

  app.get(
    '/crud/countries',
    {
      schema: {
        tags: ['account'],
        summary: 'Every country (spec §3 Country; the spec fixes US 33, Canada 87 and the US territories)',
        querystring: SiteQuery,
        response: { 200: CountriesResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', REFERENCE_CACHE);
      return profile.countries();
    },
  );

  app.get(
    '/crud/states',
    {
      schema: {
        tags: ['account'],
        summary: 'US states and Canadian provinces (spec §3 State, §5 State/province)',
        querystring: SiteQuery,
        response: { 200: StatesResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', REFERENCE_CACHE);
      return profile.states();
    },
  );

  app.post(
    '/crud/user-account',
    {
      config: { errors: { 409: ['account_save_failed'], 429: ['rate_limited'] } },
      schema: {
        tags: ['account'],
        summary: 'Creates an account, signs the new user in (a new session) and says where to go (spec §4 Account save)',
        querystring: SiteQuery,
        body: AccountCreateInput,
        response: { 200: AccountSavedResponse },
      },
    },
    async (request) => {
      const { user, back_location } = request.body;
      const id = await profile.create(request.ip, user);
      // The visitor's cart becomes the new account's, under the same rules as at login.
      await request.startUserSession(id, {
        carry: (fromSessionId) => mergeGuestCart(app.db, { fromSessionId, userId: id }),
      });
      return { id, back_location };
    },
  );

  app.post(
    '/crud/user-account/:id',
    {
      config: {
        access: 'user',
        errors: {
          400: ['current_password_required', 'current_password_wrong'],
          403: ['email_change_owner_only', 'forbidden'],
          409: ['account_save_failed'],
          429: ['rate_limited'],
        },
      },
      schema: {
        tags: ['account'],
        summary:
          "Saves account settings: one's own, or anyone's for an admin (spec §5 Account); passwords are not changed here. " +
          'A new e-mail is the owner’s alone, with the current password; the old address is e-mailed an undo link and ' +
          "the account's other sessions end",
        querystring: SiteQuery,
        params: AccountIdParams,
        body: AccountUpdateInput,
        response: { 200: AccountSavedResponse },
      },
    },
    async (request) => {
      // Saved while impersonating: the request is logged with the admin's id (masquerade-audit.plugin).
      const { user, session } = await requireUser(request);
      const lang = request.siteLang;
      const { origin, query } = siteLink(request, config, lang);
      const page = routePath('emailChangeUndo', lang) ?? '/account/email/undo';
      const undoLinkFor = (token: string) => `${origin}${page}?token=${token}${query ? `&${query.slice(1)}` : ''}`;
      const actor = {
        id: user.id,
        is_admin: user.is_admin,
        sessionId: session.id,
        masquerading: Boolean(session.masquerade_admin_id),
      };
      await profile.update(actor, request.params.id, request.body.user, { lang, undoLinkFor });
      return { id: request.params.id };
    },
  );

  app.post(
    '/crud/email-change/undo',
    {
      config: { errors: { 400: ['email_change_link_invalid'], 429: ['rate_limited'] } },
      schema: {
        tags: ['account'],
        summary:
          "The old address's link after an e-mail change: puts it back, ends every session of the account and " +
          'clears its password; answers a reset token to choose a new one',
        querystring: SiteQuery,
        body: EmailChangeUndoInput,
        response: { 200: EmailChangeUndoneResponse },
      },
    },
    async (request, reply) => {
      const { userId, email, resetToken } = await profile.undoEmailChange(request.ip, request.body.token);
      request.log.info({ userId }, 'e-mail change undone by e-mailed link');
      reply.header('cache-control', 'no-store');
      return { status: 'restored' as const, email, reset_token: resetToken };
    },
  );

  app.post(
    '/crud/user/layout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Saves the List/Grid layout preference on the account (spec §4 Layout)',
        querystring: SiteQuery,
        body: AccountLayoutInput,
        response: { 200: AccountLayoutResponse },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await profile.setLayout(user.id, request.body.layout);
      return { layout: request.body.layout };
    },
  );

  app.get(
    '/crud/address/me/:id',
    {
      config: { access: 'user', errors: { 404: ['not_found'] } },
      schema: {
        tags: ['account'],
        summary: "One of the signed-in user's addresses (404 for anyone else's)",
        querystring: SiteQuery,
        params: AccountIdParams,
        response: { 200: AddressResponse },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return profile.address(user.id, request.params.id);
    },
  );

  app.get(
    '/crud/gift-card/:id',
    {
      config: { access: 'user', errors: { 403: ['forbidden'] } },
      schema: {
        tags: ['account'],
        summary: 'The gift cards user {id} received, for the settings table (own, or any for an admin)',
        querystring: SiteQuery,
        params: AccountIdParams,
        response: { 200: GiftCardRecordsResponse },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return profile.giftCards(user, request.params.id);
    },
  );
};
