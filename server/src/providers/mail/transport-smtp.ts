import nodemailer from 'nodemailer';
import type { MailTransport } from './transport';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string;
  /** The From header: "Storyhouse <hello@storyhouse.example>". */
  from: string;
  /** Seconds to wait for the server at each step, so one slow server cannot hold the worker. */
  timeoutSeconds?: number;
}

/** The production transport: SMTP through nodemailer, pooled connections. */
export function smtpTransport({ url, from, timeoutSeconds = 30 }: SmtpOptions): MailTransport {
  const timeout = timeoutSeconds * 1000;
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    name: 'smtp',
    send: async (message) => {
      await transporter.sendMail({
        from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments.length > 0
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
              })),
            }
          : {}),
        headers: { 'Content-Language': message.lang_code },
      });
    },
    close: () => transporter.close(),
  };
}
