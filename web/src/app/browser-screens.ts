import type { ComponentType } from 'react';

/**
 * The screens of the pages the browser renders (decision 015: sign-in, the
 * cart and checkout, an account's pages, the back office…), by route id
 * (packages/contracts pageRoutes). This table loads lazily (app/router.tsx
 * `later`), so a visitor who opens none of them never downloads their
 * names: the chunks each screen loads beside it cost some 1.5 KB gzip of
 * the first download when listed in the entry (scripts/check-bundle.mjs).
 * The pages the server renders (home and the CMS pages, the shop, a story, a
 * free-streaming album) stay in the entry's table: their first render
 * waits for nothing more.
 */
export const browserScreens = {
  cart: () => import('../features/cart/cart-page'),
  checkout: () => import('../features/checkout/checkout-page'),
  payment: () => import('../features/checkout/payment-page'),
  guestBookModerate: () => import('../features/guestbook/guestbook-moderate-page'),
  newsletterConfirm: () => import('../features/newsletter/confirm-page'),
  newsletterUnsubscribe: () => import('../features/newsletter/unsubscribe-page'),
  adventures: () => import('../features/adventures/adventures-page'),
  mailbox: () => import('../features/mailbox/mailbox-page'),
  login: () => import('../features/login/login-page'),
  // The back office: one lazy module holds its pages and their routes (features/admin/admin-app.tsx).
  admin: () => import('../features/admin/admin-app'),
  adminPagePreview: () => import('./cms-preview-screen'),
  forgotPassword: () => import('../features/passwords/forgot-password-page'),
  passwordResetLink: () => import('../features/passwords/reset-link-page'),
  resetPassword: () => import('../features/passwords/change-password-page'),
  createAccount: () => import('../features/accounts/create-account-page'),
  accountSettings: () => import('../features/accounts/account-settings-page'),
  emailChangeUndo: () => import('../features/accounts/email-undo-page'),
  orders: () => import('../features/orders/orders-page'),
  subscriptions: () => import('../features/my-subscription/my-subscription-page'),
  subscriptionCancel: () => import('../features/my-subscription/cancel-subscription-page'),
  claimGift: () => import('../features/gift-claim/claim-gift-page'),
  library: () => import('../features/library/library-page'),
  libraryAlbum: () => import('../features/library/library-album-page'),
  libraryStorage: () => import('../features/library/keep/storage-page'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type BrowserScreenId = keyof typeof browserScreens;
