import { type PageRoute, type PageRouteId, pageRoutes } from '@storyhouse/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
// Not lazy: the CMS page resolves every path the route table does not name,
// and shows the not-found page, which is also what an offline visitor sees
// (spec §2): offline, a lazy chunk could not be fetched. Its layouts are lazy.
import CmsPage from '../features/cms/cms-page';
import { Loading } from '../ui/loading';
import { cmsLayouts } from './cms-layouts';
import { RouteGuard } from './route-guard';
import { Shell } from './shell/shell';

type Screen = LazyExoticComponent<ComponentType> | ComponentType;

/** The CMS page with the layout registry (app/cms-layouts.tsx): the screen of every CMS-backed route. */
const CmsScreen = () => <CmsPage layouts={cmsLayouts} />;

/**
 * The screen of every page route in packages/contracts (the one route
 * table). The Record type makes a route without a screen a compile error.
 * Screens load lazily so the shell's first download stays small.
 */
const screens: Record<PageRouteId, Screen> = {
  home: CmsScreen,
  shop: lazy(() => import('../features/shop/shop-page')),
  story: lazy(() => import('../features/story/story-page')),
  cart: lazy(() => import('../features/cart/cart-page')),
  freeStreaming: CmsScreen,
  freeStreamingAlbum: lazy(() => import('../features/free-streaming/free-streaming-album-page')),
  guestBookModerate: lazy(() => import('../features/guestbook/guestbook-moderate-page')),
  search: CmsScreen,
  contact: CmsScreen,
  privacy: CmsScreen,
  russianProgram: CmsScreen,
  freeMp3: CmsScreen,
  newsletterConfirm: lazy(() => import('../features/newsletter/confirm-page')),
  adventures: lazy(() => import('../features/adventures/adventures-page')),
  mailbox: lazy(() => import('../features/mailbox/mailbox-page')),
  login: lazy(() => import('../features/login/login-page')),
  admin: lazy(() => import('../features/admin/admin-page')),
  forgotPassword: lazy(() => import('../features/passwords/forgot-password-page')),
  passwordResetLink: lazy(() => import('../features/passwords/reset-link-page')),
  resetPassword: lazy(() => import('../features/passwords/change-password-page')),
  createAccount: lazy(() => import('../features/accounts/create-account-page')),
  accountSettings: lazy(() => import('../features/accounts/account-settings-page')),
};

export function AppRoutes() {
  return (
    <BrowserRouter>
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
    </BrowserRouter>
  );
}
