import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardProblems,
  cvcLength,
  emptyCard,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
  partFinished,
} from './card-rules';

// The card provider's documented test numbers (issue 13 item 1).
const visa = '4242424242424242';
const amex = '378282246310005';
const now = new Date(2030, 5, 15); // June 2030

describe('cardBrand', () => {
  it.each([
    [visa, 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    [amex, 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('reads the brand from the first digits, spaces and all', () => {
    expect(cardBrand('4')).toBe('visa');
    expect(cardBrand('37')).toBe('amex');
    expect(cardBrand('5555 5555')).toBe('mastercard');
  });
});

describe('luhnValid', () => {
  it('passes the test cards and fails a mistyped digit', () => {
    expect(luhnValid(visa)).toBe(true);
    expect(luhnValid('4000 0000 0000 0002')).toBe(true);
    expect(luhnValid('4000 0027 6000 3184')).toBe(true);
    expect(luhnValid(amex)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('formatCardNumber', () => {
  it('groups 4-4-4-4, American Express 4-6-5', () => {
    expect(formatCardNumber(visa)).toBe('4242 4242 4242 4242');
    expect(formatCardNumber(amex)).toBe('3782 822463 10005');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('3782822')).toBe('3782 822');
  });

  it('drops what is not a digit and stops at the brand’s length', () => {
    expect(formatCardNumber('4242-4242 x4242 42424242 99')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber(`${amex}1234`)).toBe('3782 822463 10005');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('expiry', () => {
  it('shows MM / YY as it is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12/345')).toBe('12 / 34');
  });

  it('lets a Backspace take the separator away', () => {
    expect(formatExpiry('12 /', true)).toBe('12');
  });

  it('reads month and year', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('1234')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('12 / 3')).toBeUndefined();
    expect(parseExpiry('')).toBeUndefined();
  });
});

describe('cvcLength', () => {
  it('is 4 for American Express, 3 for the others', () => {
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
    expect(cvcLength('unknown')).toBe(3);
  });
});

describe('cardProblems', () => {
  const good = { number: visa, expiry: '12 / 34', cvc: '123', name: 'Rosa Tester' };

  it('finds nothing wrong with a good card', () => {
    expect(cardProblems(good, now)).toEqual({});
    expect(cardProblems({ ...good, number: amex, cvc: '1234' }, now)).toEqual({});
  });

  it('asks for every part of an empty card', () => {
    expect(cardProblems(emptyCard, now)).toEqual({
      number: 'validation.required',
      expiry: 'validation.required',
      cvc: 'validation.required',
      name: 'validation.required',
    });
  });

  it('tells an unfinished number from a mistyped one', () => {
    expect(cardProblems({ ...good, number: '4242 4242' }, now).number).toBe('payment.card.numberIncomplete');
    expect(cardProblems({ ...good, number: '4242424242424241' }, now).number).toBe('payment.card.numberIncorrect');
  });

  it('refuses a past or impossible expiry; the current month still counts', () => {
    expect(cardProblems({ ...good, expiry: '05 / 30' }, now).expiry).toBe('payment.card.expiryPast');
    expect(cardProblems({ ...good, expiry: '06 / 30' }, now).expiry).toBeUndefined();
    expect(cardProblems({ ...good, expiry: '13 / 34' }, now).expiry).toBe('payment.card.expiryMonth');
    expect(cardProblems({ ...good, expiry: '1' }, now).expiry).toBe('payment.card.expiryIncomplete');
  });

  it('wants 4 security digits for American Express', () => {
    expect(cardProblems({ ...good, number: amex, cvc: '123' }, now).cvc).toBe('payment.card.cvcIncomplete');
    expect(cardProblems({ ...good, cvc: '12' }, now).cvc).toBe('payment.card.cvcIncomplete');
  });

  it('wants a name', () => {
    expect(cardProblems({ ...good, name: '  ' }, now).name).toBe('validation.required');
  });
});

describe('partFinished', () => {
  it('is true once a part has all its digits', () => {
    expect(partFinished('number', { ...emptyCard, number: '4242 4242 4242 424' })).toBe(false);
    expect(partFinished('number', { ...emptyCard, number: visa })).toBe(true);
    expect(partFinished('expiry', { ...emptyCard, expiry: '12 / 3' })).toBe(false);
    expect(partFinished('expiry', { ...emptyCard, expiry: '12 / 34' })).toBe(true);
    expect(partFinished('cvc', { ...emptyCard, number: amex, cvc: '123' })).toBe(false);
    expect(partFinished('cvc', { ...emptyCard, number: amex, cvc: '1234' })).toBe(true);
  });
});
