import {
  ADMIN_MODERATION_PER_PAGE,
  type AdminLessonRequests,
  type AdventuresSignUp,
  adventuresNextPage,
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
import { adventuresRepository } from './adventures.repository';

/** The back office's inbox of these: marked handled by a volunteer. */
const INBOX: HandledInbox = { table: 'adventure_signups', action: 'lessons.handled', target: 'lesson_request' };

/** Per client address: a family signs up once or twice, not dozens of times. */
export const ADVENTURES_RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 10 * 60 };

const iso = (d: Date | string) => new Date(d).toISOString();

/** The postal address as one block of lines. */
function postal(s: Pick<AdventuresSignUp, 'fname' | 'lname' | 'address' | 'city' | 'state' | 'zip' | 'country'>) {
  return [oneLine(`${s.fname} ${s.lname}`), s.address, [s.city, s.state, s.zip].filter(Boolean).join(', '), s.country].join('\n');
}

/** What the ministry has to do: send a download link's lessons in which language, or mail how many sets. */
export function ministryMail(lang: LangCode, s: AdventuresSignUp) {
  const t = translators[lang];
  const name = oneLine(`${s.fname} ${s.lname}`);
  const what =
    s.receive_method === 'mail'
      ? t('adventures.email.ministryMail', {
          count: s.sets_needed ?? 1,
          choice: t(`adventures.mailChoice.${s.mail_choice ?? 'print_and_mail_back'}`),
          language: t(`lang.${s.site}`),
        })
      : t('adventures.email.ministryDownload', { language: t(`lang.${s.site}`) });
  return renderMail({
    lang,
    subject: t(
      s.receive_method === 'mail' ? 'adventures.email.ministrySubjectMail' : 'adventures.email.ministrySubjectDownload',
      {
        name,
      },
    ),
    blocks: [
      { kind: 'text', text: what },
      { kind: 'text', text: postal(s) },
      {
        kind: 'fields',
        rows: [
          ...field(t('adventures.fields.email'), s.email),
          ...field(t('adventures.fields.phone'), s.phone),
          ...field(t('adventures.fields.birthday'), s.birthday),
          ...field(t('adventures.fields.station'), s.station),
        ],
      },
    ],
  });
}

/** The family's confirmation: what comes next, with the lessons' page for a download. */
export function familyMail(lang: LangCode, s: AdventuresSignUp, lessonsUrl: string) {
  const t = translators[lang];
  const next =
    s.receive_method === 'mail'
      ? t('adventures.email.familyMail', { count: s.sets_needed ?? 1 })
      : t('adventures.email.familyDownload', { url: lessonsUrl });
  return renderMail({
    lang,
    subject: t('adventures.email.familySubject'),
    blocks: [
      { kind: 'text', text: t('adventures.email.greeting', { name: oneLine(s.fname) }) },
      { kind: 'text', text: t('adventures.email.thanks') },
      { kind: 'text', text: next },
      ...(s.receive_method === 'mail' ? [{ kind: 'text' as const, text: postal(s) }] : []),
      { kind: 'text', text: t('adventures.email.signature') },
    ],
  });
}

export interface SignUpContext {
  /** The site language: the family's confirmation is written in it. */
  lang: LangCode;
  clientIp: string;
  /** The site's address (scheme, host, port) for the link in the family's e-mail. */
  siteOrigin: string;
  /** Query to keep the Spanish test flag on that link, or ''. */
  siteQuery: string;
}

/**
 * Spec §4 Adventures sign-up: stored, then two e-mails queued in the same
 * transaction: the ministry's (what to send where, reply-to the family)
 * and the family's confirmation.
 */
export function adventuresService(db: Db, { ministryEmail }: { ministryEmail: string }) {
  const repo = adventuresRepository(db);
  return {
    async signUp(ctx: SignUpContext, signUp: AdventuresSignUp) {
      await enforceRateLimit(db, `adventures:${ctx.clientIp}`, ADVENTURES_RATE_LIMIT);
      const lessonsUrl = `${ctx.siteOrigin}${adventuresNextPage(ctx.lang, 'download')}${ctx.siteQuery}`;
      await db.transaction().execute(async (trx) => {
        await adventuresRepository(trx).insert(signUp);
        await enqueueMail(trx, {
          lang_code: ctx.lang,
          to: ministryEmail,
          replyTo: signUp.email,
          ...(await ministryMail(ctx.lang, signUp)),
        });
        await enqueueMail(trx, { lang_code: ctx.lang, to: signUp.email, ...(await familyMail(ctx.lang, signUp, lessonsUrl)) });
      });
      return { status: 'sent' as const };
    },

    /** Issue 30 item 5: the open (or handled) Bible-lesson requests in the back office, newest first. */
    async list(status: HandledStatus, page: number): Promise<AdminLessonRequests> {
      const { rows, count } = await repo.page(status, (page - 1) * ADMIN_MODERATION_PER_PAGE, ADMIN_MODERATION_PER_PAGE);
      return {
        items: rows.map((r) => ({
          id: r.id,
          created_at: iso(r.created_at),
          lang_code: r.lang_code as LangCode,
          name: `${r.fname} ${r.lname}`.trim(),
          email: r.email,
          phone: r.phone,
          receive_method: r.receive_method === 'mail' ? 'mail' : 'download',
          sets_needed: r.sets_needed,
          mail_choice: r.mail_choice === 'print_and_mail_back' || r.mail_choice === 'mail_lessons_1_2' ? r.mail_choice : null,
          address: postal(r),
          birthday: r.birthday,
          station: r.station,
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
