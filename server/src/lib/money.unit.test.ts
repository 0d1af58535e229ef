import { describe, expect, it } from 'vitest';
import { toUsd } from './money';

describe('toUsd', () => {
  it('turns cents into dollars with 2 decimals', () => {
    expect([toUsd(1299), toUsd(7999), toUsd(5), toUsd(0)]).toEqual([12.99, 79.99, 0.05, 0]);
  });
});
