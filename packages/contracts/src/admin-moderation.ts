import { z } from 'zod';
import { SiteQuery } from './common';
import { GuestBookEntryInput, GuestBookPendingEntry, moderationDecisions } from './guest-book';
import { LangCode } from './lang';
import { IdParam, wholeNumberParam } from './numbers';

/**
 * Issue 30 item 5: moderation in the back office. The guest book's queue
 * (approve, reject, correct a typo), contact messages and Bible-lesson
 * requests marked handled, and each language's newsletter list with its
 * export. Admins acting as themselves only; every change is audited.
 */

const IsoDate = z.string().describe('ISO date-time');
export const ADMIN_MODERATION_PER_PAGE = 50;
const page = wholeNumberParam(1, 100000).default(1);
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), per_page: z.number().int(), count: z.number().int() });

// ─── Guest book ─────────────────────────────────────────────────────────────

/** GET /crud/admin/guest-book/pending: the waiting messages, oldest first. */
export const AdminGuestBookQuery = SiteQuery.extend({ page });
export const AdminGuestBookPending = paged(GuestBookPendingEntry).meta({ id: 'AdminGuestBookPending' });
export type AdminGuestBookPending = z.infer<typeof AdminGuestBookPending>;
export const AdminGuestBookParams = z.strictObject({ id: IdParam });

/**
 * PUT /crud/admin/guest-book/{id}: a typo corrected before approval. The
 * same fields and rules as a signed guest book (GuestBookEntryInput): plain
 * text, trimmed, within the same lengths; never markup.
 */
export const GuestBookEditInput = GuestBookEntryInput.pick({ author_name: true, country: true, content: true }).meta({
  id: 'GuestBookEditInput',
});
export type GuestBookEditInput = z.input<typeof GuestBookEditInput>;
export type GuestBookEdit = z.output<typeof GuestBookEditInput>;

/** POST /crud/admin/guest-book/{id}/moderate: approve shows the entry; reject deletes it (as the e-mailed link does). */
export const AdminGuestBookDecision = z
  .strictObject({ decision: z.enum(moderationDecisions) })
  .meta({ id: 'AdminGuestBookDecision' });

// ─── Contact messages and Bible-lesson requests ─────────────────────────────

export const handledStatuses = ['open', 'handled'] as const;
export type HandledStatus = (typeof handledStatuses)[number];
/** The open ones (not handled yet) or the handled ones, newest first. */
export const AdminMessagesQuery = SiteQuery.extend({ page, status: z.enum(handledStatuses).default('open') });
export const AdminMessageParams = z.strictObject({ id: IdParam });

/** POST …/{id}/handled: marks it handled (true) or open again (false). */
export const MarkHandledBody = z.strictObject({ handled: z.boolean() }).meta({ id: 'MarkHandledBody' });
export type MarkHandledBody = z.infer<typeof MarkHandledBody>;

const Handled = {
  /** When a volunteer marked it handled; null while open. */
  handled_at: IsoDate.nullable(),
  /** Who did (their e-mail), when their account still exists. */
  handled_by: z.string().nullable(),
};

/** The answer to …/{id}/handled: its state now. */
export const MarkedHandled = z.object({ id: z.number().int(), ...Handled }).meta({ id: 'MarkedHandled' });
export type MarkedHandled = z.infer<typeof MarkedHandled>;

export const AdminContactMessage = z
  .object({
    id: z.number().int(),
    created_at: IsoDate,
    /** The site the visitor wrote from. */
    lang_code: LangCode,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** The postal fields on one line ('' when none). */
    address: z.string(),
    find_us: z.string(),
    /** Plain text, shown as text. */
    message: z.string(),
    ...Handled,
  })
  .meta({ id: 'AdminContactMessage' });
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;
export const AdminContactMessages = paged(AdminContactMessage).meta({ id: 'AdminContactMessages' });
export type AdminContactMessages = z.infer<typeof AdminContactMessages>;

export const AdminLessonRequest = z
  .object({
    id: z.number().int(),
    created_at: IsoDate,
    /** Which lessons: the language of the form. */
    lang_code: LangCode,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    receive_method: z.enum(['download', 'mail']),
    /** Mailed lessons: how many sets, and which choice. */
    sets_needed: z.number().int().nullable(),
    mail_choice: z.enum(['print_and_mail_back', 'mail_lessons_1_2']).nullable(),
    /** The postal address as lines. */
    address: z.string(),
    birthday: z.string(),
    station: z.string(),
    ...Handled,
  })
  .meta({ id: 'AdminLessonRequest' });
export type AdminLessonRequest = z.infer<typeof AdminLessonRequest>;
export const AdminLessonRequests = paged(AdminLessonRequest).meta({ id: 'AdminLessonRequests' });
export type AdminLessonRequests = z.infer<typeof AdminLessonRequests>;

// ─── Newsletter ─────────────────────────────────────────────────────────────

export const subscriberStatuses = ['confirmed', 'pending'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/**
 * GET /crud/admin/newsletter/subscribers: one language's list (each site
 * language has its own), confirmed or pending, newest first. `?format=csv`
 * answers the list's confirmed subscribers, all of them, as a spreadsheet
 * (only they asked for the newsletter and confirmed it).
 */
export const AdminSubscribersQuery = SiteQuery.extend({
  list: LangCode.default('en'),
  status: z.enum(subscriberStatuses).default('confirmed'),
  page,
  format: z.enum(['json', 'csv']).default('json'),
});
export type AdminSubscribersQuery = z.input<typeof AdminSubscribersQuery>;

export const AdminSubscriber = z
  .object({
    id: z.number().int(),
    email: z.string(),
    fname: z.string(),
    lname: z.string(),
    created_at: IsoDate,
    /** When the owner confirmed the address; null while pending. */
    confirmed_at: IsoDate.nullable(),
  })
  .meta({ id: 'AdminSubscriber' });
export type AdminSubscriber = z.infer<typeof AdminSubscriber>;

export const AdminSubscribers = paged(AdminSubscriber)
  .extend({
    list: LangCode,
    /** How many addresses each language's list holds, confirmed and pending. */
    lists: z.array(z.object({ lang: LangCode, confirmed: z.number().int(), pending: z.number().int() })),
  })
  .meta({ id: 'AdminSubscribers' });
export type AdminSubscribers = z.infer<typeof AdminSubscribers>;

/** What GET /crud/admin/newsletter/subscribers answers: the page, or with ?format=csv the spreadsheet (text/csv). */
export const AdminSubscribersAnswer = z.union([
  AdminSubscribers,
  z.string().describe('text/csv; charset=utf-8 (with ?format=csv): RFC 4180, UTF-8 with a byte order mark'),
]);
