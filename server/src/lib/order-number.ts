import { randomBytes } from 'node:crypto';

/**
 * The 32 characters of an order number: digits and capitals without 0, O, 1
 * and I, which a family reading it aloud or typing it from a receipt mixes up.
 * 32 = 2^5, so each character is five random bits with no bias.
 */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** SH-7K4Q-2M: what the family reads, says and types (see newOrderNumber). */
export const ORDER_NUMBER_PATTERN = /^SH-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/;

/**
 * A new order's number, such as `SH-7K4Q-2M` (issue 27 item 8): the one
 * place order numbers are made, stored whole in `orders.number` (unique) on
 * insert, and shown as stored by My orders, the confirmation page and every
 * e-mail about the order. The id stays internal: a small sequential integer
 * would tell a family how many orders the ministry takes and let them guess
 * another's. Thirty random bits: a billion numbers, so a guess almost never
 * names an order (and the server still answers only its owner).
 */
export function newOrderNumber(random: (size: number) => Uint8Array = randomBytes): string {
  const chars = Array.from(random(6), (byte) => ORDER_NUMBER_ALPHABET[byte & 31]).join('');
  return `SH-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
