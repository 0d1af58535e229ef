import { SiteQuery, TestClockBody, TestClockResponse } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TestProcessor } from '../../providers/payments/test-processor';
import { requireAdmin } from '../accounts/guards';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /crud/test-payments/clock (issue 28 item 1): an admin moves the
 * built-in test processor's clock forward (spec §3 test_clock) and what
 * falls due is billed at once, so a demo can show a renewal, a failed one
 * and its retries. Registered only with the test processor; never back.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ processor: TestProcessor }> = async (app, { processor }) => {
  app.post(
    '/crud/test-payments/clock',
    {
      schema: {
        tags: ['payments'],
        summary: 'Moves the test processor’s clock forward 1 to 3660 days and bills what falls due (admins only)',
        querystring: SiteQuery,
        body: TestClockBody,
        response: { 200: TestClockResponse },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      reply.header('cache-control', 'no-store');
      const to = new Date((await processor.now()).getTime() + request.body.advance_days * DAY_MS);
      const steps = await processor.advanceClock(to);
      await processor.redeliverPending();
      return { frozen_time: (await processor.now()).toISOString(), steps };
    },
  );
};
