import { describe, expect, it } from 'vitest';
import { isOnSale, priceCents } from './pricing';

describe('price of a sku (spec §3: the lower of full and sale price)', () => {
  it('is the full price without a sale price', () => {
    expect(priceCents({ full_price_cents: 999, sale_price_cents: null })).toBe(999);
    expect(isOnSale({ full_price_cents: 999, sale_price_cents: null })).toBe(false);
  });

  it('is the sale price when it is lower', () => {
    expect(priceCents({ full_price_cents: 999, sale_price_cents: 799 })).toBe(799);
    expect(isOnSale({ full_price_cents: 999, sale_price_cents: 799 })).toBe(true);
  });

  it('stays the full price when the sale price is not lower', () => {
    expect(priceCents({ full_price_cents: 999, sale_price_cents: 999 })).toBe(999);
    expect(priceCents({ full_price_cents: 999, sale_price_cents: 1299 })).toBe(999);
    expect(isOnSale({ full_price_cents: 999, sale_price_cents: 1299 })).toBe(false);
  });

  it('may be free', () => {
    expect(priceCents({ full_price_cents: 99, sale_price_cents: 0 })).toBe(0);
  });
});
