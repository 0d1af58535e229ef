import { COUNTRY_ID } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { regionKind } from './country-region-fields';

describe('regionKind (spec §5 State/province)', () => {
  it('asks for a US state or a Canadian province from a list, a free-text region elsewhere', () => {
    expect(regionKind(COUNTRY_ID.unitedStates)).toBe('state');
    expect(regionKind(COUNTRY_ID.canada)).toBe('province');
    expect(regionKind(COUNTRY_ID.puertoRico)).toBe('region');
    expect(regionKind(null)).toBe('region');
  });
});
