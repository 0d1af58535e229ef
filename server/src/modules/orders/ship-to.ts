import type { LangCode } from '@storyhouse/contracts';
import { oneLine } from '../../providers/mail/outbox';

/** A country as the countries table has it. */
export type Country = { id: number; code: string; country_name: string };

/** A country's name in a language (Intl's, from its ISO code), else the English name the list has. */
export function countryNamer(lang: LangCode, countries: readonly Country[]) {
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
  return (id: unknown) => {
    const country = countries.find((c) => c.id === id);
    if (!country) return '';
    try {
      return names.of(country.code) ?? country.country_name;
    } catch {
      return country.country_name;
    }
  };
}

/**
 * The address kept on an order (a snapshot of the checkout form) as the
 * lines of a label: name, street, city with state and postcode, the
 * country when `countryName` is given, the phone when asked for (the
 * ministry's copies; the family's confirmation and receipt leave it out).
 * The one home of how an order's address reads: packing slips, the
 * ministry's alert, the confirmation and the receipt (decision 071).
 */
export function shipToLines(address: unknown, options: { countryName?: (id: unknown) => string; phone?: boolean } = {}) {
  const a = (address ?? {}) as Record<string, unknown>;
  const part = (k: string) => (typeof a[k] === 'string' ? oneLine(a[k] as string) : '');
  return [
    `${part('fname')} ${part('lname')}`.trim(),
    part('line1'),
    [part('city'), [part('state'), part('postal_code')].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    options.countryName ? options.countryName(a.country_id) : '',
    options.phone ? part('phone') : '',
  ].filter(Boolean);
}
