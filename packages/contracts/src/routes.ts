import type { LangCode } from './lang-codes';

/**
 * The page routes of spec §2, declared once for both sides: the web router
 * maps each id to a screen, the server answers 200 for these paths and 404
 * (with the not-found page) for any other. A capability adds its routes here
 * when it is built; routes of capabilities not built yet are absent.
 */
export const pageRoutes = {
  home: { paths: ['/'], access: 'open', cms: true, listener: true },
  shop: { paths: ['/shop', '/tienda'], localized: { es: '/tienda' }, access: 'open' },
  story: { paths: ['/story/:slug'], access: 'open' },
  cart: { paths: ['/cart'], access: 'open' },
  // Checkout step 1 of 2: shipping details and method (spec §2 Cart and checkout; a visitor logs in first, spec §6).
  checkout: { paths: ['/checkout'], access: 'signed-in' },
  // Checkout step 2 of 2: billing address and card, then the confirmation (?order=ID) (spec §2 /payment).
  payment: { paths: ['/payment'], access: 'signed-in' },
  freeStreaming: { paths: ['/free-streaming'], access: 'open', cms: true, listener: true },
  freeStreamingAlbum: { paths: ['/free-streaming/album/:id'], access: 'open', listener: true },
  // The moderation link e-mailed to the ministry (its token is the permission).
  guestBookModerate: { paths: ['/guestbook/moderate'], access: 'open' },
  // CMS pages with a fixed address (spec §2 route table); any other CMS path is served too (web router's catch-all).
  search: { paths: ['/search'], access: 'open', cms: true, listener: true },
  contact: { paths: ['/contact', '/contactar'], localized: { es: '/contactar' }, access: 'open', cms: true },
  privacy: { paths: ['/privacy', '/privacidad'], localized: { es: '/privacidad' }, access: 'open', cms: true, listener: true },
  russianProgram: {
    paths: ['/about/russian-program', '/quienes-somos/programa-ruso'],
    localized: { es: '/quienes-somos/programa-ruso' },
    access: 'open',
    cms: true,
    listener: true,
  },
  freeMp3: { paths: ['/get-a-free-mp3'], access: 'open', cms: true },
  subscription: { paths: ['/subscription', '/suscripcion'], localized: { es: '/suscripcion' }, access: 'open', cms: true },
  // Issue 12: the gift card page (the shop's gift card card links here) and the donations page (spec §2 route table).
  giftCard: { paths: ['/gift-card', '/tarjeta-de-regalo'], localized: { es: '/tarjeta-de-regalo' }, access: 'open', cms: true },
  supportUs: { paths: ['/support-us', '/apoyar'], localized: { es: '/apoyar' }, access: 'open', cms: true },
  // The newsletter's e-mailed confirmation link (double opt-in; its token is the permission).
  newsletterConfirm: { paths: ['/newsletter/confirm'], access: 'open' },
  // Issue 30 item 5: the unsubscribe link every newsletter e-mail carries (its token is the permission).
  newsletterUnsubscribe: { paths: ['/newsletter/unsubscribe'], access: 'open' },
  // The Bible-lessons sign-up (spec §2 Adventures sign-up); the developer mailbox (open: where the API is off or the
  // visitor is not an admin, it is the not-found page, not a login prompt, so it does not say it exists).
  adventures: { paths: ['/adventures/sign-up'], access: 'open' },
  mailbox: { paths: ['/dev/mailbox'], access: 'open' },
  // Password recovery (the e-mailed link's page carries its token) and the signed-in change (spec §2).
  forgotPassword: { paths: ['/forgot-password'], access: 'open' },
  passwordResetLink: { paths: ['/forgot-password/reset'], access: 'open' },
  resetPassword: { paths: ['/account/reset-password'], access: 'signed-in' },
  // Accounts (issue 5): login and the admin home (spec §2 /login, /admin).
  login: { paths: ['/login'], access: 'open' },
  // The back office: its overview, and every page under it, whose routes come with its code (admin-routes.ts).
  admin: { paths: ['/admin'], access: 'admin', nested: true },
  // Issue 30 item 3: a CMS page's draft as the site will show it (the site's own page screens draw it).
  adminPagePreview: { paths: ['/admin/pages/:id/preview'], access: 'admin' },
  // Create account and settings: the account form's two modes (spec §2 Account screens).
  createAccount: { paths: ['/create-account'], access: 'open' },
  accountSettings: { paths: ['/account/settings'], access: 'signed-in' },
  // Account → Family (issue 42): the children's profiles and their rules, the parents only.
  family: { paths: ['/account/family'], access: 'signed-in' },
  // Issue 26 item 4: the link e-mailed to the old address after an e-mail change (its token is the permission).
  emailChangeUndo: { paths: ['/account/email/undo'], access: 'open' },
  // Issue 13: My orders (spec §2 route table: both addresses show the same list).
  orders: { paths: ['/account/orders', '/shop/orders'], access: 'signed-in' },
  // Issue 28: My subscription (the plan, monthly donations, invoices) and its cancel screen (spec §2).
  subscriptions: { paths: ['/account/subscriptions'], access: 'signed-in' },
  subscriptionCancel: { paths: ['/account/subscription/cancel'], access: 'signed-in' },
  // Spec §2 /claim-gift/{hash}: the gift link e-mailed to its recipient, who logs in (or creates an account) and comes
  // back here with back_location; without a hash the page goes on to /library.
  claimGift: { paths: ['/claim-gift/:hash', '/claim-gift'], access: 'signed-in' },
  // Issue 14: My Library and an album in it (spec §2: id is a number or the literal free-story).
  library: { paths: ['/library'], access: 'signed-in', listener: true },
  libraryAlbum: { paths: ['/library/album/:id'], access: 'signed-in', listener: true },
  // The albums kept on this device, the space they take and the Wi-Fi-only setting (decision 048).
  libraryStorage: { paths: ['/library/storage'], access: 'signed-in' },
  // Who's listening on this device: the parents or a child profile (decision 051); a child comes here to switch.
  whoIsListening: { paths: ['/who-is-listening'], access: 'signed-in', listener: true },
  // The family PIN of the grown-ups lock, set and reset with the account password.
  parentPin: { paths: ['/account/pin'], access: 'signed-in' },
} as const satisfies Record<string, PageRoute>;

export interface PageRoute {
  /** Path patterns; `:name` matches one segment. The first is the default. */
  paths: readonly string[];
  /** The path to link to on a given site language, when it differs (/tienda). */
  localized?: Partial<Record<LangCode, string>>;
  access: 'open' | 'signed-in' | 'admin';
  /** The page is a CMS entry: the server answers 404 when the CMS has none at the path. */
  cms?: boolean;
  /** Paths under it are its own too (the back office's pages: admin-routes.ts), shown by its screen. */
  nested?: boolean;
  /**
   * A child profile may open it (decision 051). The grown-ups lock is deny by default: while a child listens, every
   * other route (the store, cart, checkout, orders, subscriptions, settings, the family page) asks the family PIN
   * first, as the server refuses a child's session everything that is the parents'.
   */
  listener?: boolean;
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

/** The page route a path belongs to (a route's own path first, then a nested route's), or undefined for a not-found path. */
export function matchPageRoute(path: string): PageRouteId | undefined {
  const routes = Object.entries(pageRoutes) as [PageRouteId, PageRoute][];
  return (
    routes.find(([, route]) => route.paths.some((p) => matches(p, path)))?.[0] ??
    routes.find(([, route]) => route.nested && route.paths.some((p) => path.startsWith(`${p}/`)))?.[0]
  );
}
