import { describe, expect, it } from 'vitest';
import type { LangCode } from './index';
import { formatUsd, formatWholeNumber } from './numbers';

const langs: LangCode[] = ['en', 'es', 'ru'];
const amounts = [
  0, 0.01, 0.05, 0.1, 0.5, 0.99, 1, 1.005, 2.675, 8, 9.99, 10.99, 22.98, 99.995, 100, 999.99, 999.995, 1000, 1234.5, 9999.99,
  10000, 12345.67, 99999.99, 100000, 123456.78, 1234567.89, 12345678.9, -0.01, -3, -999.99, -1234.5, -12345.67, -0.001,
];
// Every amount a storefront shows comes from cents: check a run of them too.
const fromCents = Array.from({ length: 400 }, (_, i) => (i * 7919) / 100);
// And amounts with more decimals than cents (a total divided by 12, a percentage of a price), rounded as Intl rounds.
let seed = 46;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const withMoreDecimals = Array.from(
  { length: 2000 },
  () => Math.round(random() * 10 ** (2 + Math.floor(random() * 7))) / 10 ** (1 + Math.floor(random() * 4)),
);

describe('formatUsd writes dollars exactly as Intl.NumberFormat does', () => {
  for (const lang of langs) {
    it(`in ${lang}, with cents`, () => {
      const intl = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' });
      for (const usd of [...amounts, ...fromCents, ...withMoreDecimals])
        expect(formatUsd(lang, usd), String(usd)).toBe(intl.format(usd));
    });
    it(`in ${lang}, in whole dollars`, () => {
      const intl = new Intl.NumberFormat(lang, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      });
      for (const usd of [0, 8, 12, 1000, 12000, 1234567, -5, -12000])
        expect(formatUsd(lang, usd, 0), String(usd)).toBe(intl.format(usd));
    });
  }

  it('leaves what is not a number to Intl', () => {
    expect(formatUsd('en', Number.NaN)).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(Number.NaN),
    );
  });
});

describe('formatWholeNumber writes counts as Intl.NumberFormat does', () => {
  for (const lang of langs) {
    it(lang, () => {
      const intl = new Intl.NumberFormat(lang);
      for (const n of [0, 1, 7, 42, 999, 1000, 4321, 9999, 10000, 54321, 100000, 1234567, -1, -1000, -12345]) {
        expect(formatWholeNumber(lang, n), String(n)).toBe(intl.format(n));
      }
    });
  }

  it('answers undefined for what is not a whole number, for Intl to write', () => {
    for (const n of [1.5, Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 60]) expect(formatWholeNumber('en', n)).toBeUndefined();
  });
});
