import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { PaymentEvent, PaymentProvider } from '../../providers/payments/payment-provider';
import { createPaymentProvider } from '../../providers/payments/payments-config';
import { TestProcessor } from '../../providers/payments/test-processor';
import { cardsRoutes } from './cards.routes';
import { testPaymentsRoutes } from './test-payments.routes';
import { webhookRoutes } from './webhook.routes';

type PaymentEventHandler = (event: PaymentEvent) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The card processor in use (providers/payments). */
    payments: PaymentProvider;
    /** Subscribes to what the processor reports (Stripe's webhooks, the test processor's events). */
    onPaymentEvent(handler: PaymentEventHandler): void;
  }
}

/**
 * The card processor (issue 13 item 1; DESIGN.md providers): the built-in
 * test processor and its token and authentication routes, or Stripe and its
 * webhook; the saved-card calls; and the one path every processor event
 * takes to its subscribers (orders settle from it).
 */
export default fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const handlers: PaymentEventHandler[] = [];
    const deliver = async (event: PaymentEvent) => {
      try {
        for (const handler of handlers) await handler(event);
      } catch (err) {
        app.log.error({ err, event: event.id }, 'payment event');
        throw err;
      }
    };
    const payments = createPaymentProvider(config, app.db, deliver);
    app.decorate('payments', payments);
    app.decorate('onPaymentEvent', (handler: PaymentEventHandler) => {
      handlers.push(handler);
    });

    await app.register(cardsRoutes, { ministryEmail: config.MINISTRY_EMAIL });
    if (payments instanceof TestProcessor) await app.register(testPaymentsRoutes, { processor: payments });
    else await app.register(webhookRoutes, { onEvent: deliver });
  },
  { name: 'payments', dependencies: ['db'] },
);
