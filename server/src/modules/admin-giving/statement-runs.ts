import type { StatementRun } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../../providers/mail/outbox';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { givingService } from '../giving/giving.service';
import { lastOrderLang } from '../orders/last-order-lang';
import { statementRunsRepository } from './statement-runs.repository';

/** How many statements one transaction makes and queues: short enough that a lock is never held long. */
const BATCH = 5;

/**
 * The year's statements sent to every donor in one action (issue 45, decision 069). Starting a year records a run
 * and a row per donor, once: a second press, from anyone on any server, finds the run and starts nothing. Workers
 * on every server claim the donors still waiting (FOR UPDATE SKIP LOCKED) and, in the same transaction, queue the
 * donor's e-mail with its PDF and mark it sent: each statement goes once, and a server that stops midway leaves
 * the rest to the next run of any worker.
 */
export function statementRuns(db: Db) {
  const repo = statementRunsRepository(db);
  const yearOf = (year: number) => [new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1))] as const;
  const progress = async (year: number): Promise<StatementRun> => {
    const run = await repo.progress(year, ...yearOf(year));
    const started = run.started_at !== null;
    return {
      year,
      started,
      total: run.total,
      sent: run.sent,
      new_donors: run.new_donors,
      started_at: run.started_at ? new Date(run.started_at).toISOString() : null,
      finished_at: started && run.sent >= run.total && run.last_sent_at ? new Date(run.last_sent_at).toISOString() : null,
    };
  };
  return {
    progress,

    /**
     * Sends the year's statement to every donor of the year not sent one yet (audited with how many), and answers
     * the run: a second press sends nothing again, only to donors who first gave since.
     * 409 giving_statements_none when the year has no donor at all.
     */
    async start(request: FastifyRequest, admin: { id: number; email: string }, year: number): Promise<StatementRun> {
      await db.transaction().execute(async (trx) => {
        const runs = statementRunsRepository(trx);
        const added = await runs.include(year, admin.id, ...yearOf(year));
        // Nobody gave that year: nothing begins (the transaction, with its empty run, is rolled back).
        if (added === 0 && !(await runs.hasDonors(year))) throw new AppError('conflict', 'giving_statements_none', { year });
        if (added > 0) {
          await recordAdminAction(trx, request, admin, 'donor.statements', auditTarget('statements', String(year)), {
            year,
            donors: added,
          });
        }
      });
      return progress(year);
    },

    /**
     * Sends every statement waiting, a batch per transaction, until none is left or `stop()` says the server is
     * closing (the rest is for the next pass of any server); how many were sent.
     */
    async sendWaiting(stop: () => boolean = () => false): Promise<number> {
      let sent = 0;
      while (!stop()) {
        const done = await db.transaction().execute(async (trx) => {
          const claimed = await statementRunsRepository(trx).claim(BATCH);
          for (const { year, user_id } of claimed) {
            const lang = await lastOrderLang(trx, user_id);
            // A donor whose gifts were all refunded since has nothing to send: done, without an e-mail.
            const statement = await givingService(trx).statementMail(user_id, year, lang);
            const mailId = statement ? await enqueueMail(trx, statement.mail) : null;
            await statementRunsRepository(trx).markSent(year, user_id, mailId);
          }
          return claimed.length;
        });
        if (done === 0) break;
        sent += done;
      }
      return sent;
    },
  };
}
