import type { ContactMessage, LangCode } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { mailField as field } from '../../mail/content';
import { renderMail } from '../../mail/render';
import { enqueueMail, oneLine } from '../../providers/mail/outbox';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { contactRepository } from './contact.repository';

/** Per client address: a family writes once; a script does not get to fill the ministry's inbox. */
export const CONTACT_RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 10 * 60 };

/** The ministry's copy: every filled field under its form label, then the comments. */
export function contactMail(lang: LangCode, m: ContactMessage) {
  const t = translators[lang];
  const name = oneLine(`${m.first_name} ${m.last_name}`);
  const place = [m.address, m.city, [m.state, m.zip].filter(Boolean).join(' '), m.country].filter(Boolean).join(', ');
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
  };
}
