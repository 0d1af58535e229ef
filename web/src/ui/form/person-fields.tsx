import { TextField } from './fields';
import type { FormApi } from './use-form';

type Values = Record<string, string | boolean>;
type Name<V> = keyof V & string;

/**
 * A visitor's first and last name, e-mail and optional phone, as every
 * visitor form asks for them: the browser's autofill hints and the lengths
 * of the contracts (names 100, e-mail 254, phone 40). The e-mail is always
 * required, the phone never; `label` words a field by the form's name for it.
 */
export function PersonFields<V extends Values, K extends Name<V>>({
  form,
  names,
  label,
  required,
}: {
  form: FormApi<V>;
  /** The form's own names for the fields (first_name or fname); without a phone name there is no phone field. */
  names: { first: K; last: K; email: K; phone?: K };
  label: (name: K) => string;
  /** The first and last name must be filled (the e-mail always must). */
  required?: boolean;
}) {
  const { first, last, email, phone } = names;
  return (
    <>
      <TextField form={form} name={first} label={label(first)} required={required} autoComplete="given-name" maxLength={100} />
      <TextField form={form} name={last} label={label(last)} required={required} autoComplete="family-name" maxLength={100} />
      <TextField form={form} name={email} type="email" label={label(email)} required autoComplete="email" maxLength={254} />
      {phone ? <TextField form={form} name={phone} type="tel" label={label(phone)} autoComplete="tel" maxLength={40} /> : null}
    </>
  );
}

const addressNames = ['address', 'city', 'state', 'zip', 'country'] as const;
type AddressName = (typeof addressNames)[number];

/** The empty address of a form's initial values, for AddressFields. */
export const emptyAddress: Record<AddressName, string> = { address: '', city: '', state: '', zip: '', country: '' };

const addressInput: Record<AddressName, { autoComplete: string; maxLength: number }> = {
  address: { autoComplete: 'street-address', maxLength: 200 },
  city: { autoComplete: 'address-level2', maxLength: 100 },
  state: { autoComplete: 'address-level1', maxLength: 100 },
  zip: { autoComplete: 'postal-code', maxLength: 20 },
  country: { autoComplete: 'country-name', maxLength: 100 },
};

/**
 * A postal address (street, city, state, zip, country), named so in every
 * form that asks for one, with the browser's autofill hints and the
 * contracts' lengths.
 */
export function AddressFields<V extends Values & Record<AddressName, string>>({
  form,
  label,
  required,
}: {
  form: FormApi<V>;
  label: (name: AddressName) => string;
  /** Every part must be filled. */
  required?: boolean;
}) {
  return addressNames.map((name) => (
    <TextField key={name} form={form} name={name} label={label(name)} required={required} {...addressInput[name]} />
  ));
}
