import { describe, expect, it } from 'vitest';
import {
  behaviourOf,
  type CardDetails,
  checkCardDetails,
  cvcValid,
  detectBrand,
  expiryValid,
  luhnValid,
  storedBehaviour,
  testCardBehaviour,
} from './test-cards';

const NOW = new Date('2026-05-15T12:00:00Z');
const card = (number: string, over: Partial<CardDetails> = {}): CardDetails => ({
  number,
  exp_month: 12,
  exp_year: 2030,
  cvc: detectBrand(number) === 'amex' ? '1234' : '123',
  ...over,
});

describe('luhnValid', () => {
  it('accepts numbers whose check digit holds and refuses one digit off', () => {
    for (const n of ['4242424242424242', '378282246310005', '36227206271667', '6200000000000005', '79927398713']) {
      expect(luhnValid(n), n).toBe(true);
    }
    for (const n of ['4242424242424241', '4242424242424243', '79927398710', '1234567812345678', '', '42424242x4242424']) {
      expect(luhnValid(n), n).toBe(false);
    }
  });
});

describe('detectBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['6445000000000000', 'discover'],
    ['6490000000000000', 'discover'],
    ['3056930009020004', 'diners'],
    ['30000000000004', 'diners'],
    ['36227206271667', 'diners'],
    ['38000000000006', 'diners'],
    ['3528000000000007', 'jcb'],
    ['3589000000000003', 'jcb'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['5000000000000009', 'unknown'],
    ['2220990000000000', 'unknown'],
    ['2721000000000000', 'unknown'],
    ['3060000000000000', 'unknown'],
    ['3527000000000000', 'unknown'],
    ['6430000000000000', 'unknown'],
    ['1234567812345670', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });
});

describe('cvcValid', () => {
  it('wants 4 digits for amex and 3 for the others', () => {
    expect(cvcValid('amex', '1234')).toBe(true);
    expect(cvcValid('amex', '123')).toBe(false);
    expect(cvcValid('visa', '123')).toBe(true);
    expect(cvcValid('visa', '1234')).toBe(false);
    expect(cvcValid('diners', '12a')).toBe(false);
  });
});

describe('expiryValid', () => {
  it('holds through the last day of the expiry month, in UTC', () => {
    expect(expiryValid(5, 2026, NOW)).toBe(true);
    expect(expiryValid(4, 2026, NOW)).toBe(false);
    expect(expiryValid(12, 2025, NOW)).toBe(false);
    expect(expiryValid(1, 2027, NOW)).toBe(true);
    expect(expiryValid(5, 2026, new Date('2026-05-31T23:59:59Z'))).toBe(true);
    expect(expiryValid(5, 2026, new Date('2026-06-01T00:00:00Z'))).toBe(false);
  });
});

describe("Stripe's test numbers", () => {
  it('make the other brands succeed', () => {
    for (const n of [
      '4242424242424242',
      '4000056655665556',
      '5555555555554444',
      '2223003122003222',
      '5200828282828210',
      '378282246310005',
      '371449635398431',
      '6011111111111117',
      '3056930009020004',
      '36227206271667',
      '3566002020360505',
      '6200000000000005',
    ]) {
      expect(checkCardDetails(card(n), NOW), n).toEqual({
        ok: true,
        brand: detectBrand(n),
        last4: n.slice(-4),
        behaviour: { kind: 'succeeds' },
      });
      expect(detectBrand(n), n).not.toBe('unknown');
    }
  });

  it('give the documented declines, the card that fails once saved, and 3-D Secure', () => {
    expect(testCardBehaviour('4000000000000002')).toEqual({ kind: 'declines', code: 'card_declined' });
    expect(testCardBehaviour('4000000000009995')).toEqual({ kind: 'declines', code: 'insufficient_funds' });
    expect(testCardBehaviour('4000000000000069')).toEqual({ kind: 'declines', code: 'expired_card' });
    expect(testCardBehaviour('4000000000000127')).toEqual({ kind: 'declines', code: 'incorrect_cvc' });
    expect(testCardBehaviour('4000000000000119')).toEqual({ kind: 'declines', code: 'processing_error' });
    expect(testCardBehaviour('4000000000000341')).toEqual({ kind: 'charge_fails' });
    expect(testCardBehaviour('4000002760003184')).toEqual({ kind: 'requires_authentication' });
    expect(testCardBehaviour('4111111111111111')).toBeNull();
  });

  it('round-trip through the stored behaviour', () => {
    for (const n of ['4242424242424242', '4000000000009995', '4000000000000341', '4000002760003184']) {
      const b = testCardBehaviour(n);
      if (!b) throw new Error(n);
      expect(behaviourOf(storedBehaviour(b))).toEqual(b);
    }
    expect(() => behaviourOf('explodes')).toThrow();
  });
});

describe('checkCardDetails', () => {
  it('never tokenizes invalid details, naming the detail as Stripe.js does', () => {
    expect(checkCardDetails(card('4242424242424241'), NOW)).toEqual({ ok: false, field: 'number', code: 'incorrect_number' });
    expect(checkCardDetails(card('1234567812345670'), NOW)).toMatchObject({ ok: false, code: 'incorrect_number' });
    expect(checkCardDetails(card('4242424242424242', { exp_month: 4, exp_year: 2026 }), NOW)).toEqual({
      ok: false,
      field: 'exp_month',
      code: 'expired_card',
    });
    expect(checkCardDetails(card('4242424242424242', { cvc: '1234' }), NOW)).toEqual({
      ok: false,
      field: 'cvc',
      code: 'incorrect_cvc',
    });
    expect(checkCardDetails(card('378282246310005', { cvc: '123' }), NOW)).toMatchObject({ ok: false, code: 'incorrect_cvc' });
  });

  it('declines a valid number that is not a test number, as Stripe test mode does with a real card', () => {
    expect(checkCardDetails(card('4111111111111111'), NOW)).toEqual({ ok: false, field: 'number', code: 'card_declined' });
  });
});
