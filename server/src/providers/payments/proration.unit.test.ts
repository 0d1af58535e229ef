import { describe, expect, it } from 'vitest';
import { unusedCents } from './proration';

const start = new Date('2026-01-01T00:00:00Z');
const end = new Date('2026-01-31T00:00:00Z');

describe('unusedCents', () => {
  it('credits the days left of a paid period, rounded down to the cent', () => {
    expect(unusedCents(900, start, end, new Date('2026-01-16T00:00:00Z'))).toBe(450);
    expect(unusedCents(1000, start, end, new Date('2026-01-21T00:00:00Z'))).toBe(333);
  });

  it('never credits more than was paid nor less than nothing', () => {
    expect(unusedCents(900, start, end, new Date('2025-12-01T00:00:00Z'))).toBe(900);
    expect(unusedCents(900, start, end, end)).toBe(0);
    expect(unusedCents(900, start, end, new Date('2026-03-01T00:00:00Z'))).toBe(0);
    expect(unusedCents(900, end, start, new Date('2026-01-10T00:00:00Z'))).toBe(0);
  });
});
