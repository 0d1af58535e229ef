import { z } from 'zod';
import { SiteQuery } from './common';
import { LangCode } from './lang';
import { wholeNumberParam } from './numbers';
import { text } from './text-fields';

/** Messages per page of the developer mailbox. */
export const MAILBOX_PER_PAGE = 20;

/** GET /crud/dev/mailbox: pages start at 1, newest message first. */
export const MailboxQuery = SiteQuery.extend({
  page: wholeNumberParam(1, 100_000).default(1),
  to: text()
    .trim()
    .max(254)
    .optional()
    .describe('Only the messages to this address (as typed, any case): one family’s mail on a busy site'),
});

export const mailStatuses = ['pending', 'sent', 'failed'] as const;

/** One e-mail of the outbox as the developer mailbox shows it. */
export const MailboxMessage = z
  .object({
    id: z.number().int(),
    to: z.string(),
    reply_to: z.string().nullable(),
    subject: z.string(),
    text: z.string().describe('The plain-text body'),
    html: z.string().nullable().describe('The HTML body, when the e-mail has one (every e-mail rendered by the server does)'),
    lang_code: LangCode,
    status: z.enum(mailStatuses).describe('pending: waiting for (another) attempt; failed: gave up after the last retry'),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'MailboxMessage' });
export type MailboxMessage = z.infer<typeof MailboxMessage>;

export const MailboxResponse = z
  .object({
    items: z.array(MailboxMessage),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'Mailbox' });
export type MailboxResponse = z.infer<typeof MailboxResponse>;
