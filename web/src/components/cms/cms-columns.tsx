import type { ContentByUrlResponse } from '@storyhouse/contracts';
import type { ReactNode } from 'react';
import { CmsHtml } from './cms-html';
import { CmsSidebar } from './cms-sidebar';
import { PageNewsletter } from './page-newsletter';

/**
 * The frame most CMS layouts share (spec §2): the entry's intro and main
 * content with the layout's own part after them, the sidebar (with the
 * section's menu unless `sectionMenu` is off) and the newsletter block when
 * the page asks for it.
 */
export function CmsColumns({
  page,
  sectionMenu = true,
  children,
}: {
  page: ContentByUrlResponse;
  sectionMenu?: boolean;
  children?: ReactNode;
}) {
  const entry = page.cms_entry;
  return (
    <div className="cms-columns">
      <div className="cms-main">
        <CmsHtml html={entry.intro} className="cms-intro" />
        <CmsHtml html={entry.main_content} />
        {children}
      </div>
      <CmsSidebar entry={entry} branch={sectionMenu ? page.cms_entry_navigation : undefined} />
      <PageNewsletter entry={entry} />
    </div>
  );
}
