/**
 * The back office's screens, one module for the router (issue 29): the shell
 * names one lazy import for all of them, so each new admin page adds a line
 * to the route table and nothing to the storefront's first download. An
 * admin who opens one page has the others' code at hand.
 */
export { default as AdminPage } from './admin-page';
export { default as AuditPage } from './audit-page';
export { default as CouponPage } from './coupon-page';
export { default as CouponsPage } from './coupons-page';
export { default as DonorsPage } from './donors-page';
export { default as GuestBookQueuePage } from './guest-book-page';
export { default as MediaPage } from './media-page';
export { default as MessagesPage } from './messages-page';
export { default as NavigationPage } from './navigation-page';
export { default as NewsletterPage } from './newsletter-page';
export { default as AdminOrderPage } from './order-page';
export { default as AdminOrdersPage } from './orders-page';
export { default as PageEditorPage } from './page-editor-page';
export { default as PagesPage } from './pages-page';
export { default as RenewalsPage } from './renewals-page';
export { default as ReportsPage } from './reports-page';
export { default as ShippingPage } from './shipping-page';
export { default as StatementPage } from './statement-page';
export { default as AdminUserPage } from './user-page';
export { default as UsersPage } from './users-page';
