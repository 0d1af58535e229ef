import { COUNTRY_ID, type Country, type State, stateName, statesOf } from '@storyhouse/contracts';
import { useEffect, useMemo } from 'react';
import { useI18n } from '../../lib/i18n';
import { SelectField, TextField } from '../../ui/form/fields';
import type { FormApi } from '../../ui/form/use-form';
import { useCountries, useStates } from './api/get-countries';
import { countryNamer } from './country-names';

type Values = Record<string, string | boolean>;

/** What the state field is called for a country: a US state, a Canadian province, or anyone's free-text region. */
export type RegionKind = 'state' | 'province' | 'region';

/** Spec §5 State/province: a select of US states or Canadian provinces, free text for every other country. */
export function regionKind(countryId: number | null): RegionKind {
  if (!statesOf(countryId)) return 'region';
  return countryId === COUNTRY_ID.canada ? 'province' : 'state';
}

/** Countries by their name in the site language (Intl.DisplayNames from the ISO code), sorted for that language. */
function useCountryOptions(countries: Country[] | undefined) {
  const { lang } = useI18n();
  return useMemo(() => {
    if (!countries) return [];
    const name = countryNamer(lang);
    const collator = new Intl.Collator(lang);
    return countries.map((c) => ({ value: String(c.id), label: name(c) })).sort((a, b) => collator.compare(a.label, b.label));
  }, [countries, lang]);
}

/** A country's states or provinces by their name in the site language (the English name where none), sorted for that language. */
function useStateOptions(states: State[] | undefined) {
  const { lang } = useI18n();
  return useMemo(() => {
    if (!states) return undefined;
    const collator = new Intl.Collator(lang);
    return states
      .map((s) => ({ value: s.code, label: stateName(lang, s.code, s.name) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [states, lang]);
}

/**
 * A country select and its state field, for any form holding an address
 * (account, checkout shipping and billing): the state is a select of the
 * country's states or provinces (GET /crud/states, named in the site language) where the
 * country has a list, free text elsewhere, and a state of the previous
 * country's list is cleared when the country changes. `names` are the
 * form's own names for the two fields (the value of the country is its id);
 * `label` words the country and each kind of state field; `required`
 * marks both as required (checkout addresses, spec §5 Checkout).
 */
export function CountryRegionFields<V extends Values, K extends keyof V & string>({
  form,
  names,
  label,
  required,
}: {
  form: FormApi<V>;
  names: { country: K; state: K };
  label: (part: 'country' | RegionKind) => string;
  required?: boolean;
}) {
  const { t } = useI18n();
  const countries = useCountries();
  const states = useStates();
  const countryOptions = useCountryOptions(countries.data);
  const countryId = Number(form.values[names.country]) || null;
  const kind = regionKind(countryId);
  // Memoized: the effect below depends on it and must not run on every render.
  const stateList = useMemo(
    () => (kind === 'region' ? undefined : (states.data ?? []).filter((s) => s.country_id === countryId)),
    [kind, countryId, states.data],
  );

  // A state of the previous country's list means nothing in another country.
  const stateOptions = useStateOptions(stateList);
  const { set } = form;
  const state = String(form.values[names.state] ?? '');
  useEffect(() => {
    if (!stateList || !states.data) return;
    if (state !== '' && !stateList.some((s) => s.code === state)) set(names.state, '' as V[K]);
  }, [stateList, states.data, state, set, names.state]);

  return (
    <>
      <SelectField
        form={form}
        name={names.country}
        label={label('country')}
        required={required}
        options={countryOptions}
        placeholder={t('account.choose.country')}
      />
      {stateList ? (
        <SelectField
          form={form}
          name={names.state}
          label={label(kind)}
          required={required}
          options={stateOptions ?? []}
          placeholder={t(kind === 'province' ? 'account.choose.province' : 'account.choose.state')}
        />
      ) : (
        <TextField
          form={form}
          name={names.state}
          label={label(kind)}
          required={required}
          autoComplete="address-level1"
          maxLength={100}
        />
      )}
    </>
  );
}
