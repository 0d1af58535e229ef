import type { LangCode } from './lang-codes';
import { type PageRoute, pageRoutes } from './routes';

/**
 * The back office's pages under /admin (issues 29 and 30). They are apart
 * from the storefront's route table (routes.ts, where /admin itself is a
 * `nested` route) so the storefront's first download does not carry them:
 * the web loads them with the back office's code, the server knows them all
 * (allPageRoutes).
 */
export const adminPageRoutes = {
  // Issue 29: the back office's sections (the admin home above is its overview).
  adminOrders: { paths: ['/admin/orders'], access: 'admin' },
  adminOrder: { paths: ['/admin/orders/:id'], access: 'admin' },
  adminUsers: { paths: ['/admin/users'], access: 'admin' },
  adminUser: { paths: ['/admin/users/:id'], access: 'admin' },
  adminAudit: { paths: ['/admin/audit'], access: 'admin' },
  // Issue 29 item 4: plans and monthly gifts, the year's donors, and a donor's printable statement (?year=).
  adminRenewals: { paths: ['/admin/renewals'], access: 'admin' },
  adminDonors: { paths: ['/admin/donors'], access: 'admin' },
  adminReports: { paths: ['/admin/reports'], access: 'admin' },
  // Issue 30 item 4: coupons, shipping and tax rates.
  adminCoupons: { paths: ['/admin/coupons'], access: 'admin' },
  adminCoupon: { paths: ['/admin/coupons/:id'], access: 'admin' },
  // Decision 038: the plans', funds' and gift card's titles in each language.
  adminShopTitles: { paths: ['/admin/shop-titles'], access: 'admin' },
  adminShipping: { paths: ['/admin/shipping'], access: 'admin' },
  // Decision 067: the card fee rule donors cover.
  adminGivingFee: { paths: ['/admin/giving-fee'], access: 'admin' },
  // Decision 061: the reasons a parcel comes back, which a volunteer chooses from when recording a return.
  adminReturnReasons: { paths: ['/admin/return-reasons'], access: 'admin' },
  // Decision 068: the ministry's legal name and tax numbers on gift receipts.
  adminReceiptSettings: { paths: ['/admin/receipt-settings'], access: 'admin' },
  adminStatement: { paths: ['/admin/donors/:id/statement'], access: 'admin' },
  // Issue 30 item 5: moderation: the guest book's queue, contact messages and lesson requests, newsletter lists.
  adminGuestBook: { paths: ['/admin/guest-book'], access: 'admin' },
  adminMessages: { paths: ['/admin/messages'], access: 'admin' },
  adminNewsletter: { paths: ['/admin/newsletter'], access: 'admin' },
  // Issue 30 item 3: the site navigation, edited by language.
  adminNavigation: { paths: ['/admin/navigation'], access: 'admin' },
  // Issue 30 item 3: the CMS pages (?type, lang_code, status, search, page), one page's editor, and its draft's preview.
  adminPages: { paths: ['/admin/pages'], access: 'admin' },
  adminPage: { paths: ['/admin/pages/:id'], access: 'admin' },
  // Issue 30 item 2: audio and pictures uploaded in the browser, and the recent uploads.
  adminMedia: { paths: ['/admin/media'], access: 'admin' },
  // Issue 30 item 1: the catalogue (products, a new one, one with its skus) and the home page's promoted lists (?lang=).
  adminProducts: { paths: ['/admin/products'], access: 'admin' },
  adminProductNew: { paths: ['/admin/products/new'], access: 'admin' },
  adminProduct: { paths: ['/admin/products/:id'], access: 'admin' },
  adminPromoted: { paths: ['/admin/promoted'], access: 'admin' },
  // Issue 43: a track's transcript: its words, timed by pressing as the track plays, imported and exported as captions.
  adminTranscript: { paths: ['/admin/products/:id/tracks/:skuId/transcript'], access: 'admin' },
} as const satisfies Record<string, PageRoute>;

export type AdminPageRouteId = keyof typeof adminPageRoutes;

/** Every page route, the storefront's and the back office's: what the server answers. */
export const allPageRoutes = { ...pageRoutes, ...adminPageRoutes } as const satisfies Record<string, PageRoute>;
export type AnyPageRouteId = keyof typeof allPageRoutes;

/** Where to link for a back-office page (or any page) on a site language, or undefined when there is no such route. */
export function adminPath(id: string, lang: LangCode): string | undefined {
  if (!Object.hasOwn(allPageRoutes, id)) return undefined;
  const route: PageRoute = allPageRoutes[id as AnyPageRouteId];
  return route.localized?.[lang] ?? route.paths[0];
}

/** A back-office page's path with its `:id` filled in. */
export const adminPathOf = (id: 'adminOrder' | 'adminUser' | 'adminCoupon' | 'adminPage' | 'adminStatement', value: number) =>
  adminPageRoutes[id].paths[0].replace(':id', String(value));
