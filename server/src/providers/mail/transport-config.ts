import type { Config } from '../../config';
import type { MailTransport } from './transport';
import { outboxTransport } from './transport-outbox';
import { smtpTransport } from './transport-smtp';

/** The transport the configuration names (MAIL_TRANSPORT; config.ts requires SMTP_URL for smtp). */
export function createMailTransport(config: Pick<Config, 'MAIL_TRANSPORT' | 'SMTP_URL' | 'MAIL_FROM'>): MailTransport {
  if (config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL) {
    return smtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM });
  }
  return outboxTransport();
}
