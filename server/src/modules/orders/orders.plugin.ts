import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { asSingleRunner, JOB_LOCKS } from '../../db/single-runner';
import { runPeriodically } from '../../lib/periodic';
import { siteLangOptions } from '../../plugins/site-lang';
import { cardAttempts } from '../payments/card-attempts';
import { giftClaimRoutes } from './gift-claim.routes';
import { ordersRoutes } from './orders.routes';
import { purchasesService } from './purchases.service';
import { paymentEventHandler, reconcileOrders } from './reconcile';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles orders left pending and starts missing renewals now (the worker does it every minute). */
    reconcileOrders(now?: Date): Promise<number>;
  }
}

/** How often pending orders are looked at. */
const RECONCILE_EVERY_MS = 60_000;

/**
 * Checkout (issue 13): purchases and orders, gift claims, orders settled
 * from the processor's events, and the reconciliation worker (default: on,
 * except NODE_ENV=test, where tests call app.reconcileOrders).
 */
export default fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const purchases = purchasesService({
      db: app.db,
      payments: app.payments,
      origins: siteLangOptions(config).origins,
      attempts: cardAttempts(app.db, { ministryEmail: config.MINISTRY_EMAIL }),
      // Each paid order to post is told at once, unless the ministry chose a daily digest (admin-orders).
      ministryEmail: config.MINISTRY_ORDER_ALERTS === 'each' ? config.MINISTRY_EMAIL : '',
      report: app.metrics,
    });
    app.onPaymentEvent(paymentEventHandler(purchases));
    app.decorate('reconcileOrders', (now?: Date) => reconcileOrders(app.db, purchases, now));

    await app.register(ordersRoutes, { purchases });
    await app.register(giftClaimRoutes);

    // One instance at a time asks the processor about stale orders (settling each is once-only anyway).
    if (worker) {
      runPeriodically(app, {
        name: 'reconciling orders',
        everyMs: RECONCILE_EVERY_MS,
        run: () => asSingleRunner(app.database, JOB_LOCKS.reconcileOrders, async () => void (await app.reconcileOrders())),
      });
    }
  },
  { name: 'orders', dependencies: ['db', 'payments', 'metrics'] },
);
