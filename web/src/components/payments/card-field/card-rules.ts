import type { CardBrand } from '@storyhouse/contracts';

/**
 * The card field's rules (spec §5 Payment, issue 13 item 1): which brand a
 * number is, how it is spaced, how long it and its security code are, the
 * Luhn check and the expiry. Pure, so the unit tests cover them; the server
 * checks the same card again when it makes the token.
 */

interface BrandRule {
  brand: Exclude<CardBrand, 'unknown'>;
  /** The number's first digits (the card provider's published ranges). */
  prefix: RegExp;
  /** The lengths a number of this brand may have; the last is the longest. */
  lengths: readonly number[];
  /** Where the spaces go in a number of this length (4-4-4-4, amex 4-6-5). */
  gaps: (length: number) => readonly number[];
  cvc: 3 | 4;
}

const fours = () => [4, 8, 12, 16] as const;
const fourSixFive = () => [4, 10] as const;

/** Checked in order: the more specific ranges first (Discover's 6011 and 65 before UnionPay's 62). */
const brands: readonly BrandRule[] = [
  { brand: 'amex', prefix: /^3[47]/, lengths: [15], gaps: fourSixFive, cvc: 4 },
  { brand: 'diners', prefix: /^3(?:0[0-59]|[689])/, lengths: [14, 16], gaps: (n) => (n === 14 ? [4, 10] : fours()), cvc: 3 },
  { brand: 'jcb', prefix: /^35(?:2[89]|[3-8])/, lengths: [16, 17, 18, 19], gaps: fours, cvc: 3 },
  { brand: 'discover', prefix: /^6(?:011|4[4-9]|5)/, lengths: [16, 17, 18, 19], gaps: fours, cvc: 3 },
  { brand: 'unionpay', prefix: /^62/, lengths: [16, 17, 18, 19], gaps: fours, cvc: 3 },
  { brand: 'mastercard', prefix: /^(?:5[1-5]|2(?:2(?:2[1-9]|[3-9])|[3-6]|7[01]|720))/, lengths: [16], gaps: fours, cvc: 3 },
  { brand: 'visa', prefix: /^4/, lengths: [16], gaps: fours, cvc: 3 },
];

/** A number of no known brand: any length a card may have (12 to 19), spaced in fours. */
const unknown = { lengths: [12, 13, 14, 15, 16, 17, 18, 19], gaps: fours, cvc: 3 } as const;

const ruleOf = (digits: string) => brands.find((b) => b.prefix.test(digits));

/** Only the digits of what was typed or pasted (spaces, dashes and anything else dropped). */
export const digitsOf = (input: string) => input.replace(/\D/g, '');

/** The brand of a card number as typed so far (its first digits decide), or 'unknown'. */
export const cardBrand = (input: string): CardBrand => ruleOf(digitsOf(input))?.brand ?? 'unknown';

const lengthsOf = (digits: string) => ruleOf(digits)?.lengths ?? unknown.lengths;

/** The most digits a number of this brand may have. */
export const maxNumberLength = (input: string) => {
  const lengths = lengthsOf(digitsOf(input));
  return lengths[lengths.length - 1] as number;
};

/** The length of the security code of a card of this brand (4 for American Express, else 3). */
export const cvcLength = (brand: CardBrand) => brands.find((b) => b.brand === brand)?.cvc ?? unknown.cvc;

/**
 * The number as the field shows it: its digits, at most as many as the
 * brand allows, grouped 4-4-4-4 (American Express 4-6-5, 14-digit Diners 4-6-4).
 */
export function formatCardNumber(input: string): string {
  const digits = digitsOf(input).slice(0, maxNumberLength(input));
  const gaps = (ruleOf(digits)?.gaps ?? unknown.gaps)(digits.length);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/** The Luhn checksum every card number passes (a mistyped digit fails it). */
export function luhnValid(input: string): boolean {
  const digits = digitsOf(input);
  if (digits.length === 0) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The expiry as the field shows it, MM / YY: a first digit above 1 is a
 * month of its own (4 → 04), and the separator comes once the month is
 * whole. `deleting` (a Backspace) lets the separator go with the month's
 * last digit instead of putting it back.
 */
export function formatExpiry(input: string, deleting = false): string {
  let digits = digitsOf(input);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The month and four-digit year of an expiry typed MM / YY (or MM/YYYY); undefined while incomplete. */
export function parseExpiry(input: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input.includes('/') ? input : formatExpiry(input));
  if (!match) return undefined;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/** The parts of the card field. */
export type CardPart = 'number' | 'expiry' | 'cvc' | 'name';
export type CardValues = Record<CardPart, string>;

export const emptyCard: CardValues = { number: '', expiry: '', cvc: '', name: '' };

/** A part's problem, as a catalog key. */
export type CardProblem =
  | 'validation.required'
  | 'payment.card.numberIncomplete'
  | 'payment.card.numberIncorrect'
  | 'payment.card.expiryIncomplete'
  | 'payment.card.expiryMonth'
  | 'payment.card.expiryPast'
  | 'payment.card.cvcIncomplete';

/**
 * What is wrong with each part of the card (nothing for a part that is
 * fine). A card is good through the last day of its expiry month, by the
 * visitor's clock (`now`); the server decides for good.
 */
export function cardProblems(values: CardValues, now: Date): Partial<Record<CardPart, CardProblem>> {
  const problems: Partial<Record<CardPart, CardProblem>> = {};
  const digits = digitsOf(values.number);
  if (digits === '') problems.number = 'validation.required';
  else if (!lengthsOf(digits).includes(digits.length)) {
    problems.number = digits.length < maxNumberLength(digits) ? 'payment.card.numberIncomplete' : 'payment.card.numberIncorrect';
  } else if (!luhnValid(digits)) problems.number = 'payment.card.numberIncorrect';

  const expiry = parseExpiry(values.expiry);
  if (values.expiry.trim() === '') problems.expiry = 'validation.required';
  else if (!expiry) problems.expiry = 'payment.card.expiryIncomplete';
  else if (expiry.month < 1 || expiry.month > 12) problems.expiry = 'payment.card.expiryMonth';
  else if (expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1)
    problems.expiry = 'payment.card.expiryPast';

  const cvc = digitsOf(values.cvc);
  if (cvc === '') problems.cvc = 'validation.required';
  else if (cvc.length !== cvcLength(cardBrand(digits))) problems.cvc = 'payment.card.cvcIncomplete';

  if (values.name.trim() === '') problems.name = 'validation.required';
  return problems;
}

/**
 * Whether a part is filled far enough that its problem shows while the
 * visitor is still in it (a whole number that fails the Luhn check, a past
 * expiry): an unfinished part waits until the visitor leaves it.
 */
export function partFinished(part: CardPart, values: CardValues): boolean {
  if (part === 'number') return digitsOf(values.number).length >= maxNumberLength(values.number);
  if (part === 'expiry') return digitsOf(values.expiry).length >= 4;
  if (part === 'cvc') return digitsOf(values.cvc).length >= cvcLength(cardBrand(values.number));
  return false;
}
