import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { asSingleRunner, JOB_LOCKS } from '../../db/single-runner';
import { runPeriodically } from '../../lib/periodic';
import { siteLangOptions } from '../../plugins/site-lang';
import { adminOrdersRoutes } from './admin-orders.routes';
import { adminOrdersService } from './admin-orders.service';
import { sendMinistryDigest } from './ministry-digest';
import { refundsService } from './refunds';

/** A refund the processor has not confirmed this long after it was asked for is asked about again. */
const PENDING_REFUND_AFTER_MS = 2 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles the refunds left pending before `now` minus a couple of minutes (the worker does it every minute). */
    settlePendingRefunds(now?: Date): Promise<number>;
    /** With MINISTRY_ORDER_ALERTS=daily: the ministry's digest of orders to post, once per day (`now`'s UTC day). */
    sendMinistryDigest(now?: Date): Promise<number>;
  }
}

/**
 * The back office's orders (issue 29): its calls, refunds made in the
 * processor's dashboard counted on their order, and the worker that
 * finishes refunds the processor did not answer about (default: on, except
 * NODE_ENV=test, where tests call app.settlePendingRefunds).
 */
export default fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const { origins } = siteLangOptions(config);
    const orders = adminOrdersService(app.db, { origins });
    const refunds = refundsService(app.db, app.payments, { origins, report: app.metrics });
    app.onPaymentEvent(async (event) => {
      if (event.type === 'payment.refunded') await refunds.fromProcessor(event.id, event.paymentId, event.amountRefundedCents);
    });
    app.decorate('settlePendingRefunds', (now = new Date()) =>
      refunds.settlePending(new Date(now.getTime() - PENDING_REFUND_AFTER_MS)),
    );
    app.decorate('sendMinistryDigest', (now = new Date()) =>
      sendMinistryDigest(app.db, config.MINISTRY_EMAIL, origins.en, now.toISOString().slice(0, 10)),
    );
    await app.register(adminOrdersRoutes, { orders, refunds });
    if (worker) {
      runPeriodically(app, {
        name: 'settling pending refunds',
        everyMs: 60_000,
        run: () => asSingleRunner(app.database, JOB_LOCKS.orderRefunds, async () => void (await app.settlePendingRefunds())),
      });
      // Looked at every ten minutes; the day is claimed in the database, so one instance sends it, once.
      if (config.MINISTRY_ORDER_ALERTS === 'daily') {
        runPeriodically(app, { name: 'ministry digest', everyMs: 10 * 60_000, run: () => app.sendMinistryDigest() });
      }
    }
  },
  { name: 'admin-orders', dependencies: ['db', 'payments', 'metrics'] },
);
