import { describe, expect, it } from 'vitest';
import { addressLine } from './address-line';

describe('addressLine (issue 46: a billing address given before, on one line)', () => {
  const springfield = { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' };

  it('reads as on an envelope in the United States', () => {
    expect(addressLine(springfield)).toBe('1 Main St, Springfield, IL 62701');
  });

  it('names the country after it elsewhere', () => {
    expect(addressLine({ line1: '5 Oak Ave', city: 'Ottawa', state: 'ON', postal_code: 'K1A 0B1' }, 'Canadá')).toBe(
      '5 Oak Ave, Ottawa, ON K1A 0B1, Canadá',
    );
  });
});
