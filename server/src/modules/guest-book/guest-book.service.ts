import {
  ADMIN_MODERATION_PER_PAGE,
  type AdminGuestBookPending,
  type GuestBookEdit,
  type GuestBookEntry,
  type GuestBookModerateBody,
  type GuestBookModerated,
  type GuestBookPendingEntry,
  type GuestBookSubmission,
  type LangCode,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { translators } from '../../i18n';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { renderMail } from '../../mail/render';
import { enqueueMail, oneLine } from '../../providers/mail/outbox';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { type GuestBookRow, guestBookRepository, publicEntry } from './guest-book.repository';

export interface GuestBookMailSettings {
  /** The ministry's inbox (config MINISTRY_EMAIL). */
  ministryEmail: string;
}

/**
 * Spec §4 Guest book: a message waits for approval before any visitor sees
 * it. It is approved or rejected by a single-use link e-mailed to the
 * ministry with each new message, or in the back office's queue (issue 30
 * item 5); whichever acts first spends the other.
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

type Admin = { id: number; email: string };

/** How the audit log names an entry. */
const entryTarget = (row: GuestBookRow) => auditTarget('guest_book_entry', `${row.id} (${oneLine(row.author_name)})`);
const moderatorEntry = (row: GuestBookRow): GuestBookPendingEntry => ({ ...publicEntry(row), author_email: row.author_email });

/** How many guest-book entries wait for a volunteer's approval (the back office's overview). */
export const guestBookWaitingCount = (db: Db) => guestBookRepository(db).waitingCount();

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
      return moderatorEntry(await pendingRow(id, token));
    },

    /** One conditional statement decides; only a refused link looks further, to say why. */
    async moderate(id: number, { token, decision }: GuestBookModerateBody) {
      const done = decision === 'approve' ? await repo.approve(id, hashToken(token)) : await repo.reject(id, hashToken(token));
      if (!done) throw (await repo.exists(id)) ? linkInvalid() : entryGone();
      return { status: decision === 'approve' ? ('approved' as const) : ('rejected' as const) };
    },

    // ─── The back office (issue 30 item 5): the same rules, by an admin acting as themself, audited ───

    /** The queue: waiting entries, oldest first, with the author's e-mail. */
    async queue(page: number): Promise<AdminGuestBookPending> {
      const { rows, count } = await repo.pendingPage((page - 1) * ADMIN_MODERATION_PER_PAGE, ADMIN_MODERATION_PER_PAGE);
      return { items: rows.map(moderatorEntry), page, per_page: ADMIN_MODERATION_PER_PAGE, count };
    },

    /**
     * A typo corrected: the name, country and message, checked by the same
     * contract as a signed guest book (plain text, stored and shown as typed).
     * The audit says which fields changed.
     */
    async edit(request: FastifyRequest, admin: Admin, id: number, edit: GuestBookEdit): Promise<GuestBookPendingEntry> {
      return db.transaction().execute(async (trx) => {
        const before = await guestBookRepository(trx).find(id);
        if (!before) throw entryGone();
        const row = await guestBookRepository(trx).update(id, edit);
        if (!row) throw entryGone();
        const changed = (['author_name', 'country', 'content'] as const).filter((field) => before[field] !== row[field]);
        await recordAdminAction(trx, request, admin, 'guest_book.edit', entryTarget(row), { fields: changed.join(', ') });
        return moderatorEntry(row);
      });
    },

    /**
     * Approves (shows) or rejects (deletes) a waiting entry, and spends its
     * e-mailed link. One conditional statement decides, so the link and the
     * back office, or two admins, never both act: an entry approved already
     * is a 409, one rejected already (deleted) a 404.
     */
    async decide(request: FastifyRequest, admin: Admin, id: number, decision: 'approve' | 'reject'): Promise<GuestBookModerated> {
      return db.transaction().execute(async (trx) => {
        const trxRepo = guestBookRepository(trx);
        const row = decision === 'approve' ? await trxRepo.approveWaiting(id) : await trxRepo.rejectWaiting(id);
        if (!row) {
          if (await trxRepo.exists(id)) throw new AppError('conflict', 'guest_book_already_approved');
          throw entryGone();
        }
        await recordAdminAction(
          trx,
          request,
          admin,
          decision === 'approve' ? 'guest_book.approve' : 'guest_book.reject',
          entryTarget(row),
          { lang: row.lang_code },
        );
        return { status: decision === 'approve' ? ('approved' as const) : ('rejected' as const) };
      });
    },
  };
}
