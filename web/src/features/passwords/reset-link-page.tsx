import { NewPassword } from '@storyhouse/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useResetPasswordWithToken } from './api/reset-with-token';
import { ShowPassword } from './show-password';
import './passwords.css';

/** The form's part of ResetPasswordWithTokenInput; the token comes from the link. */
const NewPasswordForm = z.strictObject({ new_password: NewPassword });

/**
 * The page of the e-mailed reset link (/forgot-password/reset?token=…): a
 * new password without the old one. On success every session of the
 * account has ended, so the person is sent to log in with the new password
 * (login keeps its own rate limits and the admin rules of spec §4 Login).
 */
export default function ResetLinkPage() {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  useDocumentTitle(t('password.link.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [shown, setShown] = useState(false);
  const [linkDead, setLinkDead] = useState(false);
  const form = useForm(NewPasswordForm, { new_password: '' });
  const reset = useResetPasswordWithToken();
  const submit = useFormSubmit(form, {
    busy: reset.isPending,
    send: (data: { new_password: string }) =>
      reset.mutate(
        { token, new_password: data.new_password },
        {
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'password_reset_link_invalid') setLinkDead(true);
            submit.showServerErrors(error);
            submit.setFailure(errorMessage(error, 'password.link.failed'));
          },
        },
      ),
  });

  if (reset.isSuccess) {
    return (
      <article className="page page--narrow password-page">
        <h1>{t('password.link.title')}</h1>
        <p className="form-status form-status--success" role="status">
          {t('password.link.done')}
        </p>
        <p>
          <RouteLink to="login" className="tap-link">
            {t('password.link.login')}
          </RouteLink>
        </p>
      </article>
    );
  }

  return (
    <article className="page page--narrow password-page">
      <h1>{t('password.link.title')}</h1>
      {token ? (
        <>
          <p className="password-page__intro">{t('password.link.intro')}</p>
          <form
            ref={submit.ref}
            className="form-narrow"
            aria-label={t('password.link.formLabel')}
            onSubmit={submit.onSubmit}
            noValidate
          >
            <TextField
              form={form}
              name="new_password"
              type={shown ? 'text' : 'password'}
              label={t('password.link.newPassword')}
              autoComplete="new-password"
              required
            />
            <ShowPassword shown={shown} onChange={setShown} />
            <FormFailure message={submit.failure} />
            <SubmitButton busy={reset.isPending}>
              {reset.isPending ? t('password.link.saving') : t('password.link.submit')}
            </SubmitButton>
          </form>
        </>
      ) : (
        <p role="alert">{t('password.link.missing')}</p>
      )}
      {!token || linkDead ? (
        <p className="password-form__links">
          <RouteLink to="forgotPassword" className="tap-link">
            {t('password.link.requestNew')}
          </RouteLink>
        </p>
      ) : null}
    </article>
  );
}
