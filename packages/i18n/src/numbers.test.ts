import { describe, expect, it } from 'vitest';
import type { LangCode } from './index';
import { formatNumber, formatUsd } from './numbers';

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

describe('formatNumber writes numbers as Intl.NumberFormat does with its defaults', () => {
  // Counts, speeds (0.75, 1.25), and decimals Intl rounds to three places.
  const numbers = [
    ...[0, 1, 7, 42, 999, 1000, 4321, 9999, 10000, 54321, 100000, 1234567, -1, -1000, -12345],
    ...[0.5, 0.75, 1.25, 1.5, 1.75, 2, 1.0005, 2.0004, 0.0004, -0.0004, -0.0005, 1234.5678, 99999.9999, -1.23456],
    ...withMoreDecimals,
    ...withMoreDecimals.map((n) => -n / 7),
  ];
  for (const lang of langs) {
    it(lang, () => {
      const intl = new Intl.NumberFormat(lang);
      for (const n of numbers) {
        const written = formatNumber(lang, n);
        if (written !== undefined) expect(written, String(n)).toBe(intl.format(n));
      }
      // It writes all of the above but -0 and those in exponent form.
      const left = numbers.filter((n) => formatNumber(lang, n) === undefined && !Object.is(n, -0) && !String(n).includes('e'));
      expect(left).toEqual([]);
    });
  }

  it('answers undefined for what Intl writes its own way, for Intl to write', () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 60, 1e-7]) expect(formatNumber('en', n)).toBeUndefined();
  });
});
