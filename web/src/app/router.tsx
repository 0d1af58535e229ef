import { type ContentByUrlResponse, type PageRoute, type PageRouteId, pageRoutes } from '@storyhouse/contracts';
import type { ComponentType } from 'react';
import { BrowserRouter, matchPath, Route, Routes, StaticRouter } from 'react-router';
import { cmsPagePath } from '../features/cms/api/cms-page-path';
import { peekFirstAnswer } from '../lib/first-data';
import { type Preloadable, preloadable } from '../lib/preloadable';
import { Loading } from '../ui/loading';
import NotFoundPage from '../ui/not-found-page';
import type { BrowserScreenId } from './browser-screens';
import { cmsLayouts } from './cms-layouts';
import { RouteGuard } from './route-guard';
import { Shell } from './shell/shell';

type Screen = Preloadable<object> | ComponentType;

/**
 * The CMS page: it resolves every path the route table does not name. It
 * loads as the other screens do, before the first render of a page that
 * shows it (`preloadFirstScreen`, beside the page's layout) and when the
 * browser is idle on any other (`preloadScreenTable`). Where its code cannot
 * be fetched (offline, without the service worker's copy) it is the
 * not-found page, which offline is the offline notice: what the CMS page
 * itself shows offline for a page it has not loaded (spec §2).
 */
const CmsPage = preloadable<{ layouts: typeof cmsLayouts }>(() =>
  import('../features/cms/cms-page').catch(() => ({ default: NotFoundPage })),
);

/** The CMS page with the layout registry (app/cms-layouts.tsx): the screen of every CMS-backed route. */
const CmsScreen = () => <CmsPage layouts={cmsLayouts} />;

/** The table of the screens of the pages the browser renders (app/browser-screens.ts), fetched once. */
const browserScreenTable = () => import('./browser-screens');

/**
 * A screen of a page the browser renders: its table loads first, then the
 * screen. The page's HTML asks for the table beside the entry when the
 * visitor opens such a page (server/src/modules/web/screen-modules.ts), and
 * every page asks for it once the browser is idle (`preloadScreenTable`), so
 * a move to such a page waits for the screen alone.
 */
const later = (id: BrowserScreenId): Preloadable<object> =>
  preloadable(() => browserScreenTable().then((m) => m.browserScreens[id]()));

/** Fetches the table of the browser-rendered pages' screens and the CMS page ahead, when the browser is idle (main.tsx). */
export function preloadScreenTable() {
  // Offline it waits for a move that needs it (the service worker's copy answers then, decision 034).
  const start = () => navigator.onLine && void Promise.all([browserScreenTable(), CmsPage.preload()]).catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(start);
  else setTimeout(start, 1000);
}

/**
 * The screen of every page route in packages/contracts (the one route
 * table). The Record type makes a route without a screen a compile error.
 * Screens load lazily so the shell's first download stays small; those of
 * the pages the browser renders come from a table that loads lazily too.
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
  guestBookModerate: later('guestBookModerate'),
  search: CmsScreen,
  contact: CmsScreen,
  privacy: CmsScreen,
  russianProgram: CmsScreen,
  freeMp3: CmsScreen,
  subscription: CmsScreen,
  giftCard: CmsScreen,
  supportUs: CmsScreen,
  newsletterConfirm: later('newsletterConfirm'),
  newsletterUnsubscribe: later('newsletterUnsubscribe'),
  adventures: later('adventures'),
  mailbox: later('mailbox'),
  login: later('login'),
  admin: later('admin'),
  adminPagePreview: later('adminPagePreview'),
  forgotPassword: later('forgotPassword'),
  passwordResetLink: later('passwordResetLink'),
  resetPassword: later('resetPassword'),
  createAccount: later('createAccount'),
  accountSettings: later('accountSettings'),
  family: later('family'),
  emailChangeUndo: later('emailChangeUndo'),
  orders: preloadable(() => import('../features/orders/orders-page')),
  subscriptions: preloadable(() => import('../features/my-subscription/my-subscription-page')),
  subscriptionCancel: later('subscriptionCancel'),
  claimGift: later('claimGift'),
  library: preloadable(() => import('../features/library/library-page')),
  libraryAlbum: later('libraryAlbum'),
  libraryStorage: later('libraryStorage'),
  whoIsListening: later('whoIsListening'),
  parentPin: later('parentPin'),
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
  return Promise.all([CmsPage.preload(), template && cmsLayouts[template].preload()]).catch(() => undefined);
}

/** The route table; `location` is a server render's address (decision 015), else the window's. */
export function AppRoutes({ location }: { location?: string }) {
  const routes = (
    <Routes>
      <Route element={<Shell fallback={<Loading />} />}>
        {(Object.keys(pageRoutes) as PageRouteId[]).flatMap((id) => {
          const Screen = screens[id];
          const route: PageRoute = pageRoutes[id];
          return pageRoutes[id].paths.map((path) => (
            <Route
              key={path}
              path={routerPath(route, path)}
              element={
                <RouteGuard access={route.access} listener={route.listener}>
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
