import {
  AccountCreateUser,
  AccountUpdateUser,
  PASSWORD_MAX_LENGTH,
  safeBackLocation,
  type UserResponse,
} from '@storyhouse/contracts';
import { useEffect, useRef, useState } from 'react';
import { CountryRegionFields, regionKind } from '../../components/address/country-region-fields';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { PersonFields } from '../../ui/form/person-fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { refusalMessage, useFormSubmit } from '../../ui/form/use-form-submit';
import { useResetAfter } from '../../ui/use-reset-after';
import { useCreateAccount, useUpdateAccount } from './api/save-account';

/** Spec §4 Account save. */
type SaveState = 'ready' | 'saving' | 'saved' | 'failed';

/** Spec §9: Saved shows 2 s, a failure 5 s, then the form is Ready again; the free-text state saves 300 ms after typing stops. */
const SAVED_RESET_MS = 2000;
const FAILED_RESET_MS = 5000;
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
/** Edit mode adds the current password, asked for only when the e-mail changes. */
type Values = typeof blank & { currentPassword: string };

/** Edit mode's values: the account as saved, without new-password fields. */
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
    currentPassword: '',
  };
}

/** The body's fields are under `user.` (POST /crud/user-account {user}); the form's are not. */
function withFormFieldNames(error: unknown) {
  if (!(error instanceof ApiError)) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.replace(/^user\./, ''), v]));
  return new ApiError(error.status, error.code, error.message, fields);
}

/** Refusals whose own words say what to do (a taken e-mail, the current password, an admin acting for the family). */
const WORDED_REFUSALS = new Set([
  'account_save_failed',
  'current_password_required',
  'current_password_wrong',
  'email_change_owner_only',
]);

/**
 * Spec §2 Settings / create account: the one account form in its two modes.
 * Create asks for a password (twice) and signs the new user in, then goes
 * to back_location; edit saves the settings. The state is a select of US
 * states or Canadian provinces for those countries, free text elsewhere;
 * in edit mode a typed state saves itself 300 ms after typing stops
 * (spec §5 State/province). The button reads Ready/Saving/Saved (§4).
 * A new e-mail in edit mode asks for the current password (issue 26 item 4):
 * the field shows once the e-mail differs from the saved one.
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
  // Each mode's contract covers that mode's fields: edit mode has no password fields at all.
  const schema = mode === 'create' ? AccountCreateUser : AccountUpdateUser;
  const form = useForm(schema, (user ? editValues(user) : blank) as Values);
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const [state, setState] = useState<SaveState>('ready');
  // Spec §4: Saved returns to Ready after 2 s, a failure after 5 s.
  const resetAfter = useResetAfter(FAILED_RESET_MS);
  const ready = () => setState('ready');

  const fail = (error: unknown) => {
    submit.showServerErrors(withFormFieldNames(error));
    const message =
      error instanceof ApiError && WORDED_REFUSALS.has(error.code) ? error.message : refusalMessage(error, t('account.failed'));
    submit.setFailure(message);
    setState('failed');
    resetAfter(ready);
  };

  const save = (data: unknown) => {
    setState('saving');
    if (mode === 'create') {
      create.mutate(
        { user: data as AccountCreateUser, backLocation },
        {
          // As after login: load back_location afresh (session, user and cart now the new user's). Navigating
          // inside the app raced the create page, which sends a signed-in visitor to the settings.
          onSuccess: (result) => window.location.assign(safeBackLocation(result.back_location)),
          onError: fail,
        },
      );
    } else if (user) {
      const saved = () => {
        setState('saved');
        resetAfter(ready, SAVED_RESET_MS);
      };
      const { currentPassword, ...fields } = data as AccountUpdateUser;
      // The password goes only with a new e-mail; once saved, the field goes away with it.
      const body = emailChanged(fields.email) ? { ...fields, currentPassword } : fields;
      update.mutate(
        { id: user.id, user: body },
        {
          onSuccess: () => {
            form.set('currentPassword', '');
            saved();
          },
          onError: fail,
        },
      );
    }
  };

  const submit = useFormSubmit(form, { busy: state !== 'ready', send: save });
  const emailChanged = (email: string) => mode === 'edit' && !!user && email.trim().toLowerCase() !== user.email.toLowerCase();

  // Spec §5 State/province: in edit mode the free-text state saves itself 300 ms after typing stops.
  const savedState = useRef(user?.state ?? '');
  const stateIsText = mode === 'edit' && regionKind(Number(form.values.country) || null) === 'region';
  const latest = useRef({ form, state, save, emailChanged });
  latest.current = { form, state, save, emailChanged };
  useEffect(() => {
    if (!stateIsText || form.values.state === savedState.current) return;
    const timer = setTimeout(() => {
      const { form: f, state: s, save: doSave, emailChanged: changed } = latest.current;
      // A new e-mail waits for its password and the Save button.
      if (s !== 'ready' || !f.isValid || changed(f.values.email)) return;
      savedState.current = f.values.state;
      const data = AccountUpdateUser.safeParse(f.values);
      if (data.success) doSave(data.data);
    }, STATE_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [stateIsText, form.values.state]);

  const label = (name: keyof Values | 'province' | 'region') => t(`account.fields.${name}`);
  const asksPassword = emailChanged(form.values.email);
  const buttonLabel =
    state === 'saving'
      ? t(mode === 'create' ? 'account.button.creating' : 'account.button.saving')
      : state === 'saved'
        ? t('account.button.saved')
        : t(mode === 'create' ? 'account.button.readyCreate' : 'account.button.ready');

  return (
    <form ref={submit.ref} className="account-form" aria-label={t('account.details')} onSubmit={submit.onSubmit} noValidate>
      <p className="form-note">{t('account.requiredNote')}</p>
      <div className="form-grid">
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
        {asksPassword ? (
          <TextField
            form={form}
            name="currentPassword"
            type="password"
            label={label('currentPassword')}
            hint={t('account.emailChange.passwordNote')}
            required
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
          />
        ) : null}
        <CountryRegionFields form={form} names={{ country: 'country', state: 'state' }} label={label} />
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
