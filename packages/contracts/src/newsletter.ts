import { z } from 'zod';
import { SiteQuery } from './common';
import { EmailAddress } from './forms-contact';
import { optionalText, text } from './text-fields';

export const NEWSLETTER_NAME_MAX = 100;

/** Spec §3 Newsletter signup, §5 Newsletter: the e-mail is required and valid; first and last names optional. */
export const NewsletterSignupInput = z.strictObject({
  email: EmailAddress,
  fname: optionalText(NEWSLETTER_NAME_MAX),
  lname: optionalText(NEWSLETTER_NAME_MAX),
});
export type NewsletterSignupInput = z.input<typeof NewsletterSignupInput>;
export type NewsletterSignup = z.output<typeof NewsletterSignupInput>;

/**
 * The provider's answer (spec §7 Newsletter, Mailchimp's post-json shape):
 * `msg` is text for the visitor in the list's language, shown as it is.
 */
export const NewsletterResult = z
  .object({ result: z.enum(['success', 'error']), msg: z.string() })
  .meta({ id: 'NewsletterResult' });
export type NewsletterResult = z.infer<typeof NewsletterResult>;

/** A JSONP callback name: a plain JavaScript identifier, nothing that could run code. */
export const JSONP_CALLBACK = /^[A-Za-z_$][A-Za-z0-9_$]{0,99}$/;

/**
 * GET /newsletter/subscribe/post-json: the server's own endpoint shaped like
 * the provider's (u account, id list, EMAIL, FNAME, LNAME, c JSONP callback).
 * Fields are read loosely here (a JSONP client cannot read a 400): they are
 * checked against NewsletterSignupInput and answered as an error result.
 */
export const NewsletterSubscribeQuery = z.looseObject({
  u: text().max(200).optional(),
  id: text().max(200).optional(),
  EMAIL: text().max(1000).optional(),
  FNAME: text().max(1000).optional(),
  LNAME: text().max(1000).optional(),
  c: text().max(200).optional(),
});

/** Days a newsletter confirmation link works (issue 8: double opt-in). */
export const NEWSLETTER_CONFIRM_LINK_DAYS = 7;

/**
 * POST /crud/newsletter/confirm: the e-mailed confirmation link's token. A
 * forged, expired or used token is refused with `newsletter_link_invalid`.
 */
export const NewsletterConfirmInput = z.strictObject({
  /** The `token` of the e-mailed link. */
  token: text().min(1).max(200),
});
export type NewsletterConfirmInput = z.input<typeof NewsletterConfirmInput>;

/** The address now counts as subscribed to the list. */
export const NewsletterConfirmResponse = z.object({ status: z.literal('confirmed') }).meta({ id: 'NewsletterConfirmed' });
export type NewsletterConfirmResponse = z.infer<typeof NewsletterConfirmResponse>;

/** GET /crud/newsletter/config: where the site language's newsletter block subscribes. */
export const NewsletterConfig = z
  .object({
    /** The provider's post-json URL, or the server's own /newsletter/subscribe/post-json. */
    url: z.string(),
    /** The site language's list id. */
    list_id: z.string(),
  })
  .meta({ id: 'NewsletterConfig' });
export type NewsletterConfig = z.infer<typeof NewsletterConfig>;
export const NewsletterConfigQuery = SiteQuery;

/**
 * POST /crud/newsletter/unsubscribe: the token of the unsubscribe link every
 * newsletter e-mail carries. The address leaves the list (it is deleted);
 * an unknown or used token is refused with `newsletter_unsubscribe_invalid`.
 */
export const NewsletterUnsubscribeInput = z
  .strictObject({ token: text().min(1).max(200) })
  .meta({ id: 'NewsletterUnsubscribeInput' });
export type NewsletterUnsubscribeInput = z.infer<typeof NewsletterUnsubscribeInput>;
export const NewsletterUnsubscribed = z.object({ status: z.literal('unsubscribed') }).meta({ id: 'NewsletterUnsubscribed' });
export type NewsletterUnsubscribed = z.infer<typeof NewsletterUnsubscribed>;
