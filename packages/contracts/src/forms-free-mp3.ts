import { z } from 'zod';
import { CaptchaToken } from './captcha';
import { SiteQuery } from './common';
import { EmailAddress } from './forms-contact';
import { IdParam } from './numbers';
import { text } from './text-fields';

/** Spec §9: minimum age 18 (the newsletter sign-up of the free MP3 form). */
export const MINIMUM_AGE = 18;
/** The earliest birth year the form accepts; anything before is a typo. */
export const EARLIEST_BIRTH_YEAR = 1900;

/**
 * Spec §5 Free MP3: "current year minus 18 must be at least the birth year".
 * The one place the rule lives; `now` is for tests.
 */
export function isAdult(birthYear: number, now: Date = new Date()): boolean {
  return now.getFullYear() - MINIMUM_AGE >= birthYear;
}

/**
 * Spec §3/§5 Free MP3 form: first and last name optional, email required and
 * valid, birth year required and numeric (a real year, not in the future),
 * captcha required. Values are the form's text fields as typed.
 */
export const FreeMp3Form = z.strictObject({
  first_name: text().trim().max(100),
  last_name: text().trim().max(100),
  email: EmailAddress,
  birth_year: text()
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(/^\d+$/, { error: 'freeMp3.birthYearNumeric' })
    .refine((v) => Number(v) >= EARLIEST_BIRTH_YEAR && Number(v) <= new Date().getFullYear(), {
      error: 'freeMp3.birthYearRange',
    }),
  captcha: CaptchaToken,
});
export type FreeMp3Form = z.infer<typeof FreeMp3Form>;

/** POST /crud/free-mp3/:entryId/download: the free-mp3 page (CMS entry) whose MP3 the form asks for. */
export const FreeMp3EntryParams = z.strictObject({ entryId: IdParam });

/**
 * The answer to a verified free-MP3 form (spec §4 Free MP3 form): the only
 * place the visitor gets the MP3 from. The link is secret and short-lived;
 * the CMS page itself never carries the file.
 */
export const FreeMp3Grant = z
  .object({
    /** The download link (/crud/cms-asset/download?token=…): plays in the player, saves as an attachment. */
    download_url: z.string(),
    /** When the link stops working (ISO 8601); the form must be filled in again after it. */
    expires_at: z.string(),
    /** The story's name (the entry's free_story_title, or the page title). */
    title: z.string(),
  })
  .meta({ id: 'FreeMp3Grant' });
export type FreeMp3Grant = z.infer<typeof FreeMp3Grant>;

/**
 * GET /crud/cms-asset/download?token= (spec §7 Free MP3 download link): the
 * MP3 a verified form earned. Any text is accepted here, so a mangled link
 * gets the localized "link not valid" answer rather than a validation error.
 */
export const FreeMp3DownloadQuery = SiteQuery.extend({
  token: text().max(200).describe('The secret of a download link a verified free-MP3 form answered'),
});

/** The download link of a token: the one place both sides build it. */
export function freeMp3DownloadUrl(token: string): string {
  return `/crud/cms-asset/download?token=${encodeURIComponent(token)}`;
}
