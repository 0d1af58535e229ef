/**
 * The catalogue's words that are plain values, apart from its schemas (catalogue.ts): a storefront page that only needs
 * them (the shop's sort menu, the cart's quantity rule, an order line's kind) does not load zod (issue 46).
 */

/** Spec §3 Sku types. */
export const skuTypes = [
  'physical',
  'book',
  'digital_album',
  'digital_track',
  'gift_card',
  'recurring_donation',
  'subscription',
  'donation',
] as const;
type Type = (typeof skuTypes)[number];

/** Whether a type the server wrote is one the web knows (an order line of a newer kind shows as written). */
export const isSkuType = (v: string): v is Type => skuTypes.some((t) => t === v);

/** Gifts to the ministry rather than things sold: what the reports count as gifts, and receipts list apart. */
export const giftTypes: readonly Type[] = ['donation', 'recurring_donation'];

/** Lines whose quantity may change in the cart (spec §2 Cart: physical and book). */
export const quantityEditableTypes: readonly Type[] = ['physical', 'book'];

/**
 * The orders the shop offers beside its own (newest first, or the best
 * match while searching): newest, title A-Z, shortest first, price low to
 * high and high to low (a product's price: its cheapest way to buy).
 */
export const productSorts = ['newest', 'title', 'length', 'price_low', 'price_high'] as const;
