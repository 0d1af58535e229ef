import { z } from 'zod';
import { SiteQuery } from './common';
import { EmailAddress } from './forms-contact';
import { optionalText } from './text-fields';

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
  u: z.string().max(200).optional(),
  id: z.string().max(200).optional(),
  EMAIL: z.string().max(1000).optional(),
  FNAME: z.string().max(1000).optional(),
  LNAME: z.string().max(1000).optional(),
  c: z.string().max(200).optional(),
});

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
