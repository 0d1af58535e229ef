import { z } from 'zod';
import { text } from './text-fields';

/**
 * Amounts the family chooses (issue 12: a donation, a gift card), in dollars.
 * The one rule for reading a typed amount (spec §5 Gift card, Donation):
 * the cart's general donation form, the Donations and Gift card pages
 * (web components/amount) and, for the amount a request carries, the server.
 */

/** Whether a dollar amount is a whole number of cents (10.55 is, 10.555 is not), allowing for binary fractions. */
export const isWholeCents = (usd: number) => Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6;

/** The smallest and the largest amount, in dollars, a kind of line takes (a donation, a gift card). */
export interface UsdRange {
  min: number;
  max: number;
}

/**
 * Dollars rounded to the nearest cent, halves up (spec §5 Gift card,
 * Donation: "rounded to cents"; 12.345 → 12.35, 1.005 → 1.01): the decimal
 * as written, not its binary neighbour (1.005 × 100 is 100.49999…).
 */
export const roundToCents = (usd: number) => Math.round(Number((usd * 100).toPrecision(12))) / 100;

/** A number of dollars from `min` ("The smallest amount is $1", the message naming it) to `max`. */
const withinRange = (amount: z.ZodNumber, { min, max }: UsdRange) => amount.min(min, { error: 'validation.amountMin' }).max(max);

/**
 * An amount in a request, in dollars: at least `min`, whole cents (the
 * form rounds a typed amount to cents before sending it), at most `max`.
 * No coercion: "25" or NaN are not amounts.
 */
export const usdAmount = (range: UsdRange, params?: Parameters<typeof z.number>[0]) =>
  withinRange(z.number(params), range).refine(isWholeCents, { error: 'validation.wholeCents' });

/**
 * An amount the family chose (spec §5 Gift card, Donation), in a request:
 * any number, rounded to the cent (12.345 is taken as 12.35, never refused
 * for its third decimal), then held to the range. The form rounds the same
 * way before sending (typedUsdAmount), so both sides agree on the cents.
 * Rounded in place (`overwrite`), so the schema stays a bounded number.
 */
export const roundedUsdAmount = (range: UsdRange) => withinRange(z.number().overwrite(roundToCents), range);

/**
 * What a typed amount may look like: plain digits with a decimal point
 * ("12.345", ".5", "7.") or a decimal comma of one or two digits ("10,50",
 * es and ru), after an optional minus (a number, then refused as too small).
 * "1,000" is refused rather than guessed (a thousands separator, or a
 * decimal comma?), as are exponents ("1e9"), "NaN", "Infinity", "+5", "$5".
 */
const TYPED_AMOUNT = /^-?(?:\d+(?:\.\d*)?|\.\d+|\d+,\d{1,2})$/;

/** A typed amount rounded to the cent, or NaN when it is not written as an amount. */
const readTypedAmount = (typed: string) =>
  TYPED_AMOUNT.test(typed) ? roundToCents(Number(typed.replace(',', '.'))) : Number.NaN;

/**
 * An amount as a form field holds it ("25", "10.555", "7,5"): read as a
 * number and rounded to the cent (spec §5 Gift card, Donation), then
 * checked like usdAmount. Empty is Required; anything not written as an
 * amount ("abc", "1,000", "1e9") is Invalid.
 */
export const typedUsdAmount = (range: UsdRange) =>
  text()
    .trim()
    .min(1)
    .transform(readTypedAmount)
    // What was typed is there (the empty field was "Required" above): a non-number is Invalid.
    .pipe(usdAmount(range, { error: (issue) => (issue.code === 'invalid_type' ? 'validation.invalid' : undefined) }));
