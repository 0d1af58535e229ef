import {
  AccountCreateUser,
  AccountUpdateUser,
  COUNTRY_ID,
  type Country,
  PASSWORD_MAX_LENGTH,
  type State,
  type UserResponse,
} from '@storyhouse/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { SelectField, TextField } from '../../ui/form/fields';
import { PersonFields } from '../../ui/form/person-fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { refusalMessage, useFormSubmit } from '../../ui/form/use-form-submit';
import { useCountries, useStates } from './api/get-countries';
import { useCreateAccount, useUpdateAccount } from './api/save-account';

/** Spec §4 Account save. */
type SaveState = 'ready' | 'saving' | 'saved' | 'failed';

/** Spec §9: Saved shows 2 s, a failure 5 s, then the form is Ready again; the free-text state saves 300 ms after typing stops. */
const SAVED_RESET_MS = 2000;
export const FAILED_RESET_MS = 5000;
const STATE_SAVE_DEBOUNCE_MS = 300;

const blank = {
  firstName: '',
  lastName: '',
  email: '',
  emailConfirm: '',
  password: '',
  passwordConfirm: '',
  country: '',
  state: '',
  address: '',
  city: '',
  zip: '',
  phone: '',
};
type Values = typeof blank;

/** Edit mode's values: the account as saved, without password fields. */
function editValues(user: UserResponse) {
  return {
    firstName: user.fname,
    lastName: user.lname,
    email: user.email,
    emailConfirm: user.email,
    country: user.country === null ? '' : String(user.country),
    state: user.state ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    zip: user.zip ?? '',
    phone: user.phone ?? '',
  };
}

