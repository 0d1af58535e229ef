import { type PageRouteId, pageRoutes } from '@storyhouse/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
// Not lazy: the not-found page is also what an offline visitor sees on a
// path the app has no screen for (spec §2), and offline its chunk could not
// be fetched.
import NotFoundPage from '../features/not-found/not-found-page';
import { useI18n } from '../lib/i18n';
import { Shell } from './shell/shell';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * The screen of every page route in packages/contracts (the one route
 * table). The Record type makes a route without a screen a compile error.
 * Screens load lazily so the shell's first download stays small.
 */
const screens: Record<PageRouteId, Screen> = {
  home: lazy(() => import('../features/home/home-page')),
  shop: lazy(() => import('../features/shop/shop-page')),
  story: lazy(() => import('../features/story/story-page')),
  cart: lazy(() => import('../features/cart/cart-page')),
  freeStreaming: lazy(() => import('../features/free-streaming/free-streaming-page')),
  freeStreamingAlbum: lazy(() => import('../features/free-streaming/free-streaming-album-page')),
};

function Loading() {
  const { t } = useI18n();
  return (
    <p className="loading" role="status">
      {t('shell.loading')}
    </p>
  );
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Shell fallback={<Loading />} />}>
          {(Object.keys(pageRoutes) as PageRouteId[]).flatMap((id) => {
            const Screen = screens[id];
            return pageRoutes[id].paths.map((path) => <Route key={path} path={path} element={<Screen />} />);
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
