import { describe, expect, it } from 'vitest';
import { newOrderNumber, ORDER_NUMBER_ALPHABET, ORDER_NUMBER_PATTERN } from './order-number';

describe('newOrderNumber', () => {
  it('reads SH-XXXX-XX, with no 0, O, 1 or I', () => {
    for (let i = 0; i < 200; i++) {
      const n = newOrderNumber();
      expect(n).toMatch(ORDER_NUMBER_PATTERN);
      expect(n.slice(3)).not.toMatch(/[01OI]/);
    }
  });

  it('uses every character of the alphabet, one per five random bits', () => {
    expect(ORDER_NUMBER_ALPHABET).toHaveLength(32);
    expect(newOrderNumber(() => Uint8Array.from([0, 1, 2, 3, 30, 31]))).toBe('SH-2345-YZ');
    expect(newOrderNumber(() => Uint8Array.from([32, 33, 255, 7, 8, 9]))).toBe('SH-23Z9-AB');
  });

  it('is not the same twice in a thousand', () => {
    expect(new Set(Array.from({ length: 1000 }, () => newOrderNumber())).size).toBe(1000);
  });
});
