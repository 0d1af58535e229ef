import { CmsHtml } from '../../components/cms/cms-html';
import type { LayoutProps } from '../../components/cms/layout-props';
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
