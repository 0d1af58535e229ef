/**
 * The back office's screens, one module for the router (issue 29): the shell
 * names one lazy import for all of them, so each new admin page adds a line
 * to the route table and nothing to the storefront's first download. An
 * admin who opens one page has the others' code at hand.
 */
export { default as AdminPage } from './admin-page';
export { default as AuditPage } from './audit-page';
export { default as DonorsPage } from './donors-page';
export { default as MediaPage } from './media-page';
export { default as AdminOrderPage } from './order-page';
export { default as AdminOrdersPage } from './orders-page';
export { default as ProductNewPage } from './product-new-page';
export { default as ProductPage } from './product-page';
export { default as ProductsPage } from './products-page';
export { default as PromotedPage } from './promoted-page';
export { default as RenewalsPage } from './renewals-page';
export { default as ReportsPage } from './reports-page';
export { default as StatementPage } from './statement-page';
export { default as AdminUserPage } from './user-page';
export { default as UsersPage } from './users-page';
