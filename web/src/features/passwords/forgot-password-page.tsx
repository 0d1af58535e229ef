import { type ForgotPasswordInput as ForgotPassword, ForgotPasswordInput } from '@storyhouse/contracts';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useForgotPassword } from './api/forgot-password';
import './passwords.css';

/**
 * Spec §2 /forgot-password, §4 Forgot password: Ready, Submitting,
 * Submitted (a confirmation with a link to login); an error shows the
 * server's message and returns to Ready. The confirmation reads the same
 * whether or not the address has an account.
 */
export default function ForgotPasswordPage() {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  useDocumentTitle(t('password.forgot.title'));
  const form = useForm(ForgotPasswordInput, { email: '', lang_code: lang as string });
  const forgot = useForgotPassword();
  const submit = useFormSubmit(form, {
    busy: forgot.isPending,
    send: (data: ForgotPassword) =>
      forgot.mutate(data, {
        onError: (error) => {
          submit.showServerErrors(error);
          submit.setFailure(errorMessage(error, 'password.forgot.failed'));
        },
      }),
  });

  if (forgot.isSuccess) {
    return (
      <article className="page page--narrow password-page">
        <h1>{t('password.forgot.title')}</h1>
        <p className="form-status form-status--success" role="status">
          {t('password.forgot.sent', { email: forgot.variables.email.trim() })}
        </p>
        <p>
          <RouteLink to="login" className="tap-link">
            {t('password.forgot.login')}
          </RouteLink>
        </p>
      </article>
    );
  }

  return (
    <article className="page page--narrow password-page">
      <h1>{t('password.forgot.title')}</h1>
      <p className="password-page__intro">{t('password.forgot.intro')}</p>
      <form
        ref={submit.ref}
        className="form-narrow"
        aria-label={t('password.forgot.formLabel')}
        onSubmit={submit.onSubmit}
        noValidate
      >
        <TextField
          form={form}
          name="email"
          type="email"
          label={t('password.forgot.email')}
          autoComplete="email"
          required
          maxLength={254}
        />
        <FormFailure message={submit.failure} />
        <SubmitButton busy={forgot.isPending}>
          {forgot.isPending ? t('password.forgot.submitting') : t('password.forgot.submit')}
        </SubmitButton>
        <p className="password-form__links">
          <RouteLink to="login" className="tap-link">
            {t('password.forgot.login')}
          </RouteLink>
        </p>
      </form>
    </article>
  );
}
