import type {
  GuestBookEntry,
  GuestBookModerateBody,
  GuestBookPendingEntry,
  GuestBookSubmission,
  LangCode,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { renderMail } from '../../mail/render';
import { enqueueMail, oneLine } from '../../providers/mail/outbox';
import { type GuestBookRow, guestBookRepository, publicEntry } from './guest-book.repository';

export interface GuestBookMailSettings {
  /** The ministry's inbox (config MINISTRY_EMAIL). */
  ministryEmail: string;
}

/**
 * Spec §4 Guest book: a message waits for approval before any visitor sees
 * it. Until the admin screens exist, approval is by a single-use link
 * e-mailed to the ministry with each new message.
 */
/** The ministry's e-mail of a new message, in the language it was written for, with its moderation link. */
export function moderationMail(input: GuestBookSubmission, link: string) {
  const lang = input.lang_code;
  const t = translators[lang];
  const name = oneLine(input.author_name);
  return renderMail({
    lang,
    subject: t('guestbook.mail.subject', { name }),
    blocks: [
      { kind: 'text', text: t('guestbook.mail.intro', { name, email: input.author_email, language: t(`lang.${lang}`) }) },
      { kind: 'quote', text: input.content },
      {
        kind: 'fields',
        rows: [
          { label: t('guestbook.mail.country'), value: input.country || t('guestbook.mail.notGiven') },
          {
            label: t('guestbook.mail.findUs'),
            value: input.find_us ? t(`guestbook.findUs.${input.find_us}`) : t('guestbook.mail.notGiven'),
          },
        ],
      },
      { kind: 'link', text: t('guestbook.mail.approve'), url: link, button: t('mail.button.moderateGuestBook') },
    ],
  });
}

export function guestBookService(db: Db, settings: GuestBookMailSettings) {
  const repo = guestBookRepository(db);

  // What a moderation link's visitor is told when it finds no waiting entry: a rejected message is deleted, so its
  // link finds nothing; an approved one (its token is spent) or a wrong token is refused.
  const entryGone = () => new AppError('not_found', 'guest_book_entry_not_found');
  const linkInvalid = () => new AppError('not_allowed', 'guest_book_link_invalid');

  /** The waiting entry a moderation link points at, or the error its visitor sees. */
  async function pendingRow(id: number, token: string): Promise<GuestBookRow> {
    const row = await repo.find(id);
    if (!row) throw entryGone();
    if (row.moderation_token_hash !== hashToken(token)) throw linkInvalid();
    return row;
  }

  return {
    years: (lang: LangCode) => repo.approvedYears(lang),

    async entriesOf(year: number, lang: LangCode): Promise<GuestBookEntry[]> {
      return (await repo.approvedOfYear(lang, year)).map(publicEntry);
    },

    /**
     * Stores the message unapproved and queues the ministry's e-mail with
     * its moderation link, in one transaction: both or neither.
     * `moderationUrl` builds the link from the entry id and its token.
     */
    async submit(input: GuestBookSubmission, moderationUrl: (id: number, token: string) => string) {
      const token = newToken();
      await db.transaction().execute(async (trx) => {
        const row = await guestBookRepository(trx).insert({
          lang_code: input.lang_code,
          author_name: input.author_name,
          author_email: input.author_email,
          country: input.country,
          find_us: input.find_us === '' ? null : input.find_us,
          content: input.content,
          moderation_token_hash: hashToken(token),
        });
        await enqueueMail(trx, {
          lang_code: input.lang_code,
          to: settings.ministryEmail,
          replyTo: input.author_email,
          ...(await moderationMail(input, moderationUrl(row.id, token))),
        });
      });
    },

    async pending(id: number, token: string): Promise<GuestBookPendingEntry> {
      const row = await pendingRow(id, token);
      return { ...publicEntry(row), author_email: row.author_email };
    },

    /** One conditional statement decides; only a refused link looks further, to say why. */
    async moderate(id: number, { token, decision }: GuestBookModerateBody) {
      const done = decision === 'approve' ? await repo.approve(id, hashToken(token)) : await repo.reject(id, hashToken(token));
      if (!done) throw (await repo.exists(id)) ? linkInvalid() : entryGone();
      return { status: decision === 'approve' ? ('approved' as const) : ('rejected' as const) };
    },
  };
}
