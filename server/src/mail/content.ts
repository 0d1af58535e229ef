import type { LangCode } from '@storyhouse/contracts';

/**
 * What an e-mail says, as a list of blocks: one source that render.tsx
 * turns into both the HTML part (React Email components) and the plain-text
 * part (docs/decisions/021-email-templates.md). Every string is already in
 * the recipient's language; user-written text stays text (React escapes it
 * in the HTML part).
 */
export type MailBlock =
  /** A paragraph; its line breaks are kept. */
  | { kind: 'text'; text: string }
  /** A sentence and the link it points to: a button in HTML, the address alone on its own line in text. */
  | { kind: 'link'; text: string; url: string; button: string }
  /** Words someone else wrote (a gift message, a visitor's comments): set apart, never markup; `label:` above in text. */
  | { kind: 'quote'; text: string; label?: string }
  /** `label: value` rows; a value of several lines starts on the line after its label in text. */
  | { kind: 'fields'; rows: readonly { label: string; value: string }[] }
  /** The lines of an order: what, which kind, how much, and a link to it when there is one ("Listen"). */
  | { kind: 'items'; heading: string; rows: readonly MailItem[] }
  /** Amounts under the lines; the last `strong` row is the total. */
  | { kind: 'totals'; rows: readonly { label: string; value: string; strong?: boolean }[] }
  /** Small print (the giving statement). */
  | { kind: 'note'; text: string };

/** A line of an order as an e-mail lists it; `link`: where to go on with it (the album to listen to, decision 071). */
export interface MailItem {
  title: string;
  kind: string;
  amount: string;
  link?: { text: string; url: string };
}

export interface MailContent {
  lang: LangCode;
  subject: string;
  /** The inbox's preview line; the first text of more than a greeting when absent. */
  preview?: string;
  blocks: readonly MailBlock[];
}

/** A `fields` row, or none when the value is empty (a form's optional field left blank). */
export const mailField = (label: string, value: string | null | undefined) => (value ? [{ label, value }] : []);

/** A rendered e-mail, ready for the outbox. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}
