import type { AddressBody, AddressResponse, UserResponse } from '@storyhouse/contracts';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { PersonFields } from '../../ui/form/person-fields';
import type { FormApi } from '../../ui/form/use-form';
import { CountryRegionFields, type RegionKind } from './country-region-fields';

/** An address as a form holds it: AddressBody's fields as strings (the country a select's value). */
export type AddressValues = Record<keyof AddressBody, string>;

/**
 * An address form's first values: the cart's address when it has one, else
 * what the account holds (GET /crud/user), else empty.
 */
export function initialAddress(saved: AddressResponse | null, user: UserResponse | undefined): AddressValues {
  if (saved) {
    const { fname, lname, email, phone, line1, state, city, postal_code } = saved;
    return { fname, lname, email, phone, line1, country_id: String(saved.country_id), state, city, postal_code };
  }
  return {
    fname: user?.fname ?? '',
    lname: user?.lname ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    line1: user?.address ?? '',
    country_id: user?.country == null ? '' : String(user.country),
    state: user?.state ?? '',
    city: user?.city ?? '',
    postal_code: user?.zip ?? '',
  };
}

/** The form's labels: the account form's words for the same fields (one word per idea, GLOSSARY.md). */
const accountLabel: Record<keyof AddressBody | RegionKind | 'country', string> = {
  fname: 'firstName',
  lname: 'lastName',
  email: 'email',
  phone: 'phone',
  line1: 'address',
  country_id: 'country',
  country: 'country',
  state: 'state',
  province: 'province',
  region: 'region',
  city: 'city',
  postal_code: 'zip',
};

/**
 * Every field of a cart address (spec §3 Address, §5 Checkout and Payment:
 * all required), for the checkout's shipping address and the payment's
 * billing address: name and e-mail, phone, street, country with its state
 * or province, city and postal code. `section` is the browser's autofill
 * section (shipping or billing), so each form fills from the right address.
 */
export function AddressFormFields<V extends AddressValues & Record<string, string | boolean>>({
  form,
  section,
}: {
  form: FormApi<V>;
  section: 'shipping' | 'billing';
}) {
  const { t } = useI18n();
  const label = (name: keyof typeof accountLabel) => t(`account.fields.${accountLabel[name]}` as 'account.fields.email');
  // The street, city and postal code fill from the section's address (shipping or billing).
  const part = (name: 'line1' | 'city' | 'postal_code', autoComplete: string, maxLength: number) => (
    <TextField
      form={form}
      name={name}
      label={label(name)}
      required
      autoComplete={`${section} ${autoComplete}`}
      maxLength={maxLength}
    />
  );
  return (
    <div className="form-grid">
      <PersonFields<V, keyof AddressBody & string>
        form={form}
        names={{ first: 'fname', last: 'lname', email: 'email' }}
        label={label}
        required
      />
      <TextField form={form} name="phone" type="tel" label={label('phone')} required autoComplete="tel" maxLength={40} />
      {part('line1', 'street-address', 200)}
      <CountryRegionFields form={form} names={{ country: 'country_id', state: 'state' }} label={label} required />
      {part('city', 'address-level2', 100)}
      {part('postal_code', 'postal-code', 20)}
    </div>
  );
}
