import type { LangCode } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { storedAttachment } from './attachments';
import { outboxRepository } from './outbox.repository';
import type { MailAttachment } from './transport';

/** A header-safe line: names go into subjects. */
export const oneLine = (s: string) => s.replace(/[\r\n\t\v\f]+/g, ' ').trim();

/** One e-mail, already written in the recipient's language. */
export interface OutgoingMail {
  lang_code: LangCode;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** The order it is about (its receipt, the shipping news): the back office lists it in the order's timeline. */
  orderId?: number;
  /** Files sent with it (a receipt's PDF), kept in the outbox with the message. */
  attachments?: MailAttachment[];
}

/**
 * Queues an e-mail in the outbox table, inside the caller's transaction when
 * given one: the form's data and its e-mail are stored together or not at
 * all. Delivery (SMTP or the developer mailbox) happens after, with retries,
 * in providers/mail/delivery.ts.
 */
export function enqueueMail(db: Db, mail: OutgoingMail): Promise<number> {
  return outboxRepository(db).insert({
    lang_code: mail.lang_code,
    to_address: mail.to,
    reply_to: mail.replyTo ?? null,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    order_id: mail.orderId ?? null,
    attachments: mail.attachments?.length ? JSON.stringify(mail.attachments.map(storedAttachment)) : null,
  });
}
