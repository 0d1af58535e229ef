import type { MailTransport } from './transport';

/**
 * The default transport: nothing leaves the machine. Accepting a message
 * marks it sent in the outbox, where the developer mailbox page
 * (/dev/mailbox) shows it, so every form can be tried end to end without a
 * mail account.
 */
export function outboxTransport(): MailTransport {
  return { name: 'outbox', send: async () => {} };
}
