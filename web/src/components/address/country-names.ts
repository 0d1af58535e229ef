import type { Country } from '@storyhouse/contracts';

/**
 * A country's name in a language: the browser's (Intl.DisplayNames from its
 * ISO code), else the English name the country list has.
 */
export function countryNamer(lang: string): (country: Country) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
  } catch {
    names = undefined;
  }
  return (country) => names?.of(country.code) ?? country.country_name;
}
