import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { asSingleRunner, JOB_LOCKS } from '../../db/single-runner';
import { runPeriodically } from '../../lib/periodic';
import { siteLangOptions } from '../../plugins/site-lang';
import { TestProcessor } from '../../providers/payments/test-processor';
import { cardExpiryNotices } from './card-expiry-notices';
import { giftResumeNotices } from './monthly-gifts';
import { subscriptionEventHandler } from './subscription-events';
import { subscriptionsRoutes } from './subscriptions.routes';
import { subscriptionsService } from './subscriptions.service';
import { testClockRoutes } from './test-clock.routes';

/** How often the card expiry notices due are looked for (issue 40 item 8). */
const CARD_EXPIRY_EVERY_MS = 60 * 60_000;
/** How often the built-in test processor bills what fell due (Stripe bills by itself). */
const BILL_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * With the built-in test processor: bills what fell due and hands over
     * events not yet delivered, now (the worker does it every minute).
     * Answers the billing steps done; 0 with Stripe, which bills by itself.
     */
    billRenewals(): Promise<number>;
    /** Gives back the refunds of cancels now that the processor did not answer at the time (the worker: every minute). */
    settleOwedRefunds(): Promise<number>;
    /** E-mails the families whose card expires before a renewal 14 days away, now (the worker: every hour); answers how many. */
    sendCardExpiryNotices(): Promise<number>;
    /** E-mails the donors whose paused monthly gift is charged again within 3 days, now (the worker: every hour); answers how many. */
    sendGiftResumeNotices(): Promise<number>;
  }
}

/**
 * Plans and monthly donations after checkout (issue 28): the family's
 * calls, the local record following the processor's events, and, with the
 * built-in test processor, its billing worker and test clock (default: on,
 * except NODE_ENV=test, where tests call app.billRenewals).
 */
export default fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const { origins } = siteLangOptions(config);
    app.onPaymentEvent(subscriptionEventHandler(app.db, app.payments.name, origins, app.metrics));
    const subscriptions = subscriptionsService(app.db, app.payments, { origins, report: app.metrics });
    await app.register(subscriptionsRoutes, { subscriptions });

    const processor = app.payments instanceof TestProcessor ? app.payments : null;
    app.decorate('billRenewals', async () => {
      if (!processor) return 0;
      const steps = await processor.billDue();
      await processor.redeliverPending();
      return steps;
    });
    if (processor) await app.register(testClockRoutes, { processor });
    app.decorate('settleOwedRefunds', () => subscriptions.settleOwedRefunds());
    const expiryNotices = cardExpiryNotices(app.db, app.payments, {
      origins,
      now: async () => (processor ? processor.now() : new Date()),
    });
    app.decorate('sendCardExpiryNotices', () => expiryNotices.run());
    const resumeNotices = giftResumeNotices(app.db, app.payments.name, {
      origins,
      now: async () => (processor ? processor.now() : new Date()),
    });
    app.decorate('sendGiftResumeNotices', () => resumeNotices.run());
    if (worker) {
      runPeriodically(app, { name: 'card expiry notices', everyMs: CARD_EXPIRY_EVERY_MS, run: () => expiryNotices.run() });
      runPeriodically(app, { name: 'gift resume notices', everyMs: CARD_EXPIRY_EVERY_MS, run: () => resumeNotices.run() });
    }
    if (worker && processor) {
      runPeriodically(app, { name: 'billing renewals', everyMs: BILL_EVERY_MS, run: () => app.billRenewals() });
    }
    if (worker) {
      runPeriodically(app, {
        name: 'settling owed refunds',
        everyMs: BILL_EVERY_MS,
        run: () => asSingleRunner(app.database, JOB_LOCKS.owedRefunds, async () => void (await app.settleOwedRefunds())),
      });
    }
  },
  { name: 'subscriptions', dependencies: ['db', 'payments', 'metrics'] },
);
