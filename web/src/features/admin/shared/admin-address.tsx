import { useMemo } from 'react';
import { useCountries } from '../../../components/address/api/get-countries';
import { countryNamer } from '../../../components/address/country-names';
import { useI18n } from '../../../lib/i18n';

/** An address as the back office shows it (a user's saved address; an order's, with its e-mail). */
export interface AdminAddressFields {
  fname: string;
  lname: string;
  line1: string;
  city: string;
  state: string;
  postal_code: string;
  country_id: number;
  phone: string;
  email?: string;
}

/** A country's name by its id, in the site language. */
export function useCountryName() {
  const { lang } = useI18n();
  const { data: countries } = useCountries();
  return useMemo(() => {
    const name = countryNamer(lang);
    return (id: number | undefined) => {
      const country = countries?.find((c) => c.id === id);
      return country ? name(country) : '';
    };
  }, [countries, lang]);
}

/** An address, one line each: name, street, city with state and postcode, country, phone, e-mail. */
export function AdminAddress({ address: a }: { address: AdminAddressFields }) {
  const countryName = useCountryName();
  const lines = [
    [a.fname, a.lname].filter(Boolean).join(' '),
    a.line1,
    [a.city, [a.state, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    countryName(a.country_id),
    a.phone,
    a.email,
  ].filter(Boolean);
  return (
    <address className="admin-address">
      {lines.map((line) => (
        <span key={line} className="admin-table__line">
          {line}
        </span>
      ))}
    </address>
  );
}
