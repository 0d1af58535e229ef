import { SiteQuery, TestClockBody, TestClockResponse } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TestProcessor } from '../../providers/payments/test-processor';
import { requireAdmin } from '../accounts/guards';
import { recordAdminAction } from '../audit/audit';

const DAY_SECONDS = 24 * 60 * 60;

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
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'Moves the test processor’s clock forward 1 to 3660 days and bills what falls due (admins only)',
        querystring: SiteQuery,
        body: TestClockBody,
        response: { 200: TestClockResponse },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      reply.header('cache-control', 'no-store');
      const steps = await processor.advanceClockBy(request.body.advance_days * DAY_SECONDS);
      await processor.redeliverPending();
      const frozen = (await processor.now()).toISOString();
      await recordAdminAction(app.db, request, admin, 'test_clock.move', 'test clock', {
        advance_days: request.body.advance_days,
        frozen_time: frozen,
        renewals: steps,
      });
      return { frozen_time: frozen, steps };
    },
  );
};
