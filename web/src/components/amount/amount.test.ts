import { describe, expect, it } from 'vitest';
import { amountOf, amountProblem, choosePreset, noAmount, parseAmount, typeAmount } from './amount';

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
    expect(parseAmount(text, 500)).toEqual({ amount });
  });

  it.each(['abc', '', '0', '-5', '0.004', '1e9', 'NaN', 'Infinity', '1,000.00', '12.5.1', '$5'])('refuses %j', (text) => {
    expect(parseAmount(text, 500)).toEqual({ problem: 'invalid' });
  });

  it('refuses an amount above the limit', () => {
    expect(parseAmount('500.01', 500)).toEqual({ problem: 'tooBig' });
    expect(parseAmount('500', 500)).toEqual({ amount: 500 });
  });
});

describe('the amount choice (spec §4 Donation amount)', () => {
  it('toggles a preset: choosing it again clears the amount to 0', () => {
    const chosen = choosePreset(noAmount, 50);
    expect(amountOf(chosen, 100)).toBe(50);
    expect(amountOf(choosePreset(chosen, 50), 100)).toBe(0);
    expect(amountOf(choosePreset(chosen, 25), 100)).toBe(25);
  });

  it('clears the preset when an amount is typed, and the typed amount when a preset is chosen', () => {
    const typed = typeAmount('35');
    expect(typed.preset).toBeNull();
    expect(amountOf(typed, 100)).toBe(35);
    expect(choosePreset(typed, 25)).toEqual({ preset: 25, other: '' });
  });

  it('counts a typed amount it refuses as 0, with its problem', () => {
    expect(amountOf(typeAmount('abc'), 100)).toBe(0);
    expect(amountProblem(typeAmount('abc'), 100)).toBe('invalid');
    expect(amountProblem(typeAmount('101'), 100)).toBe('tooBig');
    expect(amountProblem(typeAmount(''), 100)).toBeUndefined();
    expect(amountProblem(choosePreset(noAmount, 25), 100)).toBeUndefined();
  });
});
