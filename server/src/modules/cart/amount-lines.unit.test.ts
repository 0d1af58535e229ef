import { describe, expect, it } from 'vitest';
import { MIN_CHARGE_CENTS } from '../../providers/payments/payment-provider';
import { balanceApplied } from './amount-lines';

describe('balanceApplied (issue 26 item 10)', () => {
  it('pays what the balance holds, at most what it may pay', () => {
    expect(balanceApplied(300, 999, 999)).toBe(300);
    expect(balanceApplied(5000, 999, 999)).toBe(999);
    // Shipping and tax are the card's: the balance pays the lines only.
    expect(balanceApplied(5000, 999, 1599)).toBe(999);
    expect(balanceApplied(0, 999, 999)).toBe(0);
  });

  it('never leaves the card less than it can charge: the balance covers less, the card pays the minimum', () => {
    expect(MIN_CHARGE_CENTS).toBe(50);
    expect(balanceApplied(979, 999, 999)).toBe(949);
    expect(balanceApplied(998, 999, 999)).toBe(949);
    expect(balanceApplied(950, 999, 999)).toBe(949);
    expect(balanceApplied(949, 999, 999)).toBe(949);
    // Lines the balance pays in full, shipping left to the card: $0.30 of shipping becomes $0.50 for the card.
    expect(balanceApplied(5000, 999, 1029)).toBe(979);
  });

  it('leaves an order under the minimum as it is when the balance cannot pay it all', () => {
    expect(balanceApplied(10, 30, 30)).toBe(10);
    expect(balanceApplied(30, 30, 30)).toBe(30);
  });
});
