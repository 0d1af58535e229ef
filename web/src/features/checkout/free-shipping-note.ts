import type { ShippingTiersResponse } from '@storyhouse/contracts';

/**
 * Spec §5 Free shipping, worded for the family (issue 27 item 7): the one
 * place the web says why shipping costs what it costs. The server decides
 * (server/src/modules/cart/shipping.ts: items marked to ship free cost
 * nothing by economy to a US address; priority and other countries pay for
 * every item) and answers each method's status; this picks the sentence.
 * A US cart with nothing that ships free has nothing to explain.
 */
export function freeShippingNote(options: ShippingTiersResponse) {
  if (options.zone === 'canada' || options.zone === 'international') return 'checkout.freeShipping.usOnly' as const;
  const economy = options.tiers.find((o) => o.shipping_type === 'economy');
  if (economy?.freeShipping === 'qualified_all') return 'checkout.freeShipping.all' as const;
  if (economy?.freeShipping === 'qualified_some') return 'checkout.freeShipping.some' as const;
  return null;
}
