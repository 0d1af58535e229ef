import {
  CardTokenBody,
  CardTokenResponse,
  SiteQuery,
  TestAuthenticateBody,
  TestAuthenticateResponse,
} from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { TestProcessor } from '../../providers/payments/test-processor';
import { enforceRateLimit } from '../rate-limit/rate-limit';

const tags = ['payments'];

/** The message next to the card field that Stripe.js would point at. */
const fieldMessage: Record<'number' | 'exp_month' | 'cvc', MessageKey> = {
  number: 'payment.card.numberInvalid',
  exp_month: 'payment.card.expiryInvalid',
  cvc: 'payment.card.cvcInvalid',
};

/**
 * The browser side of the built-in test processor (issue 13), registered
 * only while it is the processor in use: our card field's tokenization, in
 * place of Stripe.js, and its 3-D Secure dialog's answer.
 */
export const testPaymentsRoutes: FastifyPluginAsyncZod<{ processor: TestProcessor }> = async (app, { processor }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/crud/test-payments/tokens',
    {
      config: {
        errors: {
          402: ['payment_card_declined', 'payment_expired_card', 'payment_incorrect_cvc', 'payment_incorrect_number'],
          429: ['rate_limited'],
        },
      },
      schema: {
        tags,
        summary: 'Card details to a single-use card token (tok_…), as Stripe.js does; invalid details never make one',
        querystring: SiteQuery,
        body: CardTokenBody,
        response: { 200: CardTokenResponse },
      },
    },
    async (request) => {
      // Each answer tells whether a number is a card: guessing is slowed down per client.
      await enforceRateLimit(app.db, `card-tokens:${request.ip}`, { limit: 30, windowSeconds: 600 });
      const result = await processor.createToken(request.body);
      if (result.ok) return result.token;
      // A real card in test mode is declined as a whole; the other refusals point at the detail.
      const fields = result.code === 'card_declined' ? undefined : { [result.field]: { key: fieldMessage[result.field] } };
      throw new AppError('payment_declined', `payment_${result.code}`, {}, fields);
    },
  );

  app.post(
    '/crud/test-payments/authenticate',
    {
      config: { errors: { 404: ['not_found'] } },
      schema: {
        tags,
        summary:
          "The cardholder's answer to the authentication a charge or a card being added required (3-D Secure): approve or fail it",
        querystring: SiteQuery,
        body: TestAuthenticateBody,
        response: { 200: TestAuthenticateResponse },
      },
    },
    async (request) => {
      const { payment_id, client_secret, approve } = request.body;
      // A card being added (issue 40 item 8) waits the same way; its setup's id comes in payment_id.
      if (payment_id.startsWith('seti_')) {
        if (!(await processor.authenticateSetup(payment_id, client_secret, approve)))
          throw new AppError('not_found', 'not_found');
        return { status: approve ? ('succeeded' as const) : ('failed' as const) };
      }
      const payment = await processor.authenticate(payment_id, client_secret, approve);
      if (!payment) throw new AppError('not_found', 'not_found');
      return { status: payment.status };
    },
  );
};
