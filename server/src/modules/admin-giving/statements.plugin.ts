import { AdminStatementBody, AdminStatementQuery, StatementRun } from '@storyhouse/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runPeriodically } from '../../lib/periodic';
import { privateNoStore } from '../../plugins/private-answers';
import { requireAdmin } from '../accounts/guards';
import { statementRuns } from './statement-runs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every year-end statement waiting (claimed in the database); how many this server sent. */
    sendStatements(): Promise<number>;
  }
}

const tags = ['admin'];
/** How often every server looks for statements waiting: one indexed query when there are none. */
const STATEMENTS_EVERY_MS = 10_000;

/**
 * The year's statements sent to every donor (issue 45, decision 069). Every server's worker looks every ten seconds, and
 * the server that starts a run begins at once; the donors are claimed in the database, so each is sent once
 * (default: on, except NODE_ENV=test, where tests call app.sendStatements).
 */
export default fp<{ worker: boolean }>(
  async (app: FastifyInstance, { worker }) => {
    const runs = statementRuns(app.db);
    let running: Promise<number> | undefined;
    // A server that stops ends its pass after the batch under way, not after the whole year's run.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // One pass at a time on this server: the periodic run and a run just started share it.
    const sendWaiting = () => {
      running ??= runs
        .sendWaiting(() => closing)
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    app.decorate('sendStatements', sendWaiting);
    if (worker) runPeriodically(app, { name: 'year-end statements', everyMs: STATEMENTS_EVERY_MS, run: sendWaiting });

    const routes: FastifyPluginAsyncZod = async (r) => {
      r.addHook('onSend', privateNoStore);
      r.get(
        '/crud/admin/statements',
        {
          schema: {
            tags,
            summary: "The year's statements to every donor: whether sent, how many of how many",
            querystring: AdminStatementQuery,
            response: { 200: StatementRun },
          },
        },
        async (request) => {
          await requireAdmin(request);
          return runs.progress(request.query.year);
        },
      );
      r.post(
        '/crud/admin/statements',
        {
          config: { errors: { 409: ['giving_statements_none'] } },
          schema: {
            tags,
            summary: "Sends the year's statement, a PDF attached, to every donor of the year, once; audited",
            body: AdminStatementBody,
            response: { 200: StatementRun },
          },
        },
        async (request) => {
          const run = await runs.start(request, await requireAdmin(request), request.body.year);
          if (worker && run.sent < run.total) {
            // Begun here at once; a failure is the periodic run's to retry and the metrics' to count.
            sendWaiting().catch((err: unknown) => request.log.error({ err }, 'year-end statements'));
          }
          return run;
        },
      );
    };
    await app.register(routes);
  },
  { name: 'statements', dependencies: ['db', 'metrics'] },
);
