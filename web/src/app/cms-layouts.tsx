import type { CmsEntry, CmsTemplate } from '@storyhouse/contracts';
import type { ComponentType } from 'react';
import type { LayoutProps } from '../components/cms/layout-props';
import { type Preloadable, preloadable } from '../lib/preloadable';

type Layout = Preloadable<LayoutProps>;

/** A layout written against the entry alone (the forms' layouts). */
const entryLayout = (load: () => Promise<{ default: ComponentType<{ entry: CmsEntry }> }>): Layout =>
  preloadable(async () => {
    const { default: Body } = await load();
    return { default: ({ page }: LayoutProps) => <Body entry={page.cms_entry} /> };
  });

const basic = preloadable(() => import('../features/cms/layouts/basic-layout'));

/**
 * Spec §2 CMS page: the layout of each entry type, loaded when a page of
 * that type is first shown. The Record type makes a template without a
 * layout a compile error. Donations, gift card and subscription add to the
 * cart; paying for it belongs to checkout.
 */
export const cmsLayouts: Record<CmsTemplate, Layout> = {
  'basic-subpage': basic,
  'home-page': preloadable(() => import('../features/home/home-layout')),
  'free-streaming': preloadable(() => import('../features/free-streaming/free-streaming-layout')),
  'store-product-list': preloadable(() => import('../features/shop/store-product-list-layout')),
  'contact-us': entryLayout(() => import('../features/contact/contact-layout')),
  guestbook: entryLayout(() => import('../features/guestbook/guestbook-layout')),
  'free-mp3': entryLayout(() => import('../features/free-mp3/free-mp3-layout')),
  search: entryLayout(() => import('../features/search/search-layout')),
  donations: preloadable(() => import('../features/donations/donations-layout')),
  'gift-card': preloadable(() => import('../features/gift-card/gift-card-layout')),
  subscription: preloadable(() => import('../features/subscription/subscription-layout')),
};
