import { Link, useNavigate } from 'react-router';
import { useI18n } from '../lib/i18n';
import { useOnline } from '../lib/use-online';
import { RouteItem } from './route-link';
import { useDocumentTitle } from './use-document-title';

/** Spec §2: online it offers back, home, search and contact; offline it says so. */
export default function NotFoundPage() {
  const { t } = useI18n();
  const online = useOnline();
  const navigate = useNavigate();
  useDocumentTitle(online ? t('notFound.title') : t('notFound.offlineTitle'));

  if (!online) {
    return (
      <article className="page page--narrow not-found">
        <h1>{t('notFound.offlineTitle')}</h1>
        <p>{t('notFound.offlineText')}</p>
      </article>
    );
  }
  return (
    <article className="page page--narrow not-found">
      <h1>{t('notFound.title')}</h1>
      <p className="lead">{t('notFound.subtitle')}</p>
      <p>{t('notFound.text')}</p>
      <ul className="not-found__links">
        <li>
          <button type="button" className="link-button" onClick={() => navigate(-1)}>
            {t('notFound.back')}
          </button>
        </li>
        <li>
          <Link to="/">{t('notFound.home')}</Link>
        </li>
        <RouteItem to="search">{t('notFound.search')}</RouteItem>
        <RouteItem to="contact">{t('notFound.contact')}</RouteItem>
      </ul>
    </article>
  );
}
