import type { LangCode } from './lang-codes';

/**
 * The page routes of spec §2, declared once for both sides: the web router
 * maps each id to a screen, the server answers 200 for these paths and 404
 * (with the not-found page) for any other. A capability adds its routes here
 * when it is built; routes of capabilities not built yet are absent.
 */
export const pageRoutes = {
  home: { paths: ['/'], access: 'open' },
  shop: { paths: ['/shop', '/tienda'], localized: { es: '/tienda' }, access: 'open' },
  story: { paths: ['/story/:slug'], access: 'open' },
  cart: { paths: ['/cart'], access: 'open' },
  freeStreaming: { paths: ['/free-streaming'], access: 'open' },
  freeStreamingAlbum: { paths: ['/free-streaming/album/:id'], access: 'open' },
} as const satisfies Record<string, PageRoute>;

export interface PageRoute {
  /** Path patterns; `:name` matches one segment. The first is the default. */
  paths: readonly string[];
  /** The path to link to on a given site language, when it differs (/tienda). */
  localized?: Partial<Record<LangCode, string>>;
  access: 'open' | 'signed-in' | 'admin';
}

/** Where to link for a route on a site language, or undefined when the route is not built. */
export function routePath(id: string, lang: LangCode): string | undefined {
  if (!isPageRouteBuilt(id)) return undefined;
  const route: PageRoute = pageRoutes[id];
  return route.localized?.[lang] ?? route.paths[0];
}

export type PageRouteId = keyof typeof pageRoutes;

export function isPageRouteBuilt(id: string): id is PageRouteId {
  return Object.hasOwn(pageRoutes, id);
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.replace(/\/+$/, '').split('/');
  if (pattern === '/') return path === '/' || path === '';
  if (a.length !== b.length) return false;
  return a.every((seg, i) => (seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]));
}

/** The page route a path belongs to, or undefined for a not-found path. */
export function matchPageRoute(path: string): PageRouteId | undefined {
  for (const [id, route] of Object.entries(pageRoutes) as [PageRouteId, PageRoute][]) {
    if (route.paths.some((p) => matches(p, path))) return id;
  }
  return undefined;
}
