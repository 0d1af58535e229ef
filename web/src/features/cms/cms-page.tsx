import type { ContentByUrlResponse } from '@storyhouse/contracts';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CmsHeader } from '../../components/cms/cms-header';
import type { CmsLayouts } from '../../components/cms/layout-props';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { useOnline } from '../../lib/use-online';
import NotFoundPage from '../../ui/not-found-page';
import { LoadError } from '../../ui/query-status';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useCmsPage } from './api/get-page';
import { useCmsAssets } from './use-cms-assets';
import '../../components/cms/cms.css';
import './cms.css';

/** Spec §9: a loading notice appears only if the page takes longer than this. */
const MIN_DISPLAY_DELAY_MS = 400;

function DelayedLoading() {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), MIN_DISPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p className="loading" role="status">
      {shown ? t('shell.loading') : ''}
    </p>
  );
}

const noAssets: string[] = [];

/**
 * The tab title of a shown entry. A component of its own, mounted with the
 * entry: the not-found page sets its own title, and the CmsPage around
 * both stays mounted from one path to the next.
 */
function EntryTitle({ title }: { title: string | undefined }) {
  useDocumentTitle(title);
  return null;
}

/**
 * Spec §2 CMS page: resolves the current path (an empty path is /index) to
 * its entry and shows the entry type's layout, under the header (hero image
 * and title) for every type but the home page. Content fades in when it comes
 * with a move to another page (not on the page as opened). A path the
 * CMS does not have is the not-found page (offline: the offline notice).
 * `layouts` (app/cms-layouts.tsx) names the layout of each entry type.
 */
export default function CmsPage({ layouts }: { layouts: CmsLayouts }) {
  const { lang } = useI18n();
  const online = useOnline();
  const { pathname, key } = useLocation();
  const { data, error, isPending, refetch } = useCmsPage(lang, pathname);
  const entry = data?.cms_entry;
  useCmsAssets(entry?.scripts ?? noAssets, entry?.stylesheets ?? noAssets);

  // Offline, a page not loaded yet cannot load (the query waits for the network): the offline notice.
  if (isPending) return online ? <DelayedLoading /> : <NotFoundPage />;
  if (error) {
    if ((error instanceof ApiError && error.status === 404) || !online) return <NotFoundPage />;
    return (
      <article className="page">
        <LoadError error={error} onRetry={() => void refetch()} />
      </article>
    );
  }
  if (!data.cms_entry.title) return <NotFoundPage />;
  // The page as it was opened is there at first paint (decision 015), so it does not fade (react-router keys it "default").
  return <CmsPageBody page={data} layouts={layouts} fade={key !== 'default'} />;
}

/**
 * A CMS page's answer as the site shows it: the entry type's layout under
 * the header (hero image and title) for every type but the home page. The
 * page route's, and an admin's preview of a draft (issue 30 item 3), which
 * is the same page from another answer.
 */
export function CmsPageBody({ page, layouts, fade }: { page: ContentByUrlResponse; layouts: CmsLayouts; fade: boolean }) {
  const Layout = layouts[page.cms_template];
  return (
    <article key={page.cms_entry.id} className={`page cms-page cms-page--${page.cms_template}`}>
      <EntryTitle title={page.cms_template === 'home-page' ? undefined : page.cms_entry.title} />
      {page.cms_template === 'home-page' ? null : <CmsHeader entry={page.cms_entry} />}
      <Suspense fallback={<DelayedLoading />}>
        {/* Content that arrives with a move to another page fades in. */}
        <div className={fade ? 'cms-fade' : undefined}>
          <Layout page={page} />
        </div>
      </Suspense>
    </article>
  );
}
