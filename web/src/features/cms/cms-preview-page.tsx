import { adminPageRoutes } from '@storyhouse/contracts';
import { Link, useParams } from 'react-router';
import type { CmsLayouts } from '../../components/cms/layout-props';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useCmsPreview } from './api/get-preview';
import { CmsPageBody } from './cms-page';
import { useCmsAssets } from './use-cms-assets';
import '../../components/cms/cms.css';
import './cms.css';

const noAssets: string[] = [];

/**
 * Issue 30 item 3: an admin's preview of a page's draft, shown by the site's
 * own page components (layouts, header, scripts and stylesheets) under a
 * banner that says it is a draft. Admins acting as themselves only (the
 * route and the API both say so); never cached, never indexed.
 */
export default function CmsPreviewPage({ layouts }: { layouts: CmsLayouts }) {
  const { t } = useI18n();
  const id = Number(useParams().id);
  const { data, error, isPending, refetch } = useCmsPreview(id);
  useCmsAssets(data?.cms_entry.scripts ?? noAssets, data?.cms_entry.stylesheets ?? noAssets);
  useDocumentTitle(data ? t('admin.pagePreview.title', { title: data.cms_entry.title }) : undefined);
  return (
    <>
      <meta name="robots" content="noindex" />
      <aside className="cms-preview-banner" aria-label={t('admin.pagePreview.banner')}>
        <p>{t('admin.pagePreview.banner')}</p>
        <Link to={adminPageRoutes.adminPage.paths[0].replace(':id', String(id))}>{t('admin.pagePreview.backToEditor')}</Link>
      </aside>
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <article className="page">
          <LoadError error={error} onRetry={() => void refetch()} />
        </article>
      ) : (
        <CmsPageBody page={data} layouts={layouts} fade={false} />
      )}
    </>
  );
}
