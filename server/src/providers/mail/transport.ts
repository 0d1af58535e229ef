import type { LangCode } from '@storyhouse/contracts';

/** One queued e-mail as a transport sends it (a row of mail_outbox). */
export interface MailMessage {
  id: number;
  lang_code: LangCode;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** Files sent with it (a receipt's PDF); none for most. */
  attachments: MailAttachment[];
}

/** A file sent with an e-mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Where queued e-mails go (DESIGN "e-mail"): the outbox transport keeps them
 * on this machine for the developer mailbox; the SMTP transport hands them
 * to a mail server. `send` resolves once the message is accepted and rejects
 * with the reason otherwise; delivery.ts retries.
 */
export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close?(): void;
}
