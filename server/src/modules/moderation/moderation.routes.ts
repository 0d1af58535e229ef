import {
  AdminContactMessages,
  AdminGuestBookDecision,
  AdminGuestBookParams,
  AdminGuestBookPending,
  AdminGuestBookQuery,
  AdminLessonRequests,
  AdminMessageParams,
  AdminMessagesQuery,
  AdminSubscribersAnswer,
  AdminSubscribersQuery,
  GuestBookEditInput,
  GuestBookModerated,
  GuestBookPendingEntry,
  MarkedHandled,
  MarkHandledBody,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { csvFileName, toCsv } from '../../lib/csv';
import { privateNoStore } from '../../plugins/private-answers';
import { requireAdmin } from '../accounts/guards';
import { adventuresService } from '../adventures/adventures.service';
import { contactService } from '../contact/contact.service';
import { guestBookService } from '../guest-book/guest-book.service';
import { newsletterService } from '../newsletter/newsletter.service';

const tags = ['admin'];

/**
 * Issue 30 item 5: moderation in the back office, for admins acting as
 * themselves (a customer or an impersonating admin gets 403). Each call is
 * the owning module's service (guest book, contact, adventures, newsletter):
 * the same rules and tables as the storefront's, no second path; every
 * change is audited in its own transaction.
 */
export const moderationRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const guestBook = guestBookService(app.db, { ministryEmail: config.MINISTRY_EMAIL });
  const contact = contactService(app.db, { ministryEmail: config.MINISTRY_EMAIL });
  const lessons = adventuresService(app.db, { ministryEmail: config.MINISTRY_EMAIL });
  const newsletter = newsletterService(app.db, {
    en: config.NEWSLETTER_LIST_EN,
    es: config.NEWSLETTER_LIST_ES,
    ru: config.NEWSLETTER_LIST_RU,
  });

  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/admin/guest-book/pending',
    {
      schema: {
        tags,
        summary: 'The guest book messages waiting for approval, oldest first, with the author’s e-mail',
        querystring: AdminGuestBookQuery,
        response: { 200: AdminGuestBookPending },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return guestBook.queue(request.query.page);
    },
  );

  app.put(
    '/crud/admin/guest-book/:id',
    {
      config: { errors: { 404: ['guest_book_entry_not_found'] } },
      schema: {
        tags,
        summary: 'Corrects a guest book message (name, country, message) by the rules of a signed guest book; audited',
        params: AdminGuestBookParams,
        querystring: SiteQuery,
        body: GuestBookEditInput,
        response: { 200: GuestBookPendingEntry },
      },
    },
    async (request) => guestBook.edit(request, await requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/crud/admin/guest-book/:id/moderate',
    {
      config: { errors: { 404: ['guest_book_entry_not_found'], 409: ['guest_book_already_approved'] } },
      schema: {
        tags,
        summary: 'Approves (shows) or rejects (deletes) a waiting message; its e-mailed link stops working; audited',
        params: AdminGuestBookParams,
        querystring: SiteQuery,
        body: AdminGuestBookDecision,
        response: { 200: GuestBookModerated },
      },
    },
    async (request) => guestBook.decide(request, await requireAdmin(request), request.params.id, request.body.decision),
  );

  /** An inbox's list, open or handled, and its "handled" mark: the same two routes for each. */
  const inboxRoutes = (
    path: string,
    inbox: typeof contact | typeof lessons,
    list: typeof AdminContactMessages | typeof AdminLessonRequests,
    words: { list: string; mark: string },
  ) => {
    app.get(
      path,
      { schema: { tags, summary: words.list, querystring: AdminMessagesQuery, response: { 200: list } } },
      async (request) => {
        await requireAdmin(request);
        return inbox.list(request.query.status, request.query.page);
      },
    );
    app.post(
      `${path}/:id/handled`,
      {
        config: { errors: { 404: ['message_not_found'], 409: ['message_already_handled', 'message_already_open'] } },
        schema: {
          tags,
          summary: words.mark,
          params: AdminMessageParams,
          querystring: SiteQuery,
          body: MarkHandledBody,
          response: { 200: MarkedHandled },
        },
      },
      async (request) => inbox.markHandled(request, await requireAdmin(request), request.params.id, request.body.handled),
    );
  };
  inboxRoutes('/crud/admin/contact-messages', contact, AdminContactMessages, {
    list: 'Contact messages, open (not handled yet) or handled, newest first',
    mark: 'Marks a contact message handled, or open again; audited',
  });
  inboxRoutes('/crud/admin/lesson-requests', lessons, AdminLessonRequests, {
    list: 'Bible-lesson requests, open (not handled yet) or handled, newest first',
    mark: 'Marks a Bible-lesson request handled, or open again; audited',
  });

  app.get(
    '/crud/admin/newsletter/subscribers',
    {
      schema: {
        tags,
        summary:
          "A language's newsletter list, confirmed or pending, newest first; ?format=csv: all its confirmed subscribers as a spreadsheet (audited)",
        querystring: AdminSubscribersQuery,
        response: { 200: AdminSubscribersAnswer },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const { list, status, page, format } = request.query;
      if (format === 'json') return newsletter.subscribers({ list, status, page });
      const rows = await newsletter.exportList(request, admin, list);
      const header = (['email', 'fname', 'lname', 'signedUp', 'confirmed'] as const).map((key) =>
        request.t(`admin.newsletter.col.${key}`),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${csvFileName('storyhouse', 'newsletter', list, day)}"`)
        .serializer((body: string) => body)
        .send(toCsv(header, rows));
    },
  );
};
