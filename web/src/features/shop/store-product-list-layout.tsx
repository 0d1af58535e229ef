import type { LayoutProps } from '../cms/cms-layouts';
import { CmsHtml } from '../cms/components/cms-html';
import { ShopCatalogue } from './shop-page';

/** Spec §2 Store product list as a CMS layout: the page's intro, then the shop. */
export default function StoreProductListLayout({ page }: LayoutProps) {
  return (
    <div className="shop">
      <CmsHtml html={page.cms_entry.intro} className="cms-intro" />
      <ShopCatalogue />
    </div>
  );
}
