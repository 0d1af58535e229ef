/**
 * Prices, in one place. The catalogue stores integer cents; the API speaks
 * US dollars with 2 decimals (spec §9). A sku's price is the lower of its
 * full and sale price (spec §3).
 */
export interface PricedSku {
  full_price_cents: number;
  sale_price_cents: number | null;
}

export function priceCents(sku: PricedSku): number {
  return sku.sale_price_cents !== null && sku.sale_price_cents < sku.full_price_cents
    ? sku.sale_price_cents
    : sku.full_price_cents;
}

export function isOnSale(sku: PricedSku): boolean {
  return priceCents(sku) < sku.full_price_cents;
}

/** Spec §9: a subscription plan's price a month; the annual plan's is its price / 12, rounded to the cent. */
export function monthlyPriceCents(plan: 'monthly' | 'annual', cents: number): number {
  return plan === 'annual' ? Math.round(cents / 12) : cents;
}
