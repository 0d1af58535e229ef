import type { CartLine, SkuType } from '@storyhouse/contracts';
import { shippedTypes } from '../../components/cart/checkout-target';

/**
 * Spec §3 client view, §2 Cart: the cart page lists its lines by kind, in
 * this order: what is downloaded, what is shipped, the gift card, the
 * one-time gifts to the ministry, and what is charged again (the plan,
 * monthly donations). Each line is in exactly one group.
 */
export const cartGroups = [
  { id: 'downloads', types: ['digital_album', 'digital_track'] },
  { id: 'toShip', types: shippedTypes },
  { id: 'giftCard', types: ['gift_card'] },
  { id: 'donations', types: ['donation'] },
  { id: 'recurring', types: ['subscription', 'recurring_donation'] },
] as const satisfies readonly { id: string; types: readonly SkuType[] }[];

export type CartGroupId = (typeof cartGroups)[number]['id'];

/** The groups that hold lines, each with its lines in cart order. */
export function groupLines(lines: readonly CartLine[]) {
  return cartGroups
    .map((group) => ({ id: group.id, lines: lines.filter((l) => (group.types as readonly SkuType[]).includes(l.type)) }))
    .filter((group) => group.lines.length > 0);
}
