import { z } from 'zod';
import { optionalText, requiredText, text } from './text-fields';

/** Longest contact message (a letter, not a document): a 10,000-character message is refused. */
export const CONTACT_MESSAGE_MAX = 5000;

/** A required, valid e-mail address: empty reads "Required", malformed "Invalid" (spec §5). */
export const EmailAddress = text().trim().min(1).max(254).pipe(z.email());

/**
 * POST /crud/email/contact-us (spec §3 Contact message, §5 Contact): first
 * name, last name, a valid e-mail and the message are required; the postal
 * fields, phone and "how did you find us" are optional. The web form shows
 * `message` as "Comments".
 */
export const ContactMessageInput = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: EmailAddress,
  address: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  phone: optionalText(40),
  /** "How did you find us?" */
  find_us: optionalText(200),
  /** "Comments" */
  message: requiredText(CONTACT_MESSAGE_MAX),
});
export type ContactMessageInput = z.input<typeof ContactMessageInput>;
export type ContactMessage = z.output<typeof ContactMessageInput>;

/** The answer to a sent contact message; spec §4: anything but 'sent' is a failure. */
export const ContactSentResponse = z.object({ status: z.literal('sent') }).meta({ id: 'ContactSent' });
export type ContactSentResponse = z.infer<typeof ContactSentResponse>;
