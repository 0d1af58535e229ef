import type { LangCode, MySubscription } from '@storyhouse/contracts';
import { formatUsd } from '@storyhouse/i18n';

type Items = MySubscription['items'];

/** Spec §9: what one period of a subscription costs, in cents: quantity × unit amount of each item. */
export const periodCents = (items: Items) => items.reduce((sum, item) => sum + item.quantity * item.price.unit_amount, 0);

/** Spec §9 (the annual plan also shows per month): a year's price / 12, rounded to the cent. */
export const perMonthCents = (yearCents: number) => Math.round(yearCents / 12);

/**
 * Spec §9: a subscription price is cents / 100 "with 0 to 2 decimals": a
 * whole dollar amount shows none ($8), any other shows the cents ($7.99,
 * $7.50). In the site language.
 */
export function formatPlanPrice(cents: number, lang: LangCode) {
  return formatUsd(lang, cents / 100, cents % 100 === 0 ? 0 : 2);
}