/** Countries by their name in the site language (Intl.DisplayNames from the ISO code), sorted for that language. */
function useCountryOptions(countries: Country[] | undefined) {
  const { lang } = useI18n();
  return useMemo(() => {
    if (!countries) return [];
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    } catch {
      names = undefined;
    }
    const collator = new Intl.Collator(lang);
    return countries
      .map((c) => ({ value: String(c.id), label: names?.of(c.code) ?? c.country_name }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [countries, lang]);
}

/**
 * Spec §2 Settings / create account: the one account form in its two modes.
 * Create asks for a password (twice) and signs the new user in, then goes
 * to back_location; edit saves the settings. The state is a select of US
 * states or Canadian provinces for those countries, free text elsewhere;
 * in edit mode a typed state saves itself 300 ms after typing stops
 * (spec §5 State/province). The button reads Ready/Saving/Saved (§4).
 */
export function AccountForm({
  mode,
  user,
  backLocation = '/',
}: {
  mode: 'create' | 'edit';
  user?: UserResponse;
  backLocation?: string;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  // Each mode's contract covers that mode's fields: edit mode has no password fields at all.
  const schema = mode === 'create' ? AccountCreateUser : AccountUpdateUser;
  const form = useForm(schema, (user ? editValues(user) : blank) as Values);
  const countries = useCountries();
  const states = useStates();
  const countryOptions = useCountryOptions(countries.data);
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const [state, setState] = useState<SaveState>('ready');

  const countryId = Number(form.values.country) || null;
  // Memoized: the effect below depends on it and must not run on every render.
  const stateList: State[] | undefined = useMemo(
    () =>
      countryId === COUNTRY_ID.unitedStates || countryId === COUNTRY_ID.canada
        ? (states.data ?? []).filter((s) => s.country_id === countryId)
        : undefined,
    [countryId, states.data],
  );

  const fail = (error: unknown) => {
    submit.showServerErrors(error);
    const message =
      error instanceof ApiError && error.code === 'account_save_failed'
        ? error.message
        : refusalMessage(error, t('account.failed'));
    submit.setFailure(message);
    setState('failed');
  };

  const save = (data: unknown) => {
    setState('saving');
    if (mode === 'create') {
      create.mutate(
        { user: data as AccountCreateUser, backLocation },
        {
          onSuccess: (result) => navigate(result.back_location ?? '/', { replace: true }),
          onError: fail,
        },
      );
    } else if (user) {
      update.mutate({ id: user.id, user: data as AccountUpdateUser }, { onSuccess: () => setState('saved'), onError: fail });
    }
  };

  const submit = useFormSubmit(form, { busy: state !== 'ready', send: save });

  // Spec §4: Saved returns to Ready after 2 s, a failure after 5 s.
  useEffect(() => {
    if (state !== 'saved' && state !== 'failed') return;
    const timer = setTimeout(() => setState('ready'), state === 'saved' ? SAVED_RESET_MS : FAILED_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  // A state of the previous country's list means nothing in another country.
  const { set } = form;
  useEffect(() => {
    if (!stateList || !states.data) return;
    if (form.values.state !== '' && !stateList.some((s) => s.code === form.values.state)) set('state', '');
  }, [stateList, states.data, form.values.state, set]);

  // Spec §5 State/province: in edit mode the free-text state saves itself 300 ms after typing stops.
  const savedState = useRef(user?.state ?? '');
  const stateIsText = mode === 'edit' && !stateList;
  const latest = useRef({ form, state, save });
  latest.current = { form, state, save };
  useEffect(() => {
    if (!stateIsText || form.values.state === savedState.current) return;
    const timer = setTimeout(() => {
      const { form: f, state: s, save: doSave } = latest.current;
      if (s !== 'ready' || !f.isValid) return;
      savedState.current = f.values.state;
      const data = AccountUpdateUser.safeParse(f.values);
      if (data.success) doSave(data.data);
    }, STATE_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [stateIsText, form.values.state]);

  const label = (name: keyof Values | 'province' | 'region') => t(`account.fields.${name}`);
  const stateLabel =
    countryId === COUNTRY_ID.unitedStates
      ? label('state')
      : countryId === COUNTRY_ID.canada
        ? label('province')
        : label('region');
  const buttonLabel =
    state === 'saving'
      ? t(mode === 'create' ? 'account.button.creating' : 'account.button.saving')
      : state === 'saved'
        ? t('account.button.saved')
        : t(mode === 'create' ? 'account.button.readyCreate' : 'account.button.ready');

  return (
    <form ref={submit.ref} className="account-form" aria-label={t('account.details')} onSubmit={submit.onSubmit} noValidate>
      <p className="account-form__note">{t('account.requiredNote')}</p>
      <div className="account-form__grid">
        <PersonFields form={form} names={{ first: 'firstName', last: 'lastName', email: 'email' }} label={label} required />
        <TextField
          form={form}
          name="emailConfirm"
          type="email"
          label={label('emailConfirm')}
          required
          autoComplete="email"
          maxLength={254}
        />
        {mode === 'create' ? (
          <>
            <TextField
              form={form}
              name="password"
              type="password"
              label={label('password')}
              required
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
            />
            <TextField
              form={form}
              name="passwordConfirm"
              type="password"
              label={label('passwordConfirm')}
              required
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
            />
          </>
        ) : null}
        <SelectField
          form={form}
          name="country"
          label={label('country')}
          options={countryOptions}
          placeholder={t('account.choose.country')}
        />
        {stateList ? (
          <SelectField
            form={form}
            name="state"
            label={stateLabel}
            options={stateList.map((s) => ({ value: s.code, label: s.name }))}
            placeholder={t(countryId === COUNTRY_ID.canada ? 'account.choose.province' : 'account.choose.state')}
          />
        ) : (
          <TextField form={form} name="state" label={stateLabel} autoComplete="address-level1" maxLength={100} />
        )}
        <TextField form={form} name="address" label={label('address')} autoComplete="street-address" maxLength={200} />
        <TextField form={form} name="city" label={label('city')} autoComplete="address-level2" maxLength={100} />
        <TextField form={form} name="zip" label={label('zip')} autoComplete="postal-code" maxLength={20} />
        <TextField form={form} name="phone" type="tel" label={label('phone')} autoComplete="tel" maxLength={40} />
      </div>
      <FormFailure message={state === 'failed' ? submit.failure : undefined} />
      <SubmitButton busy={state !== 'ready'}>{buttonLabel}</SubmitButton>
      <p className="visually-hidden" role="status">
        {state === 'saved' ? t('account.button.saved') : ''}
      </p>
    </form>
  );
}
