import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { runPeriodically } from '../../lib/periodic';
import { siteLangOptions } from '../../plugins/site-lang';
import { sendLowStockMail } from './low-stock-mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ministry's low-stock e-mail for `now`'s UTC day, once per day whichever server asks (the worker does). */
    sendLowStockMail(now?: Date): Promise<number>;
  }
}

/**
 * Stock of what is posted (decision 061): the daily low-stock e-mail to the
 * ministry. Every instance looks every ten minutes; the day is claimed in
 * the database, so one of them sends it, once (default: on, except
 * NODE_ENV=test, where tests call app.sendLowStockMail).
 */
export default fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const { origins } = siteLangOptions(config);
    app.decorate('sendLowStockMail', (now = new Date()) =>
      sendLowStockMail(app.db, { to: config.MINISTRY_EMAIL, adminOrigin: origins.en, day: now.toISOString().slice(0, 10) }),
    );
    if (worker) runPeriodically(app, { name: 'low-stock mail', everyMs: 10 * 60_000, run: () => app.sendLowStockMail() });
  },
  { name: 'stock', dependencies: ['db', 'metrics'] },
);
