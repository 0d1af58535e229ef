import type { LangCode } from './index';

/**
 * Money and plain numbers written out as Intl.NumberFormat writes them in our three languages ("$1,234.56",
 * "1234,56 US$", "1 234,56 $"), without Intl: the first Intl formatter a page makes loads the language's data, a long
 * task on a phone in the middle of the storefront's hydration (issue 46), and the storefront only ever shows dollars,
 * counts and speeds. numbers.test.ts checks every form against Intl. Anything else (percentages, units, dates) uses Intl.
 */

const NBSP = '\u00a0';

/** How each language groups the digits of the whole part: its separator, and the fewest digits that are grouped. */
const grouping: Record<LangCode, { separator: string; from: number }> = {
  en: { separator: ',', from: 4 },
  // Spanish leaves a four-digit number whole ("1234", "12.345"): CLDR's minimum grouping digits of 2.
  es: { separator: '.', from: 5 },
  ru: { separator: NBSP, from: 4 },
};

function groupDigits(lang: string, digits: string) {
  const { separator, from } = grouping[lang as LangCode];
  if (digits.length < from) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}

/**
 * The digits of |n| rounded to `fractionDigits` decimals as Intl rounds: the shortest decimal that reads back as n
 * (what String(n) writes: 1.005, not the double's 1.00499…), halves away from zero. Undefined for exponent forms.
 */
function roundedDigits(n: number, fractionDigits: number): { whole: string; fraction: string } | undefined {
  const text = String(Math.abs(n));
  if (text.includes('e')) return undefined;
  const point = text.indexOf('.');
  const whole = point < 0 ? text : text.slice(0, point);
  const fraction = point < 0 ? '' : text.slice(point + 1);
  if (fraction.length <= fractionDigits) return { whole, fraction: fraction.padEnd(fractionDigits, '0') };
  let digits = BigInt(whole + fraction.slice(0, fractionDigits));
  if (fraction.charAt(fractionDigits) >= '5') digits += 1n;
  const all = digits.toString().padStart(fractionDigits + 1, '0');
  return { whole: all.slice(0, all.length - fractionDigits), fraction: all.slice(all.length - fractionDigits) };
}

/** An amount in US dollars, with two decimals or (fractionDigits 0) rounded to whole dollars. */
export function formatUsd(lang: LangCode, usd: number, fractionDigits: 0 | 2 = 2): string {
  const digits = Number.isFinite(usd) ? roundedDigits(usd, fractionDigits) : undefined;
  if (!digits) {
    const options = { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
    return new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', ...options }).format(usd);
  }
  const negative = usd < 0 || Object.is(usd, -0);
  const whole = groupDigits(lang, digits.whole);
  const number = fractionDigits === 2 ? `${whole}${lang === 'en' ? '.' : ','}${digits.fraction}` : whole;
  const sign = negative ? '-' : '';
  if (lang === 'en') return `${sign}$${number}`;
  return `${sign}${number}${NBSP}${lang === 'es' ? 'US$' : '$'}`;
}

/**
 * A number as Intl.NumberFormat writes it with its default options (grouped, at most three decimals, rounded half
 * away from zero, no trailing zeros): a count in a message, a playback speed ("1,25×"). Undefined for what it does
 * not write the same (not finite, -0, past the safe integers, exponent forms): Intl writes those.
 */
export function formatNumber(lang: string, n: number): string | undefined {
  if (!(lang in grouping) || !Number.isFinite(n) || Object.is(n, -0) || Math.abs(n) > Number.MAX_SAFE_INTEGER) return undefined;
  const digits = roundedDigits(n, 3);
  if (!digits) return undefined;
  const fraction = digits.fraction.replace(/0+$/, '');
  // A negative number rounded to nothing keeps its sign, as Intl writes it ("-0").
  const negative = n < 0;
  const whole = groupDigits(lang, digits.whole);
  return (negative ? '-' : '') + whole + (fraction ? (lang === 'en' ? '.' : ',') + fraction : '');
}
