import type { MailAttachment } from './transport';

/** An attachment as the outbox keeps it (jsonb): its content in base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

export const storedAttachment = (a: MailAttachment): StoredAttachment => ({
  filename: a.filename,
  contentType: a.contentType,
  base64: a.content.toString('base64'),
});

/** The attachments of an outbox row as a transport sends them. */
export function attachmentsOf(stored: unknown): MailAttachment[] {
  if (!Array.isArray(stored)) return [];
  return (stored as StoredAttachment[]).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.base64, 'base64'),
  }));
}
