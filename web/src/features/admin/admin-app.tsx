import { type AdminPageRouteId, adminPageRoutes, pageRoutes } from '@storyhouse/contracts';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { preloadable } from '../../lib/preloadable';
import NotFoundPage from '../../ui/not-found-page';
import AdminPage from './admin-page';
import AuditPage from './audit-page';
import CouponPage from './coupon-page';
import CouponsPage from './coupons-page';
import DonorsPage from './donors-page';
import GuestBookQueuePage from './guest-book-page';
import MediaPage from './media-page';
import MessagesPage from './messages-page';
import NewsletterPage from './newsletter-page';
import AdminOrderPage from './order-page';
import AdminOrdersPage from './orders-page';
import PagesPage from './pages-page';
import ProductNewPage from './product-new-page';
import ProductPage from './product-page';
import ProductsPage from './products-page';
import PromotedPage from './promoted-page';
import RenewalsPage from './renewals-page';
import ShippingPage from './shipping-page';
import ShopTitlesPage from './shop-titles-page';
import StatementPage from './statement-page';
import AdminUserPage from './user-page';
import UsersPage from './users-page';

// The pages with an editor or a chart of their own (Tiptap, dnd-kit, visx) load when first opened: the rest of the
// back office does not wait for them.
const PageEditorPage = preloadable(() => import('./page-editor-page'));
const NavigationPage = preloadable(() => import('./navigation-page'));
const ReportsPage = preloadable(() => import('./reports-page'));
// A track's transcript: the timing and its sentence rules are needed only there.
const TranscriptPage = preloadable(() => import('./transcript-page'));

/**
 * The screen of every back-office page (packages/contracts admin-routes.ts).
 * The Record type makes a page without a screen a compile error.
 */
const screens: Record<AdminPageRouteId, ComponentType> = {
  adminOrders: AdminOrdersPage,
  adminOrder: AdminOrderPage,
  adminUsers: UsersPage,
  adminUser: AdminUserPage,
  adminAudit: AuditPage,
  adminRenewals: RenewalsPage,
  adminDonors: DonorsPage,
  adminReports: ReportsPage,
  adminCoupons: CouponsPage,
  adminCoupon: CouponPage,
  adminShopTitles: ShopTitlesPage,
  adminShipping: ShippingPage,
  adminStatement: StatementPage,
  adminGuestBook: GuestBookQueuePage,
  adminMessages: MessagesPage,
  adminNewsletter: NewsletterPage,
  adminNavigation: NavigationPage,
  adminPages: PagesPage,
  adminPage: PageEditorPage,
  adminMedia: MediaPage,
  adminProducts: ProductsPage,
  adminProductNew: ProductNewPage,
  adminProduct: ProductPage,
  adminPromoted: PromotedPage,
  adminTranscript: TranscriptPage,
};

/** /admin itself; the pages' paths are written in full and matched below it. */
const base = `${pageRoutes.admin.paths[0]}/`;

/**
 * The back office (issues 29 and 30): its pages and their routes come in
 * this one lazy module, so the storefront's first download carries neither,
 * however many pages there are. The shell's route table sends /admin and
 * every path under it here (a `nested` route), behind its admin guard; an
 * address under /admin that is no page is the not-found page.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route index element={<AdminPage />} />
      {(Object.keys(screens) as AdminPageRouteId[]).flatMap((id) => {
        const Screen = screens[id];
        return adminPageRoutes[id].paths.map((path) => <Route key={path} path={path.slice(base.length)} element={<Screen />} />);
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
