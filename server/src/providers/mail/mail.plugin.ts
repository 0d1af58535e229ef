import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { startMailWorker } from './delivery';
import { createMailTransport } from './transport-config';

export interface MailPluginOptions {
  config: Config;
  /** Run the delivery worker; off in tests, which call deliverDueMail themselves. */
  worker: boolean;
}

/**
 * Delivers the outbox (providers/mail/delivery.ts) from the moment the app
 * is ready until it closes: a timer every 2 s in each server instance.
 */
export default fp<MailPluginOptions>(
  async (app: FastifyInstance, { config, worker }) => {
    if (!worker) return;
    const transport = createMailTransport(config);
    let running: ReturnType<typeof startMailWorker> | undefined;
    app.addHook('onReady', async () => {
      running = startMailWorker({
        db: app.db,
        transport,
        onError: (err) => app.log.error({ err }, 'mail delivery failed'),
        onFailedAttempt: (count) => app.log.warn({ count, transport: transport.name }, 'e-mail not sent; will retry'),
      });
      running.tick();
    });
    app.addHook('onClose', async () => {
      await running?.stop();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
