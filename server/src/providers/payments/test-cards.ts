import type { CardBrand } from '@storyhouse/contracts';
import type { PaymentFailureCode } from './payment-provider';

/**
 * The card rules of the built-in test processor (test-processor.ts): what
 * Stripe.js checks before it hands out a token (Luhn, brand, CVC length,
 * expiry), and what Stripe's documented test numbers do
 * (https://docs.stripe.com/testing). Pure functions, so the rules are tested
 * without a database.
 */

/**
 * What a test number does once it is a token. `declines` cards fail every
 * charge and cannot be saved (Stripe verifies a card when it is attached);
 * `charge_fails` (…0341) is saved fine and then fails every charge.
 */
export type CardBehaviour =
  | { kind: 'succeeds' }
  | { kind: 'declines'; code: DeclineCode }
  | { kind: 'charge_fails' }
  | { kind: 'requires_authentication' };

export type DeclineCode = Extract<
  PaymentFailureCode,
  'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'processing_error'
>;

/** The behaviours as stored in the vault's `behaviour` column. */
export const BEHAVIOURS = [
  'succeeds',
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'charge_fails',
  'requires_authentication',
] as const;
export type StoredBehaviour = (typeof BEHAVIOURS)[number];

export function storedBehaviour(b: CardBehaviour): StoredBehaviour {
  return b.kind === 'declines' ? b.code : b.kind;
}

export function behaviourOf(stored: string): CardBehaviour {
  switch (stored) {
    case 'succeeds':
    case 'charge_fails':
    case 'requires_authentication':
      return { kind: stored };
    case 'card_declined':
    case 'insufficient_funds':
    case 'expired_card':
    case 'incorrect_cvc':
    case 'processing_error':
      return { kind: 'declines', code: stored };
    default:
      throw new Error(`Unknown test card behaviour ${stored}`);
  }
}

const declines = (code: DeclineCode): CardBehaviour => ({ kind: 'declines', code });

/** Stripe's test numbers that succeed, one or more of each brand (docs.stripe.com/testing#cards). */
export const SUCCEEDING_TEST_NUMBERS = [
  '4242424242424242',
  '4000056655665556', // visa debit
  '5555555555554444',
  '2223003122003222', // mastercard 2-series
  '5200828282828210', // mastercard debit
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004', // diners
  '36227206271667', // diners, 14 digits
  '3566002020360505', // jcb
  '6200000000000005', // unionpay
] as const;

/** Stripe's test numbers (docs.stripe.com/testing): by brand, declines, and 3-D Secure. */
const TEST_NUMBERS: ReadonlyMap<string, CardBehaviour> = new Map([
  ...SUCCEEDING_TEST_NUMBERS.map((n) => [n, { kind: 'succeeds' }] as const),
  ['4000000000000002', declines('card_declined')],
  ['4000000000009995', declines('insufficient_funds')],
  ['4000000000000069', declines('expired_card')],
  ['4000000000000127', declines('incorrect_cvc')],
  ['4000000000000119', declines('processing_error')],
  ['4000000000000341', { kind: 'charge_fails' }],
  ['4000002760003184', { kind: 'requires_authentication' }],
]);

/** The behaviour of a test number; null for any other number (Stripe test mode refuses real cards). */
export function testCardBehaviour(number: string): CardBehaviour | null {
  return TEST_NUMBERS.get(number) ?? null;
}

/** The Luhn (mod 10) check digit holds. */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const inRange = (number: string, digits: number, from: number, to: number) => {
  const prefix = Number(number.slice(0, digits));
  return number.length >= digits && prefix >= from && prefix <= to;
};

/** The brand by its number's prefix (IIN ranges as Stripe.js detects them). */
export function detectBrand(number: string): CardBrand {
  if (number.startsWith('4')) return 'visa';
  if (inRange(number, 2, 51, 55) || inRange(number, 4, 2221, 2720)) return 'mastercard';
  if (inRange(number, 2, 34, 34) || inRange(number, 2, 37, 37)) return 'amex';
  if (number.startsWith('6011') || number.startsWith('65') || inRange(number, 3, 644, 649)) return 'discover';
  if (inRange(number, 2, 36, 36) || inRange(number, 2, 38, 38) || inRange(number, 3, 300, 305)) return 'diners';
  if (inRange(number, 4, 3528, 3589)) return 'jcb';
  if (number.startsWith('62')) return 'unionpay';
  return 'unknown';
}

/** American Express prints a 4-digit security code; the other brands 3. */
export function cvcValid(brand: CardBrand, cvc: string): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

/** A card is good through the last day of its expiry month (UTC). */
export function expiryValid(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expYear > year || (expYear === year && expMonth >= now.getUTCMonth() + 1);
}

export interface CardDetails {
  /** Digits only (the contract strips spaces and dashes). */
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Which detail Stripe.js would point at, and the error code it reports. */
export type CardDetailsError =
  | { field: 'number'; code: 'incorrect_number' }
  | { field: 'exp_month'; code: 'expired_card' }
  | { field: 'cvc'; code: 'incorrect_cvc' }
  | { field: 'number'; code: 'card_declined' };

export type CardCheck =
  | { ok: true; brand: CardBrand; last4: string; behaviour: CardBehaviour }
  | ({ ok: false } & CardDetailsError);

/**
 * What tokenizing these details gives: invalid details never make a token
 * (as with Stripe.js), and a valid number that is not a test number is
 * declined the way Stripe's test mode declines a real card.
 */
export function checkCardDetails(details: CardDetails, now: Date): CardCheck {
  const brand = detectBrand(details.number);
  if (!luhnValid(details.number) || brand === 'unknown') return { ok: false, field: 'number', code: 'incorrect_number' };
  if (!expiryValid(details.exp_month, details.exp_year, now)) return { ok: false, field: 'exp_month', code: 'expired_card' };
  if (!cvcValid(brand, details.cvc)) return { ok: false, field: 'cvc', code: 'incorrect_cvc' };
  const behaviour = testCardBehaviour(details.number);
  if (!behaviour) return { ok: false, field: 'number', code: 'card_declined' };
  return { ok: true, brand, last4: details.number.slice(-4), behaviour };
}
