import { describe, expect, it } from 'vitest';
import { isPageRouteBuilt, matchPageRoute, type PageRoute, pageRoutes, routePath } from './routes';

const routes = Object.entries(pageRoutes) as [keyof typeof pageRoutes, PageRoute][];
/** A concrete path for a pattern: each `:param` filled in. */
const sample = (pattern: string) => pattern.replace(/:[^/]+/g, 'sample-value');

describe('matchPageRoute', () => {
  it('matches the home page, with or without the slash', () => {
    expect(matchPageRoute('/')).toBe('home');
    expect(matchPageRoute('')).toBe('home');
  });

  it('gives the back office every path under /admin (its pages come with its code), a page of its own first', () => {
    expect(matchPageRoute('/admin')).toBe('admin');
    expect(matchPageRoute('/admin/orders/12')).toBe('admin');
    expect(matchPageRoute('/admin/pages/12/preview')).toBe('adminPagePreview');
    expect(matchPageRoute('/administrators')).toBeUndefined();
  });

  it('matches nothing for paths that are not pages', () => {
    for (const path of ['/no-such-page', '/crud/session', '/healthz', '/assets/index-Fx7ure01.js', '//', '/?x=1']) {
      expect(matchPageRoute(path), path).toBeUndefined();
    }
  });

  it.each(routes)('matches every path of the %s route, also with a trailing slash', (id, route) => {
    for (const pattern of route.paths) {
      expect(matchPageRoute(sample(pattern)), pattern).toBe(id);
      if (pattern !== '/') expect(matchPageRoute(`${sample(pattern)}/`), `${pattern}/`).toBe(id);
    }
  });

  it('gives each path to exactly one route', () => {
    const owners = routes.flatMap(([id, route]) => route.paths.map((p) => [p, id, matchPageRoute(sample(p))]));

    expect(owners.filter(([, id, matched]) => matched !== id)).toEqual([]);
    const paths = routes.flatMap(([, route]) => route.paths);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('routePath', () => {
  it('links to the home page at / on every site', () => {
    expect(routePath('home', 'en')).toBe('/');
    expect(routePath('home', 'es')).toBe('/');
    expect(routePath('home', 'ru')).toBe('/');
  });

  it('is undefined for a route that is not built (the link is left out)', () => {
    expect(routePath('no-such-route', 'en')).toBeUndefined();
    expect(routePath('toString', 'en')).toBeUndefined();
    expect(isPageRouteBuilt('constructor')).toBe(false);
    expect(isPageRouteBuilt('home')).toBe(true);
  });

  it.each(routes)('links the %s route only to paths the server answers with 200', (id) => {
    for (const lang of ['en', 'es', 'ru'] as const) {
      const path = routePath(id, lang);
      expect(path, lang).toBeDefined();
      expect(matchPageRoute(sample(path as string)), `${lang}: ${path}`).toBe(id);
    }
  });
});
