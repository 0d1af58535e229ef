import { type LoginInput, loginForm, routePath, safeBackLocation } from '@storyhouse/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CaptchaField } from '../../components/captcha/captcha-field';
import { pathAfterSignIn } from '../../components/session/api/session-profiles';
import { ApiError } from '../../lib/api-client';
import { withBackLocation } from '../../lib/back-location';
import { useI18n } from '../../lib/i18n';
import { useBackLocation } from '../../lib/use-back-location';
import { TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useLogin } from './api/login';
import './login.css';

/** The form's rules before and after the server asked for a captcha (one schema object each, for useForm). */
const plainForm = loginForm(false);
const challengeForm = loginForm(true);

/** A link to a route carrying back_location (create account), absent when the route is not built. */
function RouteLinkWithBack({ to, back, children }: { to: string; back: string; children: string }) {
  const { lang } = useI18n();
  const path = routePath(to, lang);
  if (!path) return null;
  return <Link to={withBackLocation(path, back)}>{children}</Link>;
}

/**
 * Spec §2 /login: e-mail and password, the server's message on failure
 * (spec §8), links to create an account (carrying back_location) and to
 * forgot-password. After login the page loads back_location as the server
 * decided it (admin rules), so session, user and cart start fresh ("Who's
 * listening?" first for a family with child profiles). After
 * repeated failed logins for the e-mail the server answers
 * `captcha_required`: the captcha appears and the next submit carries its
 * solution (each solution is good once, so a refused submit asks for a new one).
 */
export default function LoginPage() {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const back = useBackLocation();
  useDocumentTitle(t('accountsLogin.title'));

  const [challenge, setChallenge] = useState(false);
  const form = useForm(challenge ? challengeForm : plainForm, {
    email: '',
    password: '',
    back_location: back,
    captcha: '',
  });
  const login = useLogin();
  const submit = useFormSubmit(form, {
    busy: login.isPending || login.isSuccess,
    send: ({ captcha, ...data }: LoginInput) =>
      login.mutate(
        { ...data, ...(captcha ? { captcha } : {}), back_location: back },
        {
          // A family with child profiles is asked who is listening on this device first.
          onSuccess: ({ back_location }) =>
            void pathAfterSignIn(safeBackLocation(back_location)).then((next) => window.location.assign(next)),
          onError: (error) => {
            // A sent solution may be spent (each is good once): the widget asks for a fresh one.
            if (captcha) form.set('captcha', '');
            if (error instanceof ApiError && error.code === 'captcha_required') setChallenge(true);
            if (submit.showServerErrors(error)) return;
            submit.setFailure(errorMessage(error));
          },
        },
      ),
  });
  const busy = login.isPending || login.isSuccess;

  return (
    <div className="page login-page">
      <h1 id={headingId}>{t('accountsLogin.title')}</h1>
      <form ref={submit.ref} onSubmit={submit.onSubmit} noValidate aria-labelledby={headingId} className="form-narrow">
        <TextField form={form} name="email" type="email" label={t('accountsLogin.email')} required autoComplete="username" />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t('accountsLogin.password')}
          required
          autoComplete="current-password"
        />
        {challenge ? <CaptchaField form={form} name="captcha" /> : null}
        <FormFailure message={submit.failure} />
        <SubmitButton busy={busy}>{busy ? t('accountsLogin.submitting') : t('accountsLogin.submit')}</SubmitButton>
      </form>
      <ul className="login-page__links">
        {routePath('createAccount', lang) ? (
          <li>
            {t('accountsLogin.noAccount')}{' '}
            <RouteLinkWithBack to="createAccount" back={back}>
              {t('accountsLogin.createAccount')}
            </RouteLinkWithBack>
          </li>
        ) : null}
        {routePath('forgotPassword', lang) ? (
          <li>
            <RouteLink to="forgotPassword" className="tap-link">
              {t('accountsLogin.forgotPassword')}
            </RouteLink>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
