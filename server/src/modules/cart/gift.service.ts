import { type Gift, giftCardsOnly } from '@storyhouse/contracts';
import { AppError } from '../../lib/errors';
import type { CartRow } from './cart.repository';

/**
 * Spec §5 Gift vs subscription: a subscription is the buyer's own plan and
 * cannot go in a gift order. The one rule behind marking a gift (refused
 * while the cart holds one), every line change of a gift cart (refused when
 * it would bring one in) and the login merge (which drops the mark).
 */
export const holdsSubscription = (lines: readonly { type: string }[]) => lines.some((l) => l.type === 'subscription');

/** Throws the refusal (409 gift_with_subscription) when these lines cannot be a gift order. */
export function assertGiftable(lines: readonly { type: string }[]) {
  if (holdsSubscription(lines)) throw new AppError('conflict', 'gift_with_subscription');
}

/**
 * Marking a cart a gift: what assertGiftable refuses, and a cart of gift
 * cards only (409 gift_of_gift_cards, issue 27 item 7). Only when marking:
 * a gift cart whose other lines are removed keeps its mark, to be removed.
 */
export function assertMarkable(lines: readonly { type: string }[]) {
  assertGiftable(lines);
  if (giftCardsOnly(lines)) throw new AppError('conflict', 'gift_of_gift_cards');
}

/**
 * Spec §3 Gift as the cart total shows it; null when the order is not a gift.
 * Checkout reads it here to send the order's downloads to the recipient (checkout issue).
 */
export function giftOf(cart: Pick<CartRow, 'gift_name' | 'gift_email' | 'gift_message'>): Gift | null {
  if (cart.gift_name === null || cart.gift_email === null) return null;
  return { name: cart.gift_name, email: cart.gift_email, message: cart.gift_message ?? '' };
}
