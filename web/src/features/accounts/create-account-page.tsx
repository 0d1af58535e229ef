import { routePath, safeBackLocation } from '@storyhouse/contracts';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AccountForm } from './account-form';
import { useSession } from './api/get-session';
import './account.css';

/**
 * Spec §2 /create-account: the account form in create mode. The new user is
 * signed in and sent to back_location (query parameter, default /); someone
 * already signed in is sent to their settings.
 */
export default function CreateAccountPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const session = useSession();
  const backLocation = safeBackLocation(params.get('back_location'));
  useDocumentTitle(t('account.title.create'));

  const settings = routePath('accountSettings', lang);
  if (session.data?.logged_in && settings) return <Navigate to={settings} replace />;

  const login = routePath('login', lang);
  return (
    <article className="page account-page">
      <h1>{t('account.title.create')}</h1>
      {login ? (
        <p className="account-page__links">
          {t('account.haveAccount')}{' '}
          <Link to={`${login}?${new URLSearchParams({ back_location: backLocation })}`}>{t('account.login')}</Link>
        </p>
      ) : null}
      <AccountForm mode="create" backLocation={backLocation} />
    </article>
  );
}
