import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_SAVE_CAP_SECONDS, heardSince } from './child-rules';

describe('time heard, from saved places', () => {
  it('is the forward distance since the last save, capped by the wall time since it', () => {
    expect(heardSince({ position: 10, at: 0 }, 25, 15_000)).toBe(15);
    expect(heardSince({ position: 10, at: 0 }, 600, 15_000)).toBe(15); // a jump ahead is not listening
    expect(heardSince({ position: 100, at: 0 }, 20, 60_000)).toBe(0); // back to the start
    expect(heardSince(null, 15, 0)).toBe(15);
    expect(heardSince(null, 3600, 0)).toBe(FIRST_SAVE_CAP_SECONDS);
  });

  it('is never negative, never more than the wall time, never more than the distance', () => {
    fc.assert(
      fc.property(fc.nat(86_400), fc.nat(86_400), fc.nat(10_000_000), (from, to, elapsedMs) => {
        const heard = heardSince({ position: from, at: 1_000 }, to, 1_000 + elapsedMs);
        expect(heard).toBeGreaterThanOrEqual(0);
        expect(heard).toBeLessThanOrEqual(elapsedMs / 1000);
        expect(heard).toBeLessThanOrEqual(Math.max(0, to - from));
      }),
    );
  });
});
