import type { ShippingTiersResponse } from '@storyhouse/contracts';
import { freeShippingReason } from '../../components/cart/shipping-price';

/**
 * Spec §5 Free shipping beside the shipping step's methods (issue 27 item
 * 7). The server decides (server/src/modules/cart/shipping.ts: items marked
 * to ship free cost nothing by economy to a US address; priority and other
 * countries pay for every item) and answers each method's status; outside
 * the US the sentence says free shipping is for the US only, in the US the
 * economy method's reason (freeShippingReason, the order summary's too).
 */
export function freeShippingNote(options: ShippingTiersResponse) {
  if (options.zone === 'canada' || options.zone === 'international') return 'checkout.freeShipping.usOnly' as const;
  return freeShippingReason(options.tiers.find((o) => o.shipping_type === 'economy')?.freeShipping);
}
