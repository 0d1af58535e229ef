import { describe, expect, it } from 'vitest';
import { ageBandAtMost, ageBandYears, isAgeBand } from './age-band';
import { albumMinutes } from './catalogue';

describe('ageBandAtMost', () => {
  it("allows an album for everyone, or for the child's band or a younger one, never an older one", () => {
    expect(ageBandAtMost(null, '0-2')).toBe(true);
    expect(ageBandAtMost('0-2', '6-8')).toBe(true);
    expect(ageBandAtMost('6-8', '6-8')).toBe(true);
    expect(ageBandAtMost('9-12', '6-8')).toBe(false);
    expect(ageBandAtMost('3-5', '0-2')).toBe(false);
  });
});

describe('age bands', () => {
  it('knows only its four bands, and their years', () => {
    expect(['0-2', '9-12', '4-6', '', null].map(isAgeBand)).toEqual([true, true, false, false, false]);
    expect(ageBandYears('9-12')).toEqual({ from: 9, to: 12 });
  });
});

describe('albumMinutes', () => {
  it('rounds to whole minutes, at least one for a recording, none without', () => {
    expect([albumMinutes(99), albumMinutes(2519), albumMinutes(20), albumMinutes(0), albumMinutes(null)]).toEqual([
      2,
      42,
      1,
      null,
      null,
    ]);
  });
});
