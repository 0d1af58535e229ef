import type { ErrorCode } from './errors';

// No zod here: the web app's first download imports this (a zod schema built at import time would bring zod in).

/**
 * Refusals a family meets in the normal course of things (issue 27 item 13, decision 022): a coupon that does not
 * apply, a declined card, a gift already claimed, a card a plan renews on, an album already owned, a wrong password,
 * the captcha after repeated failures. They are answers, not failures: a client that sends `Prefer:
 * refusal-status=200` (the web app does) gets them as 200 with `{ refused }` (the status they would have had, the
 * code and the message), so the browser does not log a failed request in its console; any other client gets the
 * 4xx. Every other error keeps its status for everyone.
 */
export const refusalCodes = [
  'coupon_enter_code',
  'coupon_not_found',
  'coupon_expired',
  'coupon_redeemed',
  'coupon_one_per_cart',
  'coupon_could_not_apply',
  'payment_card_declined',
  'payment_insufficient_funds',
  'payment_expired_card',
  'payment_incorrect_cvc',
  'payment_incorrect_number',
  'payment_authentication_failed',
  'card_in_use',
  'gift_unavailable',
  'item_already_owned',
  'plan_already_active',
  // a plan's state changed in another tab, or a rule of spec §4 (issue 28)
  'subscription_already_cancelled',
  'subscription_ended',
  'subscription_cancel_at_end_only',
  'plan_change_unavailable',
  'cover_fee_unavailable',
  'payment_card_not_found',
  // issue 45: a donor's monthly gift that no longer renews, or a fund it cannot move to
  'gift_change_unavailable',
  'gift_fund_not_found',
  'giving_statement_empty',
  'login_failed',
  // issue 29: an admin locked signing in to the account
  'account_locked',
  'current_password_wrong',
  // a family's sixth child is the last (issue 42)
  'profiles_full',
  // after repeated failures: the form shows the captcha and the family goes on
  'captcha_required',
  // issue 30 item 5: an unsubscribe link opened again (the address already left the list)
  'newsletter_unsubscribe_invalid',
  'payment_captcha_required',
  // the family PIN of the grown-ups lock (decision 051): a wrong one, five wrong, none set yet
  'pin_wrong',
  'pin_locked',
  'pin_not_set',
  // decision 061: the last copy of a CD or a book went to another family (the cart, checkout)
  'sold_out',
  'stock_short',
] as const satisfies readonly ErrorCode[];

// Pure: a bundle that never asks isRefusal (the web app's first download) leaves the set and the list out.
const refusals: ReadonlySet<string> = /* @__PURE__ */ new Set(refusalCodes);
export const isRefusal = (code: string) => refusals.has(code);

/** The preference (RFC 7240) under which a refusal is answered 200 with its body in `refused`. */
export const REFUSAL_PREFERENCE = 'refusal-status=200';
