import { describe, expect, it } from 'vitest';
import { allocateDiscount, type TaxRate, taxCents, taxRateFor } from './tax';

const illinois: TaxRate = { state: 'IL', rate_ppm: 62_500, taxable_types: ['physical', 'book'] };
const line = (type: string, cents: number) => ({ type, cents });

describe('which tax rate applies (issue 12 item 7)', () => {
  it("takes the state's rate, else the whole country's, else none", () => {
    const country: TaxRate = { state: null, rate_ppm: 50_000, taxable_types: ['physical'] };
    expect(taxRateFor([illinois, country], 'IL')).toBe(illinois);
    expect(taxRateFor([illinois, country], 'WI')).toBe(country);
    expect(taxRateFor([illinois], 'WI')).toBeUndefined();
  });
});

describe("the coupon's discount shared among the lines", () => {
  it('shares it pro rata among the discountable lines, in cents that add up exactly', () => {
    const lines = [line('physical', 1299), line('book', 1500), line('digital_album', 999), line('gift_card', 2500)];
    const shares = allocateDiscount(lines, 380);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(380);
    expect(shares[3]).toBe(0);
    // 380 × 1299/3798 = 129.97 → 130; 380 × 1500/3798 = 150.08 → 150; 380 × 999/3798 = 99.95 → 100
    expect(shares).toEqual([130, 150, 100, 0]);
  });

  it('gives the left-over cents to the largest remainders, the earlier line on a tie', () => {
    expect(allocateDiscount([line('book', 100), line('book', 100), line('book', 100)], 100)).toEqual([34, 33, 33]);
    expect(allocateDiscount([line('book', 100)], 0)).toEqual([0]);
    expect(allocateDiscount([line('donation', 100)], 50)).toEqual([0]);
  });
});

describe('what tax comes to', () => {
  it('taxes the taxable types only, after their share of the discount, rounded half up once', () => {
    const lines = [line('physical', 1299), line('book', 1500), line('digital_album', 999), line('subscription', 900)];
    // no coupon: (1299 + 1500) × 6.25% = 174.9375 → 175
    expect(taxCents(lines, 0, illinois)).toBe(175);
    // 10% of 3798 = 380 off; the CD and book carry 130 + 150 → (2799 − 280) × 6.25% = 157.4375 → 157
    expect(taxCents(lines, 380, illinois)).toBe(157);
  });

  it('rounds half a cent up', () => {
    // 808 × 6.25% = 50.5 → 51
    expect(taxCents([line('book', 808)], 0, illinois)).toBe(51);
    // 792 × 6.25% = 49.5 → 50
    expect(taxCents([line('book', 792)], 0, illinois)).toBe(50);
  });

  it('is 0 without a rate, on untaxed types, and on a free order', () => {
    expect(taxCents([line('book', 1000)], 0, undefined)).toBe(0);
    expect(taxCents([line('digital_album', 999), line('gift_card', 2500), line('donation', 5000)], 0, illinois)).toBe(0);
    expect(taxCents([line('book', 1000)], 1000, illinois)).toBe(0);
  });

  it('taxes what the rate names, digital goods included when it says so', () => {
    const rate: TaxRate = { state: null, rate_ppm: 68_750, taxable_types: ['physical', 'digital_album'] };
    // (1000 + 1000) × 6.875% = 137.5 → 138
    expect(taxCents([line('physical', 1000), line('digital_album', 1000), line('book', 1000)], 0, rate)).toBe(138);
  });
});
