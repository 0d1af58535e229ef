import { describe, expect, it } from 'vitest';
import { amountOf, amountProblem, choosePreset, noAmount, parseAmount, typeAmount } from './amount';

const UP_TO_500 = { min: 0.01, max: 500 };
const ONE_TO_100 = { min: 1, max: 100 };

describe('parseAmount', () => {
  it.each([
    ['25', 25],
    [' 12.5 ', 12.5],
    ['10.555', 10.56],
    ['12,50', 12.5],
    ['.5', 0.5],
    ['7.', 7],
    ['0.005', 0.01],
  ])('takes %j as %d dollars', (text, amount) => {
    expect(parseAmount(text, UP_TO_500)).toEqual({ amount });
  });

  it.each(['abc', '', '1e9', 'NaN', 'Infinity', '1,000.00', '12.5.1', '$5'])('refuses %j', (text) => {
    expect(parseAmount(text, UP_TO_500)).toEqual({ problem: 'invalid' });
  });

  it.each(['0', '-5', '0.004'])('refuses %j as too small', (text) => {
    expect(parseAmount(text, UP_TO_500)).toEqual({ problem: 'tooSmall' });
  });

  it('refuses an amount below the minimum (issue 26 item 10: $1) or above the limit', () => {
    expect(parseAmount('0.99', ONE_TO_100)).toEqual({ problem: 'tooSmall' });
    expect(parseAmount('0,5', ONE_TO_100)).toEqual({ problem: 'tooSmall' });
    expect(parseAmount('1', ONE_TO_100)).toEqual({ amount: 1 });
    expect(parseAmount('500.01', UP_TO_500)).toEqual({ problem: 'tooBig' });
    expect(parseAmount('500', UP_TO_500)).toEqual({ amount: 500 });
  });
});

describe('the amount choice (spec §4 Donation amount)', () => {
  it('toggles a preset: choosing it again clears the amount to 0', () => {
    const chosen = choosePreset(noAmount, 50);
    expect(amountOf(chosen, ONE_TO_100)).toBe(50);
    expect(amountOf(choosePreset(chosen, 50), ONE_TO_100)).toBe(0);
    expect(amountOf(choosePreset(chosen, 25), ONE_TO_100)).toBe(25);
  });

  it('clears the preset when an amount is typed, and the typed amount when a preset is chosen', () => {
    const typed = typeAmount('35');
    expect(typed.preset).toBeNull();
    expect(amountOf(typed, ONE_TO_100)).toBe(35);
    expect(choosePreset(typed, 25)).toEqual({ preset: 25, other: '' });
  });

  it('counts a typed amount it refuses as 0, with its problem', () => {
    expect(amountOf(typeAmount('abc'), ONE_TO_100)).toBe(0);
    expect(amountProblem(typeAmount('abc'), ONE_TO_100)).toBe('invalid');
    expect(amountProblem(typeAmount('101'), ONE_TO_100)).toBe('tooBig');
    expect(amountOf(typeAmount('0.25'), ONE_TO_100)).toBe(0);
    expect(amountProblem(typeAmount('0.25'), ONE_TO_100)).toBe('tooSmall');
    expect(amountProblem(typeAmount(''), ONE_TO_100)).toBeUndefined();
    expect(amountProblem(choosePreset(noAmount, 25), ONE_TO_100)).toBeUndefined();
  });
});
