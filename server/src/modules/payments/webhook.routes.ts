import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors';
import type { PaymentEvent } from '../../providers/payments/payment-provider';

/**
 * POST /crud/stripe/webhook (Stripe in use): the event is read from the raw
 * body only when its signature holds (STRIPE_WEBHOOK_SECRET); anything else
 * is 400 and changes nothing. Handled events answer 200 so Stripe stops
 * retrying; a failure to handle one answers 500 so it retries.
 */
export const webhookRoutes: FastifyPluginAsync<{ onEvent: (event: PaymentEvent) => Promise<void> }> = async (
  app,
  { onEvent },
) => {
  // The signature covers the exact bytes: this route keeps them (its own content-type parser, this plugin only).
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/crud/stripe/webhook', { schema: { hide: true } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    const event = app.payments.parseEvent(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
    if (!event) throw new AppError('invalid_data', 'bad_request');
    await onEvent(event);
    return { received: true };
  });
};
