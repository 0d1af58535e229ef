import { routePath } from '@storyhouse/contracts';
import { Link, Navigate } from 'react-router';
import { useSession } from '../../components/session/api/get-session';
import { loginPath } from '../../lib/back-location';
import { useI18n } from '../../lib/i18n';
import { useBackLocation } from '../../lib/use-back-location';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AccountForm } from './account-form';
import './account.css';

/**
 * Spec §2 /create-account: the account form in create mode. The new user is
 * signed in and sent to back_location (query parameter, default /); someone
 * already signed in is sent to their settings.
 */
export default function CreateAccountPage() {
  const { t, lang } = useI18n();
  const session = useSession();
  const backLocation = useBackLocation();
  useDocumentTitle(t('account.title.create'));

  const settings = routePath('accountSettings', lang);
  if (session.data?.logged_in && settings) return <Navigate to={settings} replace />;

  return (
    <article className="page account-page">
      <h1>{t('account.title.create')}</h1>
      <p className="account-page__links">
        {t('account.haveAccount')} <Link to={loginPath(backLocation)}>{t('account.login')}</Link>
      </p>
      <AccountForm mode="create" backLocation={backLocation} />
    </article>
  );
}
