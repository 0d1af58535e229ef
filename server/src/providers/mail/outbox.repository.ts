import type { LangCode } from '@storyhouse/contracts';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paged';
import { preparedQuery } from '../../db/prepared';
import type { MailOutbox } from '../../db/schema';
import { attachmentsOf } from './attachments';
import type { MailMessage } from './transport';

/**
 * The only code that touches mail_outbox: queueing, the developer mailbox
 * and delivery. A worker claims a batch by pushing each
 * row's next attempt one lease ahead (FOR UPDATE SKIP LOCKED: two server
 * instances never claim the same row), sends without holding a transaction
 * open, then records the result. A worker that dies mid-send leaves its rows
 * to be claimed again once the lease ends: at least once, never lost.
 */
export function outboxRepository(db: Db) {
  return {
    /** Queues one e-mail; returns its id. */
    async insert(mail: Insertable<MailOutbox>): Promise<number> {
      const query = db.insertInto('mail_outbox').values(mail).returning('id');
      const [row] = (await db.executeQuery(preparedQuery(query))).rows;
      return (row as { id: number }).id;
    },

    async claimDue(limit: number, leaseSeconds: number): Promise<(MailMessage & { attempts: number })[]> {
      const rows = await sql<{
        id: number;
        lang_code: string;
        to_address: string;
        reply_to: string | null;
        subject: string;
        text_body: string;
        html_body: string | null;
        attachments: unknown;
        attempts: number;
      }>`
        update mail_outbox set
          attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        where id in (
          select id from mail_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        returning id, lang_code, to_address, reply_to, subject, text_body, html_body, attachments, attempts`.execute(db);
      return rows.rows
        .sort((a, b) => a.id - b.id)
        .map((r) => ({
          id: r.id,
          lang_code: r.lang_code as LangCode,
          to: r.to_address,
          replyTo: r.reply_to,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          attachments: attachmentsOf(r.attachments),
          attempts: r.attempts,
        }));
    },

    async markSent(id: number) {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    /** A failed attempt: try again after `retryInSeconds`, or give up (status failed; the row stays) when null. */
    async markFailed(id: number, error: string, retryInSeconds: number | null) {
      await db
        .updateTable('mail_outbox')
        .set(
          retryInSeconds === null
            ? { status: 'failed', last_error: error }
            : { last_error: error, next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds})` },
        )
        .where('id', '=', id)
        .execute();
    },

    /** The developer mailbox: newest first; only the messages to `to` (any case) when given. */
    async page(page: number, perPage: number, to?: string) {
      const { rows, count } = await pageOf(
        to ? db.selectFrom('mail_outbox').where(sql`lower(to_address)`, '=', to.toLowerCase()) : db.selectFrom('mail_outbox'),
        (q) =>
          q
            .select([
              'id',
              'to_address',
              'reply_to',
              'subject',
              'text_body',
              'html_body',
              'lang_code',
              'status',
              'attempts',
              'last_error',
              'created_at',
              'sent_at',
            ])
            .orderBy('id', 'desc'),
        page,
        perPage,
      );
      return { items: rows, total: count };
    },
  };
}
