import { describe, expect, it } from 'vitest';
import { isWholeCents, roundedUsdAmount, roundToCents, typedUsdAmount, usdAmount } from './amounts';
import { issueMessage } from './validation';

const messageOf = (result: { success: boolean; error?: { issues: Parameters<typeof issueMessage>[0][] } }) =>
  result.success ? undefined : issueMessage(result.error?.issues[0] as Parameters<typeof issueMessage>[0]);

const CENT_TO_500 = { min: 0.01, max: 500 };
const ONE_TO_100 = { min: 1, max: 100 };

describe('an amount in a request (usdAmount)', () => {
  it('takes whole cents from the minimum up to the maximum', () => {
    for (const ok of [0.01, 0.1, 0.2, 0.3, 10.55, 19.99, 500]) expect(usdAmount(CENT_TO_500).safeParse(ok).success).toBe(true);
    for (const ok of [1, 1.01, 100]) expect(usdAmount(ONE_TO_100).safeParse(ok).success).toBe(true);
  });

  it.each([
    [0, 'validation.amountMin'],
    [-5, 'validation.amountMin'],
    [500.01, 'validation.tooBig'],
    [10.555, 'validation.wholeCents'],
    ['25', 'validation.invalid'],
    [Number.NaN, 'validation.invalid'],
  ])('refuses %j (%s)', (amount, key) => {
    expect(messageOf(usdAmount(CENT_TO_500).safeParse(amount, { reportInput: true }))?.key).toBe(key);
  });

  it('refuses less than the minimum with a message naming it (issue 26 item 10: $0.99 when the smallest is $1)', () => {
    for (const small of [0.99, 0.5, 0.01]) {
      expect(messageOf(usdAmount(ONE_TO_100).safeParse(small))).toEqual({ key: 'validation.amountMin', values: { min: 1 } });
    }
  });

  it('reads binary fractions of cents as the cents they are', () => {
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(1.005)).toBe(false);
  });
});

describe('rounding to the cent (spec §5 Gift card, Donation)', () => {
  it.each([
    [12.345, 12.35],
    [1.005, 1.01],
    [10.555, 10.56],
    [0.994, 0.99],
    [19.99, 19.99],
    [100_000, 100_000],
  ])('rounds %d to %d, halves up', (usd, cents) => {
    expect(roundToCents(usd)).toBe(cents);
  });
});

describe('an amount the family chose, in a request (roundedUsdAmount)', () => {
  it('takes a third decimal rounded to the cent rather than refusing it', () => {
    expect(roundedUsdAmount(ONE_TO_100).parse(12.345)).toBe(12.35);
    expect(roundedUsdAmount(ONE_TO_100).parse(0.995)).toBe(1);
  });

  it.each([
    [0.994, 'validation.amountMin'],
    [0, 'validation.amountMin'],
    [100.005, 'validation.tooBig'],
    ['25', 'validation.invalid'],
    [Number.NaN, 'validation.invalid'],
  ])('refuses %j (%s) once rounded', (amount, key) => {
    expect(messageOf(roundedUsdAmount(ONE_TO_100).safeParse(amount, { reportInput: true }))?.key).toBe(key);
  });
});

describe('an amount typed in a form (typedUsdAmount)', () => {
  it.each([
    ['25', 25],
    [' 12.345 ', 12.35],
    ['7,5', 7.5],
    ['0.999', 1],
    ['100', 100],
    ['12,50', 12.5],
    ['.5', 0.5],
    ['7.', 7],
    ['10.555', 10.56],
    ['0.005', 0.01],
    ['1.005', 1.01],
  ])('reads %j as %d, rounded to the cent', (typed, amount) => {
    expect(typedUsdAmount({ min: 0.01, max: 100 }).parse(typed)).toBe(amount);
  });

  it.each([
    ['', 'validation.required'],
    ['abc', 'validation.invalid'],
    ['1,000', 'validation.invalid'],
    ['0.004', 'validation.amountMin'],
    ['-3', 'validation.amountMin'],
    ['100.01', 'validation.tooBig'],
    ['0', 'validation.amountMin'],
    ['0.99', 'validation.amountMin'],
    ['1e9', 'validation.invalid'],
    ['1,000.00', 'validation.invalid'],
    ['10,555', 'validation.invalid'],
    ['12.5.1', 'validation.invalid'],
    ['NaN', 'validation.invalid'],
    ['Infinity', 'validation.invalid'],
    ['+5', 'validation.invalid'],
    ['$5', 'validation.invalid'],
    ['0x10', 'validation.invalid'],
  ])('refuses %j (%s)', (typed, key) => {
    expect(messageOf(typedUsdAmount(ONE_TO_100).safeParse(typed))?.key).toBe(key);
  });
});
