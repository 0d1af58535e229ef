import {
  ADMIN_MODERATION_PER_PAGE,
  type AdminContactMessages,
  type ContactMessage,
  type HandledStatus,
  type LangCode,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { mailField as field } from '../../mail/content';
import { renderMail } from '../../mail/render';
import { enqueueMail, oneLine } from '../../providers/mail/outbox';
import { type HandledInbox, markHandled } from '../inbox/handled-inbox';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { contactRepository } from './contact.repository';

/** The back office's inbox of these: marked handled by a volunteer. */
const INBOX: HandledInbox = { table: 'contact_messages', action: 'contact.handled', target: 'contact_message' };

/** Per client address: a family writes once; a script does not get to fill the ministry's inbox. */
export const CONTACT_RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 10 * 60 };

const iso = (d: Date | string) => new Date(d).toISOString();

/** The postal fields on one line, as the e-mail writes them. */
const placeOf = (m: Pick<ContactMessage, 'address' | 'city' | 'state' | 'zip' | 'country'>) =>
  [m.address, m.city, [m.state, m.zip].filter(Boolean).join(' '), m.country].filter(Boolean).join(', ');

/** The ministry's copy: every filled field under its form label, then the comments. */
export function contactMail(lang: LangCode, m: ContactMessage) {
  const t = translators[lang];
  const name = oneLine(`${m.first_name} ${m.last_name}`);
  const place = placeOf(m);
  return renderMail({
    lang,
    subject: t('contact.email.subject', { name }),
    blocks: [
      { kind: 'text', text: t('contact.email.intro', { name, language: t(`lang.${lang}`) }) },
      {
        kind: 'fields',
        rows: [
          ...field(t('contact.email.name'), name),
          ...field(t('contact.fields.email'), m.email),
          ...field(t('contact.fields.phone'), m.phone),
          ...field(t('contact.email.address'), place),
          ...field(t('contact.fields.find_us'), m.find_us),
        ],
      },
      // The visitor's words, as a block of their own (text, never markup: React escapes it).
      { kind: 'quote', label: t('contact.fields.message'), text: m.message },
      { kind: 'text', text: t('contact.email.replyHint', { name }) },
    ],
  });
}

/**
 * Spec §4 Contact send: the message is stored and its e-mail to the
 * ministry queued in one transaction (both or neither); delivery retries
 * happen after (providers/mail/delivery.ts), so a failing mail server never
 * loses a message. The e-mail answers to the visitor (Reply-To).
 */
export function contactService(db: Db, { ministryEmail }: { ministryEmail: string }) {
  const repo = contactRepository(db);
  return {
    async send(lang: LangCode, clientIp: string, message: ContactMessage) {
      await enforceRateLimit(db, `contact:${clientIp}`, CONTACT_RATE_LIMIT);
      const mail = await contactMail(lang, message);
      await db.transaction().execute(async (trx) => {
        await contactRepository(trx).insert(lang, message);
        await enqueueMail(trx, { lang_code: lang, to: ministryEmail, replyTo: message.email, ...mail });
      });
      return { status: 'sent' as const };
    },

    /** Issue 30 item 5: the open (or handled) messages in the back office, newest first. */
    async list(status: HandledStatus, page: number): Promise<AdminContactMessages> {
      const { rows, count } = await repo.page(status, (page - 1) * ADMIN_MODERATION_PER_PAGE, ADMIN_MODERATION_PER_PAGE);
      return {
        items: rows.map((r) => ({
          id: r.id,
          created_at: iso(r.created_at),
          lang_code: r.lang_code as LangCode,
          name: `${r.first_name} ${r.last_name}`.trim(),
          email: r.email,
          phone: r.phone,
          address: placeOf(r),
          find_us: r.find_us,
          message: r.message,
          handled_at: r.handled_at ? iso(r.handled_at) : null,
          handled_by: r.handled_by_email,
        })),
        page,
        per_page: ADMIN_MODERATION_PER_PAGE,
        count,
      };
    },

    /** Marks one handled (or open again): inbox/handled-inbox.ts. */
    markHandled: (request: FastifyRequest, admin: { id: number; email: string }, id: number, handled: boolean) =>
      markHandled(db, INBOX, request, admin, id, handled),
  };
}
