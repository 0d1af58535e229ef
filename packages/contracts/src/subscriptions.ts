import { z } from 'zod';

/** Money in the API is dollars with 2 decimals (DESIGN.md 5); cents inside. */
const Usd = z.number().describe('US dollars, 2 decimals');

/** Spec §3: a subscription sku's code, its plan. */
export const subscriptionPlans = ['monthly', 'annual'] as const;
export const SubscriptionPlan = z.enum(subscriptionPlans);
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

/** One plan of the subscription page (spec §2 Subscription: monthly and annual offers). */
export const SubscriptionOffer = z
  .object({
    sku_id: z.number().int(),
    code: SubscriptionPlan,
    title: z.string(),
    /** The sale price when it is lower, else the full price (spec §3). */
    price_usd: Usd,
    full_price_usd: Usd,
    /** Spec §9: what the plan costs a month; the annual price / 12, rounded to the cent. */
    monthly_price_usd: Usd,
    /** The plan is in this visitor's cart (spec §4 in-cart flags). */
    in_cart: z.boolean(),
  })
  .meta({ id: 'SubscriptionOffer' });
export type SubscriptionOffer = z.infer<typeof SubscriptionOffer>;

/** GET /crud/subscription-skus: the plans on sale, monthly first. */
export const SubscriptionOffersResponse = z.object({ items: z.array(SubscriptionOffer) }).meta({ id: 'SubscriptionOffers' });
export type SubscriptionOffersResponse = z.infer<typeof SubscriptionOffersResponse>;
