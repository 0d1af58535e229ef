import { z } from 'zod';
import { EmailAddress } from './forms-contact';
import { LangCode } from './lang';
import type { LangCode as Code } from './lang-codes';
import { INT4_MAX } from './numbers';
import { optionalText, requiredText, text } from './text-fields';

/** Spec §9: a family asks for 1 to 10 sets of mailed lessons. */
export const SETS_NEEDED_MIN = 1;
export const SETS_NEEDED_MAX = 10;

export const adventuresReceiveMethods = ['download', 'mail'] as const;
export type AdventuresReceiveMethod = (typeof adventuresReceiveMethods)[number];

/** Spec §3 Adventures form, mail delivery choices: "print and mail back" or "mail lessons 1-2". */
export const adventuresMailChoices = ['print_and_mail_back', 'mail_lessons_1_2'] as const;
export type AdventuresMailChoice = (typeof adventuresMailChoices)[number];

/**
 * Where the sign-up sends the family afterwards (spec §2 Adventures sign-up):
 * the CMS page of its language that explains the next step. The Russian site
 * has no pages of its own and uses the English ones.
 */
const lessonPages: Record<'en' | 'es', Record<AdventuresReceiveMethod, string>> = {
  en: {
    download: '/kids-corner/adventures-in-the-holy-bible/download-lessons',
    mail: '/kids-corner/adventures-in-the-holy-bible/mail-lessons',
  },
  es: {
    download: '/rincon-infantil/aventuras-en-la-historia-sagrada/descargar-lecciones',
    mail: '/rincon-infantil/aventuras-en-la-historia-sagrada/correo-lecciones',
  },
};
export function adventuresNextPage(lang: Code, method: AdventuresReceiveMethod): string {
  return lessonPages[lang === 'es' ? 'es' : 'en'][method];
}

/**
 * The CMS pages a family reaches only by signing up (the lessons they signed
 * up for): the site search leaves them out, as any sitemap must.
 */
export const afterSignUpPages: readonly string[] = Object.values(lessonPages).flatMap((pages) => Object.values(pages));

/** An empty choice reads "Required"; any other unknown value "Invalid" (spec §5). */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.invalid'),
  });

/** A birthday, when given, is a real date (YYYY-MM-DD, as a date input sends it) in the past. */
function isPastDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() <= Date.now() && value >= '1900-01-01'
  );
}

/** The number of sets a family typed: an integer, or NaN for anything else; undefined when left empty. */
function setsCount(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * POST /crud/email/adventures-sign-up (spec §3 Adventures form, §5
 * Adventures). The family's name, postal address and e-mail are always
 * required (the lessons' certificate is mailed either way); sets_needed
 * (1 to 10) and the mail choice only when the lessons come by mail, and are
 * ignored (null) for a download. `site` is the hidden language of the form:
 * which lessons to send. sets_needed may come as the text of the form field
 * ("3"); the parsed result is itself valid input, so the web can send what
 * it validated.
 */
export const AdventuresSignUpInput = z
  .strictObject({
    receive_method: choice(adventuresReceiveMethods),
    site: LangCode,
    // Bounded like every number of an input; the 1 to 10 rule is the refinement's, with its own message.
    sets_needed: z.union([z.number().min(-INT4_MAX).max(INT4_MAX), text().max(20), z.null()]).optional(),
    mail_choice: z.union([z.enum(adventuresMailChoices), z.literal(''), z.null()]).optional(),
    fname: requiredText(100),
    lname: requiredText(100),
    address: requiredText(200),
    city: requiredText(100),
    state: requiredText(100),
    zip: requiredText(20),
    country: requiredText(100),
    email: EmailAddress,
    phone: optionalText(40),
    birthday: optionalText(10).refine((v) => v === '' || isPastDate(v), { error: 'validation.invalid' }),
    /** The radio station the family listens on. */
    station: optionalText(200),
  })
  .superRefine((form, ctx) => {
    if (form.receive_method !== 'mail') return;
    const sets = setsCount(form.sets_needed);
    if (sets === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sets_needed'], message: 'validation.required' });
    } else if (!Number.isInteger(sets) || sets < SETS_NEEDED_MIN || sets > SETS_NEEDED_MAX) {
      ctx.addIssue({ code: 'custom', path: ['sets_needed'], message: 'adventures.setsNeededRange' });
    }
    if (!form.mail_choice) ctx.addIssue({ code: 'custom', path: ['mail_choice'], message: 'validation.required' });
  })
  .transform((form) => {
    const mail = form.receive_method === 'mail';
    return {
      ...form,
      sets_needed: mail ? (setsCount(form.sets_needed) ?? null) : null,
      mail_choice: mail && form.mail_choice ? form.mail_choice : null,
    };
  });
export type AdventuresSignUpInput = z.input<typeof AdventuresSignUpInput>;
export type AdventuresSignUp = z.output<typeof AdventuresSignUpInput>;

/** Spec §4: status 'sent' is success; the web shows any other status as the error. */
export const AdventuresSentResponse = z.object({ status: z.literal('sent') }).meta({ id: 'AdventuresSent' });
export type AdventuresSentResponse = z.infer<typeof AdventuresSentResponse>;
