import { z } from 'zod';

/**
 * Machine-readable error codes (spec §8 plus the server's own). The web
 * translates a code through the `errors.<code>` catalog key; the server sends
 * the message already localized in the site language.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'not_found',
  'route_not_found',
  // a path parameter longer than the router takes (app.ts maxParamLength)
  'uri_too_long',
  'not_authenticated',
  'forbidden',
  // issue 42: a child profile's session asking for what only the parents may do (the grown-ups lock)
  'grown_ups_only',
  // the grown-ups lock's PIN (issue 42)
  'pin_format',
  'pin_wrong',
  'pin_locked',
  'pin_not_set',
  // the parents' management of child profiles (issue 42): six at most; another family's is not found (managing
  // or choosing whom a session speaks for)
  'profiles_full',
  'profile_not_found',
  // what a child profile hears (issue 42, decision 056)
  'not_for_this_profile',
  'quiet_time',
  'daily_limit_reached',
  'one_more_story_used',
  'child_profile_only',
  'forbidden_origin',
  'invalid_host',
  'invalid_session_cookie',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'conflict',
  // issue 43: a transcript saved by someone else since it was read; a WebVTT or SRT file that cannot be imported
  'transcript_changed',
  'caption_file_invalid',
  'internal_error',
  'service_unavailable',
  // issue 31: the database or the media storage not answering (a restart, a failover): 503, try again
  'database_unavailable',
  'storage_unavailable',
  // catalogue, media and cart (spec §8 item_not_found)
  'item_not_found',
  'sku_not_available',
  'not_entitled',
  'range_not_satisfiable',
  'quantity_not_editable',
  'image_not_resizable',
  'album_in_cart',
  // a download the signed-in family already owns, added to its own order (issue 26 item 5)
  'item_already_owned',
  // coupons (spec §8 Coupon; issue 12)
  'coupon_enter_code',
  'coupon_not_found',
  'coupon_expired',
  'coupon_redeemed',
  'coupon_one_per_cart',
  'coupon_could_not_apply',
  // gift orders (spec §5 Gift vs subscription)
  'gift_with_subscription',
  // a cart of gift cards only is no gift order (issue 27 item 7)
  'gift_of_gift_cards',
  // donations and gift cards in the cart (issue 12)
  'donation_fund_unknown',
  'donation_limit',
  'donation_not_found',
  'gift_card_in_cart',
  // addresses and shipping of signed-in carts (issue 12 item 7; spec §5 Free shipping)
  'shipping_address_missing',
  'shipping_priority_us_only',
  // CMS (spec §8: a 404 gives the not-found page)
  'page_not_found',
  // the free MP3 form and its download link (issue 6: the gate holds on the server)
  'free_mp3_captcha_invalid',
  'free_mp3_link_invalid',
  'free_mp3_link_expired',
  // guest book moderation and the newsletter endpoint
  'guest_book_entry_not_found',
  'guest_book_link_invalid',
  'newsletter_bad_callback',
  'newsletter_link_invalid',
  // issue 30 item 5: moderation in the back office, and the newsletter's unsubscribe link
  'guest_book_already_approved',
  'message_not_found',
  'message_already_handled',
  'message_already_open',
  'newsletter_unsubscribe_invalid',
  // site search (spec §8 search_no_results)
  'search_no_results',
  // login and impersonation (issue 5)
  'login_failed',
  // after repeated failed logins for the e-mail: solve the ALTCHA challenge and send again
  'captcha_required',
  'not_masquerading',
  'masquerade_not_allowed',
  // password recovery and change (issue 5)
  'password_reset_link_invalid',
  'current_password_wrong',
  // e-mail changes (issue 26 item 4): the owner's own, with the current password; undone from the old address
  'current_password_required',
  'email_change_owner_only',
  'password_change_owner_only',
  'email_change_link_invalid',
  // account create and settings (spec §8 Account save)
  'account_save_failed',
  // card payments, orders and gift claims (issue 13; spec §8 Payment, Card delete, Gift claim)
  'payment_card_declined',
  'payment_insufficient_funds',
  'payment_expired_card',
  'payment_incorrect_cvc',
  'payment_incorrect_number',
  'payment_processing_error',
  'payment_authentication_failed',
  'payment_token_invalid',
  'payment_card_not_found',
  'payment_not_while_masquerading',
  'card_delete_failed',
  'card_in_use',
  // issue 40 item 8: a card being added whose bank check (3-D Secure) was not completed
  'card_authentication_failed',
  'order_already_submitted',
  'order_total_changed',
  'order_total_too_small',
  'order_cart_empty',
  'order_item_unavailable',
  'order_not_free',
  'order_not_found',
  // decision 068: an order with no gift that counts (none given, or refunded) has no receipt
  'receipt_not_found',
  // decision 071: an invoice that is not a paid renewal of the subscription has no receipt of its own
  'invoice_receipt_not_found',
  'order_card_required',
  // issue 26 item 1: a payment that succeeded after its order was given up on, refunded at once
  'order_payment_refunded',
  // issue 26 item 8: the card processor does not answer; nothing was charged
  'payment_service_unavailable',
  // issue 26 item 9: the cart's order waits for the bank's check; the cart takes no edit until it is settled
  'cart_order_pending',
  // issue 26 item 7: after repeated declined cards, the next try needs a solved captcha
  'payment_captcha_required',
  'gift_unavailable',
  // issue 28: one plan at a time; a family with an active plan does not buy another
  'plan_already_active',
  'recurring_donation_not_found',
  // issue 28: a family's plan and monthly donations (spec §8 Subscription)
  'no_subscription',
  'subscription_error_retrieving',
  'subscription_already_cancelled',
  'subscription_ended',
  'subscription_cancel_at_end_only',
  'plan_change_unavailable',
  // decision 067: a plan, or an ended monthly gift, has no fee to cover
  'cover_fee_unavailable',
  'giving_statement_empty',
  // issue 45: a donor's monthly gift that no longer renews, or a fund it cannot move to
  'gift_change_unavailable',
  'gift_fund_not_found',
  // issue 45: the year's statements for every donor, a year nobody gave in
  'giving_statements_none',
  // issue 40: a page of invoices asked for after an invoice that is not this subscription's (unknown or another's)
  'invoice_cursor_unknown',
  // issue 29: the back office's orders
  'order_not_shippable',
  'order_not_paid',
  // a bulk Mark shipped: an order someone marked shipped meanwhile keeps its tracking
  'order_already_shipped',
  // packing slips: only an order that can be posted (paid, with a CD or a book) has one
  'packing_slip_not_printable',
  'refund_too_large',
  'refund_in_progress',
  'refund_lines_invalid',
  'refund_pending',
  'refund_refused',
  'last_admin',
  // issue 40 item 5: an admin cannot lock their own sign-in
  'own_sign_in_lock',
  'account_locked',
  // issue 30 item 1: the catalogue edited in the back office
  'slug_taken',
  'product_changed',
  'sku_format_taken',
  'promoted_sku_invalid',
  // a product's cover chosen on the Media page is a picture uploaded there
  'cover_not_uploaded',
  // My Library (issue 14): an album past what a ZIP without ZIP64 holds (4 GB)
  'library_zip_too_large',
  // issue 30 item 3: a menu saved from a version another admin's save has replaced
  'navigation_changed',
  // issue 30 item 3: CMS pages edited in the back office
  'cms_entry_not_found',
  'cms_entry_changed',
  'cms_url_taken',
  'cms_translation_exists',
  'cms_nothing_to_publish',
  // issue 30 item 2: uploads in the back office, checked by their content
  'media_file_missing',
  'media_not_mp3',
  'media_no_audio',
  'media_not_image',
  'media_image_unreadable',
  'media_too_many_pixels',
  'media_too_large',
  'media_upload_incomplete',
  // decision 061: stock and returns of what is posted (CDs and books)
  'sold_out',
  'stock_short',
  'stock_changed',
  'stock_not_posted',
  'return_not_shipped',
  'return_lines_invalid',
  'return_reason_unknown',
  'return_not_found',
  'return_already_refunded',
  'return_nothing_to_refund',
  'return_reason_not_found',
] as const;
export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Body of every non-2xx API response. */
export const ErrorBody = z
  .object({
    code: z.string().describe('Machine-readable error code'),
    message: z.string().describe('Human-readable message in the site language'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Per-field messages, keyed by the field path (dots for nesting)'),
    line: z.number().int().optional().describe("caption_file_invalid: the 1-based line of the file's first problem (issue 43)"),
    problem: z
      .string()
      .optional()
      .describe('caption_file_invalid: what the problem is, a CueProblem or caption_syntax (issue 43)'),
    request_id: z
      .string()
      .optional()
      .describe("A 5xx answer's request id, in every log line of the request: what a family quotes to the ministry"),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A refusal answered under REFUSAL_PREFERENCE: the error's body and the status it stands for. */
export const RefusalAnswer = z
  .object({ refused: ErrorBody.extend({ status: z.number().int().describe('The 4xx status the refusal stands for') }) })
  .meta({ id: 'Refusal' });
export type RefusalAnswer = z.infer<typeof RefusalAnswer>;
