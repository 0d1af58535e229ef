import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { PaymentEvent, PaymentProvider } from './payment-provider';
import { createStripeProcessor } from './stripe-processor';
import { TestProcessor } from './test-processor';

/**
 * The card processor the configuration names (PAYMENTS): the built-in test
 * processor, whose events are handed to `deliver` in-process, or Stripe,
 * whose events come to POST /crud/stripe/webhook.
 */
export function createPaymentProvider(config: Config, db: Db, deliver: (event: PaymentEvent) => Promise<void>): PaymentProvider {
  if (config.PAYMENTS === 'stripe') {
    return createStripeProcessor({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return new TestProcessor(db, { deliver });
}
