import { type ChangePasswordInput as ChangePassword, ChangePasswordInput } from '@storyhouse/contracts';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useResetAfter } from '../../ui/use-reset-after';
import { useChangePassword } from './api/change-password';
import { ShowPassword } from './show-password';
import './passwords.css';

/** Spec §9: the 'password updated' message shows for 1.5 s, then the fields clear. */
const PASSWORD_UPDATED_MS = 1500;

const empty = { current_password: '', new_password: '' };

/**
 * Spec §2 /account/reset-password (signed in), §3 Reset password, §4, §5:
 * current and new password (both required, submit disabled while invalid),
 * a show-password checkbox; success says 'password updated' and the fields
 * clear after 1.5 s. The server ends the account's other sessions.
 */
export default function ChangePasswordPage() {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  useDocumentTitle(t('password.change.title'));
  const [shown, setShown] = useState(false);
  const form = useForm(ChangePasswordInput, empty);
  const change = useChangePassword();
  const resetAfter = useResetAfter(PASSWORD_UPDATED_MS);
  const submit = useFormSubmit(form, {
    busy: change.isPending,
    send: (data: ChangePassword) =>
      change.mutate(data, {
        onSuccess: () =>
          resetAfter(() => {
            form.reset(empty);
            change.reset();
          }),
        onError: (error) => {
          submit.showServerErrors(error);
          submit.setFailure(errorMessage(error, 'password.change.failed'));
        },
      }),
  });
  const { isSuccess } = change;

  const type = shown ? 'text' : 'password';
  return (
    <article className="page page--narrow password-page">
      <h1>{t('password.change.title')}</h1>
      <form
        ref={submit.ref}
        className="form-narrow"
        aria-label={t('password.change.formLabel')}
        onSubmit={submit.onSubmit}
        noValidate
      >
        <TextField
          form={form}
          name="current_password"
          type={type}
          label={t('password.change.currentPassword')}
          autoComplete="current-password"
          required
        />
        <TextField
          form={form}
          name="new_password"
          type={type}
          label={t('password.change.newPassword')}
          autoComplete="new-password"
          required
        />
        <ShowPassword shown={shown} onChange={setShown} />
        <FormFailure message={submit.failure} />
        <p className="form-status form-status--success" role="status">
          {isSuccess ? t('password.change.updated') : null}
        </p>
        <SubmitButton busy={change.isPending || !form.isValid}>
          {change.isPending ? t('password.change.saving') : t('password.change.submit')}
        </SubmitButton>
        <p className="password-form__links">
          <RouteLink to="forgotPassword">{t('password.change.forgot')}</RouteLink>
        </p>
      </form>
    </article>
  );
}
