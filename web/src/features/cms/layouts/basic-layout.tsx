import { CmsHtml } from '../../../components/cms/cms-html';
import { CmsSidebar } from '../../../components/cms/cms-sidebar';
import type { LayoutProps } from '../../../components/cms/layout-props';
import { PageNewsletter } from '../../../components/cms/page-newsletter';

/**
 * Spec §2 Basic subpage: intro, the main HTML content, the sidebar (image
 * with caption, HTML, and the section's menu) and the newsletter block when
 * the page asks for it. Also the text of the offer pages (donations, gift
 * card, subscription) until their purchase forms arrive with checkout.
 */
export default function BasicLayout({ page }: LayoutProps) {
  const entry = page.cms_entry;
  return (
    <div className="cms-columns">
      <div className="cms-main">
        <CmsHtml html={entry.intro} className="cms-intro" />
        <CmsHtml html={entry.main_content} />
      </div>
      <CmsSidebar entry={entry} branch={page.cms_entry_navigation} />
      <PageNewsletter entry={entry} />
    </div>
  );
}
