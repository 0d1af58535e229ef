import { loadStripe, type Stripe } from '@stripe/stripe-js';

/**
 * Stripe.js for a publishable key, loaded once per page. Only the Stripe
 * path imports this module (dynamically), so the default bundle, used with
 * the built-in test processor, never carries Stripe.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string) {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe's own authentication (3-D Secure) for a charge that asks for it;
 * answers whether the cardholder completed it. The order is confirmed after.
 */
export async function handleStripeNextAction(publishableKey: string, clientSecret: string): Promise<boolean> {
  const stripe = await getStripe(publishableKey);
  if (!stripe) return false;
  const { error } = await stripe.handleNextAction({ clientSecret });
  return !error;
}
