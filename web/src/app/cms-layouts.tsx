import type { CmsEntry } from '@storyhouse/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { CmsLayouts, LayoutProps } from '../components/cms/layout-props';

type Layout = LazyExoticComponent<ComponentType<LayoutProps>>;

/** A layout written against the entry alone (the forms' layouts). */
const entryLayout = (load: () => Promise<{ default: ComponentType<{ entry: CmsEntry }> }>): Layout =>
  lazy(async () => {
    const { default: Body } = await load();
    return { default: ({ page }: LayoutProps) => <Body entry={page.cms_entry} /> };
  });

const basic = lazy(() => import('../features/cms/layouts/basic-layout'));

/**
 * Spec §2 CMS page: the layout of each entry type, loaded when a page of
 * that type is first shown. The Record type makes a template without a
 * layout a compile error. Donations, gift card and subscription show their
 * text with the basic layout; their purchase forms belong to checkout.
 */
export const cmsLayouts: CmsLayouts = {
  'basic-subpage': basic,
  'home-page': lazy(() => import('../features/home/home-layout')),
  'free-streaming': lazy(() => import('../features/free-streaming/free-streaming-layout')),
  'store-product-list': lazy(() => import('../features/shop/store-product-list-layout')),
  'contact-us': entryLayout(() => import('../features/contact/contact-layout')),
  guestbook: entryLayout(() => import('../features/guestbook/guestbook-layout')),
  'free-mp3': entryLayout(() => import('../features/free-mp3/free-mp3-layout')),
  search: entryLayout(() => import('../features/search/search-layout')),
  donations: basic,
  'gift-card': basic,
  subscription: basic,
};
