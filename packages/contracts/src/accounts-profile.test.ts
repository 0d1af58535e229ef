import { describe, expect, it } from 'vitest';
import { CANADIAN_PROVINCES, LOCALIZED_STATE_NAMES, stateName, US_STATES } from './accounts-profile';

describe('localized state and province names', () => {
  const codes = [...US_STATES, ...CANADIAN_PROVINCES].map(([code]) => code);

  it('name every US state, DC and Canadian province in each language, and nothing else', () => {
    expect(new Set(codes).size).toBe(64);
    for (const names of Object.values(LOCALIZED_STATE_NAMES)) {
      expect(Object.keys(names).sort()).toEqual([...codes].sort());
      expect(Object.values(names).every((n) => n.trim() !== '')).toBe(true);
    }
  });

  it("give the site language's name, and the English name on the English site", () => {
    expect(stateName('es', 'BC', 'British Columbia')).toBe('Columbia Británica');
    expect(stateName('ru', 'NY', 'New York')).toBe('Нью-Йорк');
    expect(stateName('en', 'NY', 'New York')).toBe('New York');
    expect(stateName('ru', 'XX', 'Elsewhere')).toBe('Elsewhere');
  });
});
