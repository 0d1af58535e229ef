import { type AdminPageRouteId, adminPageRoutes, pageRoutes } from '@storyhouse/contracts';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { preloadable } from '../../lib/preloadable';
import NotFoundPage from '../../ui/not-found-page';
import DonorsPage from './money/donors-page';
import AdminOrderPage from './money/order-page';
import AdminOrdersPage from './money/orders-page';
import ReceiptSettingsPage from './money/receipt-settings-page';
import RenewalsPage from './money/renewals-page';
import StatementPage from './money/statement-page';
import AdminPage from './overview/overview-page';
import CouponPage from './shop/coupon-page';
import CouponsPage from './shop/coupons-page';
import GivingFeePage from './shop/giving-fee-page';
import ProductsPage from './shop/products-page';
import PromotedPage from './shop/promoted-page';
import ReturnReasonsPage from './shop/return-reasons-page';
import ShippingPage from './shop/shipping-page';
import ShopTitlesPage from './shop/shop-titles-page';
import AuditPage from './team/audit-page';
import AdminUserPage from './team/user-page';
import UsersPage from './team/users-page';
import GuestBookQueuePage from './visitors/guest-book-page';
import MessagesPage from './visitors/messages-page';
import NewsletterPage from './visitors/newsletter-page';
import MediaPage from './website/media-page';
import PagesPage from './website/pages-page';

// The pages with an editor or a chart of their own (Tiptap, dnd-kit, visx) load when first opened: the rest of the
// back office does not wait for them. A product's description is written in Tiptap too.
const PageEditorPage = preloadable(() => import('./website/page-editor-page'));
const ProductPage = preloadable(() => import('./shop/product-page'));
const ProductNewPage = preloadable(() => import('./shop/product-new-page'));
const NavigationPage = preloadable(() => import('./website/navigation-page'));
const ReportsPage = preloadable(() => import('./money/reports-page'));
// A track's transcript: the timing and its sentence rules are needed only there.
const TranscriptPage = preloadable(() => import('./shop/transcript/transcript-page'));

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
  adminReceiptSettings: ReceiptSettingsPage,
  adminCoupons: CouponsPage,
  adminCoupon: CouponPage,
  adminShopTitles: ShopTitlesPage,
  adminShipping: ShippingPage,
  adminGivingFee: GivingFeePage,
  adminReturnReasons: ReturnReasonsPage,
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
