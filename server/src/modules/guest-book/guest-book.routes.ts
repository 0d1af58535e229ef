import {
  GuestBookEntryInput,
  GuestBookIdParams,
  GuestBookLangParams,
  GuestBookModerateBody,
  GuestBookModerated,
  GuestBookModerationQuery,
  GuestBookPendingEntry,
  GuestBookSubmitted,
  GuestBookYearEntries,
  GuestBookYearParams,
  GuestBookYears,
  routePath,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { type SiteSettings, siteLink } from '../../plugins/site-lang';
import { enforceRateLimit } from '../rate-limit/rate-limit';
import { guestBookService } from './guest-book.service';

const tags = ['guest book'];

/** Signing is for people, not scripts: a few messages per hour from one address. */
export const GUEST_BOOK_RATE_LIMIT = { limit: 5, windowSeconds: 3600 };

type SiteConfig = SiteSettings & Pick<Config, 'MINISTRY_EMAIL'>;

/** Spec §7 guest-book calls, and the moderation link's two calls. */
export const guestBookRoutes: FastifyPluginAsyncZod<{ config: SiteConfig }> = async (app, { config }) => {
  const guestBook = guestBookService(app.db, { ministryEmail: config.MINISTRY_EMAIL });

  app.get(
    '/crud/guest-book/years/:lang',
    {
      schema: {
        tags,
        summary: 'Years that have approved entries, newest first',
        params: GuestBookLangParams,
        querystring: SiteQuery,
        response: { 200: GuestBookYears },
      },
    },
    async (request) => ({ years: await guestBook.years(request.params.lang) }),
  );

  app.get(
    '/crud/guest-book/year/:year/:lang',
    {
      schema: {
        tags,
        summary: 'Approved entries of a year, newest first',
        params: GuestBookYearParams,
        querystring: SiteQuery,
        response: { 200: GuestBookYearEntries },
      },
    },
    async (request) => {
      const { year, lang } = request.params;
      return { year, entries: await guestBook.entriesOf(year, lang) };
    },
  );

  app.post(
    '/crud/guest-book',
    {
      config: { errors: { 429: ['rate_limited'] } },
      schema: {
        tags,
        summary: 'Signs the guest book; the message shows once approved',
        querystring: SiteQuery,
        body: GuestBookEntryInput,
        response: { 201: GuestBookSubmitted },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(app.db, `guest-book:${request.ip}`, GUEST_BOOK_RATE_LIMIT);
      // The configured site of the entry's language, never the request's Host: the link carries the moderation token.
      const { origin } = siteLink(request, config, request.body.lang_code);
      const page = routePath('guestBookModerate', request.body.lang_code) ?? '/guestbook/moderate';
      await guestBook.submit(request.body, (id, token) => `${origin}${page}?id=${id}&token=${token}`);
      return reply.code(201).send({ status: 'pending' as const });
    },
  );

  app.get(
    '/crud/guest-book/:id/moderation',
    {
      config: { errors: { 403: ['guest_book_link_invalid'], 404: ['guest_book_entry_not_found'] } },
      schema: {
        tags,
        summary: 'The waiting entry a moderation link points at',
        params: GuestBookIdParams,
        querystring: GuestBookModerationQuery,
        response: { 200: GuestBookPendingEntry },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return guestBook.pending(request.params.id, request.query.token);
    },
  );

  app.post(
    '/crud/guest-book/:id/moderate',
    {
      config: { errors: { 403: ['guest_book_link_invalid'], 404: ['guest_book_entry_not_found'] } },
      schema: {
        tags,
        summary: 'Approves (shows) or rejects (deletes) a waiting entry; uses up its link',
        params: GuestBookIdParams,
        querystring: SiteQuery,
        body: GuestBookModerateBody,
        response: { 200: GuestBookModerated },
      },
    },
    async (request) => guestBook.moderate(request.params.id, request.body),
  );
};
