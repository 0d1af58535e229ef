import { type ContentByUrlResponse, type PageRoute, type PageRouteId, pageRoutes } from '@storyhouse/contracts';
import type { ComponentType } from 'react';
import { BrowserRouter, matchPath, Route, Routes, StaticRouter } from 'react-router';
// Not lazy: the CMS page resolves every path the route table does not name,
// and shows the not-found page, which is also what an offline visitor sees
// (spec §2): offline, a lazy chunk could not be fetched. Its layouts are lazy.
import { cmsPagePath } from '../features/cms/api/get-page';
import CmsPage from '../features/cms/cms-page';
import { peekFirstAnswer } from '../lib/first-data';
import { type Preloadable, preloadable } from '../lib/preloadable';
import { Loading } from '../ui/loading';
import { cmsLayouts } from './cms-layouts';
import { RouteGuard } from './route-guard';
import { Shell } from './shell/shell';

type Screen = Preloadable<object> | ComponentType;

/** The CMS page with the layout registry (app/cms-layouts.tsx): the screen of every CMS-backed route. */
const CmsScreen = () => <CmsPage layouts={cmsLayouts} />;

/**
 * A screen of the back office (issue 29): all of them come in one lazy
 * module, so its pages cost the shell's first download one import, however many there are.
 */
const adminScreen = (name: keyof typeof import('../features/admin/admin-screens')) =>
  preloadable<object>(async () => {
    const screens = await import('../features/admin/admin-screens');
    const screen: ComponentType = screens[name];
    return { default: screen };
  });

/**
 * The screen of every page route in packages/contracts (the one route
 * table). The Record type makes a route without a screen a compile error.
 * Screens load lazily so the shell's first download stays small.
 */
const screens: Record<PageRouteId, Screen> = {
  home: CmsScreen,
  shop: preloadable(() => import('../features/shop/shop-page')),
  story: preloadable(() => import('../features/story/story-page')),
  cart: preloadable(() => import('../features/cart/cart-page')),
  checkout: preloadable(() => import('../features/checkout/checkout-page')),
  payment: preloadable(() => import('../features/checkout/payment-page')),
  freeStreaming: CmsScreen,
  freeStreamingAlbum: preloadable(() => import('../features/free-streaming/free-streaming-album-page')),
  guestBookModerate: preloadable(() => import('../features/guestbook/guestbook-moderate-page')),
  search: CmsScreen,
  contact: CmsScreen,
  privacy: CmsScreen,
  russianProgram: CmsScreen,
  freeMp3: CmsScreen,
  subscription: CmsScreen,
  giftCard: CmsScreen,
  supportUs: CmsScreen,
  newsletterConfirm: preloadable(() => import('../features/newsletter/confirm-page')),
  adventures: preloadable(() => import('../features/adventures/adventures-page')),
  mailbox: preloadable(() => import('../features/mailbox/mailbox-page')),
  login: preloadable(() => import('../features/login/login-page')),
  admin: adminScreen('AdminPage'),
  adminOrders: adminScreen('AdminOrdersPage'),
  adminOrder: adminScreen('AdminOrderPage'),
  adminUsers: adminScreen('UsersPage'),
  adminUser: adminScreen('AdminUserPage'),
  adminAudit: adminScreen('AuditPage'),
  adminRenewals: adminScreen('RenewalsPage'),
  adminDonors: adminScreen('DonorsPage'),
  adminReports: adminScreen('ReportsPage'),
  adminStatement: adminScreen('StatementPage'),
  adminMedia: adminScreen('MediaPage'),
  adminProducts: adminScreen('ProductsPage'),
  adminProductNew: adminScreen('ProductNewPage'),
  adminProduct: adminScreen('ProductPage'),
  adminPromoted: adminScreen('PromotedPage'),
  forgotPassword: preloadable(() => import('../features/passwords/forgot-password-page')),
  passwordResetLink: preloadable(() => import('../features/passwords/reset-link-page')),
  resetPassword: preloadable(() => import('../features/passwords/change-password-page')),
  createAccount: preloadable(() => import('../features/accounts/create-account-page')),
  accountSettings: preloadable(() => import('../features/accounts/account-settings-page')),
  emailChangeUndo: preloadable(() => import('../features/accounts/email-undo-page')),
  orders: preloadable(() => import('../features/orders/orders-page')),
  subscriptions: preloadable(() => import('../features/my-subscription/my-subscription-page')),
  subscriptionCancel: preloadable(() => import('../features/my-subscription/cancel-subscription-page')),
  claimGift: preloadable(() => import('../features/gift-claim/claim-gift-page')),
  library: preloadable(() => import('../features/library/library-page')),
  libraryAlbum: preloadable(() => import('../features/library/library-album-page')),
};

/**
 * Loads the code of the page the visitor opened (its screen, or its CMS
 * layout as the page's embedded answer names it) before the first render,
 * so the page appears whole and does not jump as its parts arrive
 * (decision 014). Resolves, never rejects: a failed load is the screen's
 * own to show.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  const id = (Object.keys(pageRoutes) as PageRouteId[]).find((r) => pageRoutes[r].paths.some((p) => matchPath(p, pathname)));
  const screen = id ? screens[id] : CmsScreen;
  if ('preload' in screen) return screen.preload().catch(() => undefined);
  const page = peekFirstAnswer(cmsPagePath(pathname));
  const template = page?.status === 200 ? (page.body as ContentByUrlResponse).cms_template : undefined;
  return template ? cmsLayouts[template].preload().catch(() => undefined) : Promise.resolve();
}

/** The route table; `location` is a server render's address (decision 015), else the window's. */
export function AppRoutes({ location }: { location?: string }) {
  const routes = (
    <Routes>
      <Route element={<Shell fallback={<Loading />} />}>
        {(Object.keys(pageRoutes) as PageRouteId[]).flatMap((id) => {
          const Screen = screens[id];
          const access: PageRoute['access'] = pageRoutes[id].access;
          return pageRoutes[id].paths.map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <RouteGuard access={access}>
                  <Screen />
                </RouteGuard>
              }
            />
          ));
        })}
        <Route path="*" element={<CmsScreen />} />
      </Route>
    </Routes>
  );
  return location === undefined ? (
    <BrowserRouter>{routes}</BrowserRouter>
  ) : (
    <StaticRouter location={location}>{routes}</StaticRouter>
  );
}
