import type { LangCode } from '@storyhouse/contracts';

/**
 * A catalogue row's titles by language (decision 038): what the ministry
 * gave for each language; a language left empty is absent.
 */
export type Titles = Partial<Record<LangCode, string>>;

/**
 * The one rule for the words a family reads of the shop's own things
 * (coupons, plans, funds, the gift card): the title in the site's language,
 * else the English one, else the name the shop knows the thing by (its own
 * title column). `lang` undefined: that name, as stored. The cart reads
 * sku_titles by the same rule in SQL (cart.repository.ts titleIn).
 */
export function titleIn(titles: Titles | null | undefined, lang: LangCode | null | undefined, name: string): string {
  if (!lang) return name;
  return titles?.[lang] ?? titles?.en ?? name;
}

/** A thing's titles as the audit log records them (flat: one detail per language), `was_` before an edit. */
export const titleDetails = (titles: { en: string; es: string | null; ru: string | null }, prefix = '') => ({
  [`${prefix}title`]: titles.en,
  [`${prefix}title_es`]: titles.es,
  [`${prefix}title_ru`]: titles.ru,
});
