import { type LangCode, langCodes } from '@storyhouse/contracts';
import { toUsd } from '../lib/money';

/** Dollars in the reader's language; a formatter is costly to make, so one per language. */
const dollars = Object.fromEntries(
  langCodes.map((lang) => [lang, new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' })]),
) as Record<LangCode, Intl.NumberFormat>;

/** An amount in cents as every e-mail shows it: "$9.00", "9,00 US$", "9,00 $". */
export const mailMoney = (lang: LangCode, cents: number) => dollars[lang].format(toUsd(cents));

const dates = Object.fromEntries(
  langCodes.map((lang) => [lang, new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })]),
) as Record<LangCode, Intl.DateTimeFormat>;

/** A date as every e-mail shows it, in the reader's language ("November 26, 2026"). */
export const mailDate = (lang: LangCode, date: Date) => dates[lang].format(date);
