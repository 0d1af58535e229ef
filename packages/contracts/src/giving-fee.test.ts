import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverFeeCents, DEFAULT_FEE_RULE, MAX_FEE_FIXED_CENTS, MAX_FEE_PERCENT_BP, processorFeeCents } from './giving-fee';

describe('covering the fee (decision 067)', () => {
  it.each([
    // gift cents, added cents under 2.9 % + 30¢
    [100, 34],
    [1000, 61],
    [2500, 106],
    [5000, 181],
    [10_000, 330],
    [10_000_000, 298_693],
  ])('a gift of %i cents adds %i cents under the default rule', (gift, added) => {
    expect(coverFeeCents(gift, DEFAULT_FEE_RULE)).toBe(added);
    expect(gift + added - processorFeeCents(gift + added, DEFAULT_FEE_RULE)).toBeGreaterThanOrEqual(gift);
  });

  it('adds only the fixed part without a percentage, nothing without a fee, nothing to no gift', () => {
    expect(coverFeeCents(1000, { percent_bp: 0, fixed_cents: 30 })).toBe(30);
    expect(coverFeeCents(1000, { percent_bp: 0, fixed_cents: 0 })).toBe(0);
    expect(coverFeeCents(0, DEFAULT_FEE_RULE)).toBe(0);
  });

  it('rounds the percentage up, so an exact cent needs no extra one', () => {
    // 10 % of 1000 is exactly 100; 1000 + 112 = 1112, 10 % is 111.2 → 112.
    expect(processorFeeCents(1000, { percent_bp: 1000, fixed_cents: 0 })).toBe(100);
    expect(coverFeeCents(1000, { percent_bp: 1000, fixed_cents: 0 })).toBe(112);
  });

  it('is always the smallest whole number of cents that leaves the whole gift', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: MAX_FEE_PERCENT_BP }),
        fc.integer({ min: 0, max: MAX_FEE_FIXED_CENTS }),
        (gift, percent_bp, fixed_cents) => {
          const rule = { percent_bp, fixed_cents };
          const added = coverFeeCents(gift, rule);
          expect(Number.isInteger(added)).toBe(true);
          expect(gift + added - processorFeeCents(gift + added, rule)).toBeGreaterThanOrEqual(gift);
          if (added > 0) expect(gift + added - 1 - processorFeeCents(gift + added - 1, rule)).toBeLessThan(gift);
        },
      ),
    );
  });
});
