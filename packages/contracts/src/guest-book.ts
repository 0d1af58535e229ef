import { z } from 'zod';
import { SiteQuery } from './common';
import { EmailAddress } from './forms-contact';
import { LangCode } from './lang';
import { IdParam, wholeNumberParam } from './numbers';
import { optionalText, requiredText, text } from './text-fields';

/** Spec §3 Guest book entry: how the visitor heard of the ministry. */
export const findUsOptions = ['Email', 'Friend', 'Radio'] as const;
export const FindUs = z.enum(findUsOptions);
export type FindUs = z.infer<typeof FindUs>;

/** Longest guest-book message: a greeting, not a letter (a 10,000-character message is refused). */
export const GUEST_BOOK_CONTENT_MAX = 2000;
export const GUEST_BOOK_NAME_MAX = 100;
export const GUEST_BOOK_COUNTRY_MAX = 100;

/**
 * POST /crud/guest-book (spec §3 Guest book entry, §5 Guest book): name, a
 * valid e-mail and the message are required; country and "how did you find
 * us" are optional (an empty find_us is none). Everything is plain text: it
 * is stored and shown as typed, never as HTML.
 */
export const GuestBookEntryInput = z.strictObject({
  author_name: requiredText(GUEST_BOOK_NAME_MAX),
  /** Never shown to visitors; only the moderator sees it. */
  author_email: EmailAddress,
  country: optionalText(GUEST_BOOK_COUNTRY_MAX),
  /** '' when the visitor did not say. */
  find_us: z.union([FindUs, z.literal('')]).default(''),
  content: requiredText(GUEST_BOOK_CONTENT_MAX),
  /** The guest book (site language) the message is for. */
  lang_code: LangCode,
});
export type GuestBookEntryInput = z.input<typeof GuestBookEntryInput>;
export type GuestBookSubmission = z.output<typeof GuestBookEntryInput>;

/** The answer to a signed guest book: the message waits for approval (spec §4 Guest book). */
export const GuestBookSubmitted = z.object({ status: z.literal('pending') }).meta({ id: 'GuestBookSubmitted' });
export type GuestBookSubmitted = z.infer<typeof GuestBookSubmitted>;

/** An approved entry as every visitor sees it: the author's e-mail is never part of it. */
export const GuestBookEntry = z
  .object({
    id: z.number().int(),
    author_name: z.string(),
    country: z.string(),
    find_us: FindUs.nullable(),
    /** Plain text; clients show it as text (line breaks kept), never as HTML. */
    content: z.string(),
    lang_code: LangCode,
    created_at: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'GuestBookEntry' });
export type GuestBookEntry = z.infer<typeof GuestBookEntry>;

/** GET /crud/guest-book/years/{lang}: the years that have approved entries, newest first. */
export const GuestBookYears = z.object({ years: z.array(z.number().int()) }).meta({ id: 'GuestBookYears' });
export type GuestBookYears = z.infer<typeof GuestBookYears>;

export const GuestBookLangParams = z.strictObject({ lang: LangCode });

/** Years the guest book can hold: the ministry's sites did not exist before 1990. */
export const GuestBookYearParams = z.strictObject({
  year: wholeNumberParam(1990, 9999),
  lang: LangCode,
});

/** GET /crud/guest-book/year/{year}/{lang}: the approved entries of that year (UTC), newest first. */
export const GuestBookYearEntries = z
  .object({ year: z.number().int(), entries: z.array(GuestBookEntry) })
  .meta({ id: 'GuestBookYearEntries' });
export type GuestBookYearEntries = z.infer<typeof GuestBookYearEntries>;

/**
 * Moderation by e-mail (beside the back office's queue): each new entry gets a random
 * single-use token, e-mailed to the ministry with a link to the page
 * `guestBookModerate` (/guestbook/moderate?id=…&token=…). The token is valid
 * while the entry waits; approving or rejecting uses it up.
 */
export const ModerationToken = text().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'guestbook.moderation.badLink' });

export const GuestBookIdParams = z.strictObject({ id: IdParam });
export const GuestBookModerationQuery = SiteQuery.extend({ token: ModerationToken });

/** GET /crud/guest-book/{id}/moderation?token: the waiting entry, for the moderator (with the e-mail). */
export const GuestBookPendingEntry = GuestBookEntry.extend({ author_email: z.string() }).meta({ id: 'GuestBookPendingEntry' });
export type GuestBookPendingEntry = z.infer<typeof GuestBookPendingEntry>;

export const moderationDecisions = ['approve', 'reject'] as const;

/** POST /crud/guest-book/{id}/moderate: approve shows the entry; reject deletes it. */
export const GuestBookModerateBody = z
  .strictObject({ token: ModerationToken, decision: z.enum(moderationDecisions) })
  .meta({ id: 'GuestBookModerateBody' });
export type GuestBookModerateBody = z.infer<typeof GuestBookModerateBody>;

export const GuestBookModerated = z.object({ status: z.enum(['approved', 'rejected']) }).meta({ id: 'GuestBookModerated' });
export type GuestBookModerated = z.infer<typeof GuestBookModerated>;
