import { z } from 'zod';
import { CaptchaToken } from './captcha';
import { SiteQuery } from './common';
import { EmailAddress } from './forms-contact';

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
export const FreeMp3Form = z.object({
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  email: EmailAddress,
  birth_year: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(/^\d+$/, { error: 'freeMp3.birthYearNumeric' })
    .refine((v) => Number(v) >= EARLIEST_BIRTH_YEAR && Number(v) <= new Date().getFullYear(), {
      error: 'freeMp3.birthYearRange',
    }),
  captcha: CaptchaToken,
});
export type FreeMp3Form = z.infer<typeof FreeMp3Form>;

/** GET /crud/cms-asset/download?url= (spec §7 Free MP3 download link); build the link with cmsAssetUrl. */
export const CmsAssetQuery = SiteQuery.extend({
  url: z.string().min(1).max(500).describe('Storage key of an asset a published CMS entry marks as free (its mp3)'),
});
