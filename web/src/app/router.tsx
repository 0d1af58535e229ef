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
  newsletterUnsubscribe: preloadable(() => import('../features/newsletter/unsubscribe-page')),
  adventures: preloadable(() => import('../features/adventures/adventures-page')),
  mailbox: preloadable(() => import('../features/mailbox/mailbox-page')),
  login: preloadable(() => import('../features/login/login-page')),
  // The back office: one lazy module holds its pages and their routes (features/admin/admin-app.tsx).
  admin: preloadable(() => import('../features/admin/admin-app')),
  adminPagePreview: preloadable(() => import('./cms-preview-screen')),
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
  libraryStorage: preloadable(() => import('../features/library/keep/storage-page')),
};

/** A route's path for the router: a nested route (the back office) takes the paths under it too. */
const routerPath = (route: PageRoute, path: string) => (route.nested ? `${path}/*` : path);

/**
 * Loads the code of the page the visitor opened (its screen, or its CMS
 * layout as the page's embedded answer names it) before the first render,
 * so the page appears whole and does not jump as its parts arrive
 * (decision 014). Resolves, never rejects: a failed load is the screen's
 * own to show.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  const id = (Object.keys(pageRoutes) as PageRouteId[]).find((r) =>
    pageRoutes[r].paths.some((p) => matchPath(routerPath(pageRoutes[r], p), pathname)),
  );
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
              path={routerPath(pageRoutes[id], path)}
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
  // Only the server render's build (import.meta.env.SSR) keeps StaticRouter: the browser's drops it and the code it
  // alone needs (a stateless navigator), which would otherwise ride in the first download (scripts/check-bundle.mjs).
  return import.meta.env.SSR && location !== undefined ? (
    <StaticRouter location={location}>{routes}</StaticRouter>
  ) : (
    <BrowserRouter>{routes}</BrowserRouter>
  );
}
