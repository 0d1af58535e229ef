import type { ComponentType } from 'react';

/**
 * The screens of the pages the browser renders (decision 015: sign-in, an
 * account's settings, the back office, the pages of e-mailed links…), by
 * route id (packages/contracts pageRoutes). This table loads lazily
 * (app/router.tsx `later`, decision 050), so a visitor who opens none of
 * them never downloads their names and the chunks each loads beside it.
 * The pages the server renders (home and the CMS pages, the shop, a story, a
 * free-streaming album, and a family's library, orders, subscriptions, cart
 * and checkout: server/src/modules/web/first-data.ts familyPages) stay in
 * the entry's table: their hydration waits for nothing more.
 */
export const browserScreens = {
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
  family: () => import('../features/family/family-page'),
  emailChangeUndo: () => import('../features/accounts/email-undo-page'),
  subscriptionCancel: () => import('../features/my-subscription/cancel-subscription-page'),
  claimGift: () => import('../features/gift-claim/claim-gift-page'),
  libraryAlbum: () => import('../features/library/library-album-page'),
  libraryStorage: () => import('../features/library/keep/storage-page'),
  whoIsListening: () => import('../features/profiles/who-is-listening-page'),
  parentPin: () => import('../features/profiles/parent-pin-page'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type BrowserScreenId = keyof typeof browserScreens;
