import {
  ADMIN_MODERATION_PER_PAGE,
  type AdminSubscribers,
  issueMessage,
  type LangCode,
  langCodes,
  NEWSLETTER_CONFIRM_LINK_DAYS,
  type NewsletterResult,
  NewsletterSignupInput,
  type SubscriberStatus,
} from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import type { CsvCell } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { hashToken, newToken, TOKEN_FORMAT } from '../../lib/tokens';
import { renderMail } from '../../mail/render';
import { enqueueMail } from '../../providers/mail/outbox';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { enforceRateLimit, hitRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { newsletterRepository } from './newsletter.repository';

/** Per address asked about (new, pending or subscribed alike, so the limit says nothing): no flood of e-mails to one inbox. */
export const NEWSLETTER_EMAIL_LIMIT: RateLimit = { limit: 3, windowSeconds: 60 * 60 };
/** Per client address on the unsubscribe link, as on the confirmation link. */
export const NEWSLETTER_UNSUBSCRIBE_IP_LIMIT: RateLimit = { limit: 20, windowSeconds: 15 * 60 };
/** Per client address on the confirmation link; a token cannot be guessed (256 bits), this only stops hammering. */
export const NEWSLETTER_CONFIRM_IP_LIMIT: RateLimit = { limit: 20, windowSeconds: 15 * 60 };

export interface SubscribeRequest {
  /** The list id (`id`). */
  listId: string | undefined;
  EMAIL: string | undefined;
  FNAME: string | undefined;
  LNAME: string | undefined;
}

export interface SubscribeContext {
  /** The site language, for an answer about a list we do not have. */
  siteLang: LangCode;
  /** Builds the confirmation link's address from its token, on the list language's site. */
  linkFor: (token: string, lang: LangCode) => string;
  /** Builds the unsubscribe link's address from its token, on the list language's site. */
  unsubscribeLinkFor: (token: string, lang: LangCode) => string;
}

/**
 * The unsubscribe link every newsletter e-mail ends with (the privacy page
 * promises it): for a pending address it withdraws the request.
 */
function unsubscribeBlock(lang: LangCode, url: string) {
  const t = translators[lang];
  return { kind: 'link' as const, text: t('newsletter.mail.unsubscribe'), url, button: t('mail.button.unsubscribeNewsletter') };
}

/** The confirmation e-mail of a new or pending address, in the list's language. */
export function confirmMail(lang: LangCode, email: string, url: string, unsubscribeUrl: string) {
  const t = translators[lang];
  return renderMail({
    lang,
    subject: t('newsletter.mail.confirmSubject'),
    blocks: [
      { kind: 'text', text: t('newsletter.mail.greeting') },
      { kind: 'text', text: t('newsletter.mail.asked', { email }) },
      {
        kind: 'link',
        text: t('newsletter.mail.link', { days: NEWSLETTER_CONFIRM_LINK_DAYS }),
        url,
        button: t('mail.button.confirmNewsletter'),
      },
      { kind: 'text', text: t('newsletter.mail.ignore') },
      { kind: 'text', text: t('newsletter.mail.signature') },
      unsubscribeBlock(lang, unsubscribeUrl),
    ],
  });
}

/** The e-mail of an address that is subscribed already: the web page cannot say so (it would tell anyone). */
export function alreadySubscribedMail(lang: LangCode, email: string, unsubscribeUrl: string) {
  const t = translators[lang];
  return renderMail({
    lang,
    subject: t('newsletter.mail.alreadySubject'),
    blocks: [
      { kind: 'text', text: t('newsletter.mail.greeting') },
      { kind: 'text', text: `${t('newsletter.mail.asked', { email })}\n${t('newsletter.mail.already')}` },
      { kind: 'text', text: t('newsletter.mail.signature') },
      unsubscribeBlock(lang, unsubscribeUrl),
    ],
  });
}

/**
 * The offline newsletter provider (DESIGN "newsletter"): one local list per
 * site language, answering like the email-marketing provider does, with a
 * result and a message for the visitor in the list's language. Like
 * Mailchimp it asks the address's owner to confirm by e-mail (double
 * opt-in), and it answers a new, a pending and a subscribed address alike:
 * the answer must not tell a stranger who is on the list.
 */
export function newsletterService(db: Db, lists: Record<LangCode, string>) {
  const repo = newsletterRepository(db);
  /** The language of a list, or undefined for a list we do not have. */
  const langOf = (listId: string | undefined) => langCodes.find((lang) => lists[lang] === listId);

  return {
    langOf,

    async subscribe(request: SubscribeRequest, ctx: SubscribeContext): Promise<NewsletterResult> {
      const lang = langOf(request.listId);
      if (!lang) return { result: 'error', msg: translators[ctx.siteLang]('newsletter.reply.unknownList') };
      const t = translators[lang];
      const parsed = NewsletterSignupInput.safeParse(
        { email: request.EMAIL ?? '', fname: request.FNAME ?? '', lname: request.LNAME ?? '' },
        { reportInput: true },
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = (issue?.path[0] as 'email' | 'fname' | 'lname' | undefined) ?? 'email';
        const m = issue ? issueMessage(issue) : { key: 'validation.invalid' };
        return {
          result: 'error',
          msg: t('newsletter.reply.invalidField', {
            field: t(`newsletter.${field}`),
            problem: t(m.key as MessageKey, m.values),
          }),
        };
      }
      const { email, fname, lname } = parsed.data;
      const checkInbox: NewsletterResult = { result: 'success', msg: t('newsletter.reply.checkInbox') };
      // Over the limit the answer is the same and nothing is sent (nor is a sent link replaced).
      // The key is a hash: the limiter's table holds no one's address.
      const limit = await hitRateLimit(db, `newsletter:email:${hashToken(email.toLowerCase())}`, NEWSLETTER_EMAIL_LIMIT);
      if (!limit.allowed) return checkInbox;
      const token = newToken();
      const unsubscribeToken = newToken();
      const expiresAt = new Date(Date.now() + NEWSLETTER_CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000);
      await db.transaction().execute(async (trx) => {
        const trxRepo = newsletterRepository(trx);
        const { id, state } = await trxRepo.request({ list_id: lists[lang], email, fname, lname }, hashToken(token), expiresAt);
        // Each e-mail's own unsubscribe token: every link sent keeps working until the address leaves the list.
        await trxRepo.addUnsubscribeToken(id, hashToken(unsubscribeToken));
        const unsubscribeUrl = ctx.unsubscribeLinkFor(unsubscribeToken, lang);
        const mail = await (state === 'pending'
          ? confirmMail(lang, email, ctx.linkFor(token, lang), unsubscribeUrl)
          : alreadySubscribedMail(lang, email, unsubscribeUrl));
        await enqueueMail(trx, { lang_code: lang, to: email, ...mail });
      });
      return checkInbox;
    },

    /** Confirms the address of an e-mailed link's token; the link works once, within its days. */
    async confirm(clientIp: string, token: string) {
      await enforceRateLimit(db, `newsletter-confirm:ip:${clientIp}`, NEWSLETTER_CONFIRM_IP_LIMIT);
      const invalid = new AppError('invalid_data', 'newsletter_link_invalid');
      if (!TOKEN_FORMAT.test(token)) throw invalid;
      const row = await repo.confirm(hashToken(token));
      if (!row) throw invalid;
      return { status: 'confirmed' as const };
    },

    /**
     * The unsubscribe link: the address leaves its list (the row is deleted,
     * pending or confirmed). A second click, or a made-up token, finds nothing.
     */
    async unsubscribe(clientIp: string, token: string) {
      await enforceRateLimit(db, `newsletter-unsubscribe:ip:${clientIp}`, NEWSLETTER_UNSUBSCRIBE_IP_LIMIT);
      const invalid = new AppError('not_found', 'newsletter_unsubscribe_invalid');
      if (!TOKEN_FORMAT.test(token)) throw invalid;
      const row = await repo.unsubscribe(hashToken(token));
      if (!row) throw invalid;
      return { status: 'unsubscribed' as const };
    },

    /** Issue 30 item 5: one page of a language's list in the back office, with every list's counts. */
    async subscribers(query: { list: LangCode; status: SubscriberStatus; page: number }): Promise<AdminSubscribers> {
      const { rows, count } = await repo.page(
        lists[query.list],
        query.status,
        (query.page - 1) * ADMIN_MODERATION_PER_PAGE,
        ADMIN_MODERATION_PER_PAGE,
      );
      const counts = await repo.counts(langCodes.map((lang) => lists[lang]));
      return {
        list: query.list,
        lists: langCodes.map((lang) => ({ lang, ...(counts.get(lists[lang]) ?? { confirmed: 0, pending: 0 }) })),
        items: rows.map((r) => ({
          id: r.id,
          email: r.email,
          fname: r.fname,
          lname: r.lname,
          created_at: iso(r.created_at),
          confirmed_at: r.confirmed_at ? iso(r.confirmed_at) : null,
        })),
        page: query.page,
        per_page: ADMIN_MODERATION_PER_PAGE,
        count,
      };
    },

    /**
     * The export: a list's confirmed addresses (only they asked for the
     * newsletter and confirmed it), as spreadsheet rows under the columns of
     * `header` (named by the caller in the admin's language). Personal data
     * leaving the site: the export is audited.
     */
    async exportList(request: FastifyRequest, admin: { id: number; email: string }, list: LangCode) {
      const rows = await repo.confirmed(lists[list]);
      await recordAdminAction(db, request, admin, 'newsletter.export', auditTarget('newsletter', list), {
        list: lists[list],
        rows: rows.length,
      });
      return rows.map((r): CsvCell[] => [
        r.email,
        r.fname,
        r.lname,
        iso(r.created_at),
        r.confirmed_at ? iso(r.confirmed_at) : '',
      ]);
    },
  };
}

const iso = (d: Date | string) => new Date(d).toISOString();
