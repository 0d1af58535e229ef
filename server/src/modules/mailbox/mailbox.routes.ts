import { type LangCode, MAILBOX_PER_PAGE, MailboxQuery, MailboxResponse } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { outboxRepository } from '../../providers/mail/outbox.repository';
import { requireAdmin } from '../accounts/guards';

/**
 * The developer mailbox is on by default only where e-mail stays in the
 * outbox and it is not production (MAILBOX_PAGE overrides). It shows
 * password-reset and moderation links: a server that really sends mail
 * (SMTP) but forgot NODE_ENV=production must not publish them.
 */
export function mailboxEnabled(config: Pick<Config, 'MAILBOX_PAGE' | 'NODE_ENV' | 'MAIL_TRANSPORT'>) {
  return config.MAILBOX_PAGE ?? (config.NODE_ENV !== 'production' && config.MAIL_TRANSPORT === 'outbox');
}

/** The signed-in admin acting as themself (requireAdmin's rule); anyone else is false, not an error. */
async function isAdmin(request: FastifyRequest) {
  try {
    await requireAdmin(request);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/**
 * GET /crud/dev/mailbox: every e-mail the site has queued, newest first,
 * with its delivery state, so a developer can read what the forms send
 * without a mail account (DESIGN "e-mail"). It shows visitors' messages:
 * off in production unless MAILBOX_PAGE=true, and then the route does not
 * exist (404 route_not_found, like any unknown API path, and not in the
 * OpenAPI document). Where it is on, it holds password-reset links (the
 * admin's too): only a signed-in admin reads it, and for anyone else it
 * answers the same 404, as if it did not exist.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  if (!mailboxEnabled(config)) return;
  const outbox = outboxRepository(app.db);

  app.get(
    '/crud/dev/mailbox',
    {
      config: { errors: { 404: ['route_not_found'] } },
      schema: {
        tags: ['dev'],
        summary: 'The developer mailbox: queued and sent e-mails, newest first (admins only; not in production)',
        querystring: MailboxQuery,
        response: { 200: MailboxResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await isAdmin(request))) throw new AppError('not_found', 'route_not_found');
      const { page, to } = request.query;
      const { items, total } = await outbox.page(page, MAILBOX_PER_PAGE, to || undefined);
      return {
        page,
        per_page: MAILBOX_PER_PAGE,
        total,
        items: items.map((m) => ({
          id: m.id,
          to: m.to_address,
          reply_to: m.reply_to,
          subject: m.subject,
          text: m.text_body,
          html: m.html_body,
          lang_code: m.lang_code as LangCode,
          status: m.status as 'pending' | 'sent' | 'failed',
          attempts: m.attempts,
          last_error: m.last_error,
          created_at: m.created_at.toISOString(),
          sent_at: m.sent_at?.toISOString() ?? null,
        })),
      };
    },
  );
};
