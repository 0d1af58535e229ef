import { type LangCode, langCodes } from '@storyhouse/contracts';
import { formatUsd } from '@storyhouse/i18n';
import { toUsd } from '../lib/money';

/** An amount in cents as every e-mail shows it, as the site does: "$9.00", "9,00 US$", "9,00 $". */
export const mailMoney = (lang: LangCode, cents: number) => formatUsd(lang, toUsd(cents));

const dates = Object.fromEntries(
  langCodes.map((lang) => [lang, new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })]),
) as Record<LangCode, Intl.DateTimeFormat>;

/** A date as every e-mail shows it, in the reader's language ("November 26, 2026"). */
export const mailDate = (lang: LangCode, date: Date) => dates[lang].format(date);
