import { CmsColumns } from '../../../components/cms/cms-columns';
import type { LayoutProps } from '../../../components/cms/layout-props';

/**
 * Spec §2 Basic subpage: intro, the main HTML content, the sidebar (image
 * with caption, HTML, and the section's menu) and the newsletter block when
 * the page asks for it. Also the text of the offer pages (donations, gift
 * card) until their purchase forms arrive with checkout.
 */
export default function BasicLayout({ page }: LayoutProps) {
  return <CmsColumns page={page} />;
}
