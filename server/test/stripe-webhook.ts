import Stripe from 'stripe';
import type { App } from './app';
import { STAND_IN_KEYS } from './stripe-stand-in';

/** Signs a webhook payload as Stripe does, with the secret the test apps use (or another one, to forge it). */
export const signWebhook = (payload: string, secret: string = STAND_IN_KEYS.webhookSecret) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

/** POSTs a signed Stripe event to the app's webhook, as Stripe would. */
export const sendWebhook = (app: App, payload: string, signature = signWebhook(payload)) =>
  app.inject({
    method: 'POST',
    url: '/crud/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
