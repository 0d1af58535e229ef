import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The welcome at "/" until the CMS home page (its own capability) replaces it. */
export default function HomePage() {
  const { t } = useI18n();
  useDocumentTitle(undefined);
  return (
    <article className="page page--narrow">
      <h1>{t('home.title')}</h1>
      <p className="lead">{t('home.intro')}</p>
    </article>
  );
}
