import { z } from 'zod';
import { CaptchaToken } from './captcha';
import { LangCode } from './lang';
import { Id, IdParam, wholeNumberParam } from './numbers';
import { NextAction, ProcessorId } from './payments';
import { text } from './text-fields';

/**
 * Checkout and orders (issue 13; spec §3 Order, §4 Payment, §7 Cart:
 * purchases, free-purchases, orders, recurring-donations).
 */

const Usd = z.number().describe('US dollars, 2 decimals');

/**
 * POST /crud/purchases. `stripe_token` is a new card's single-use token
 * (tok_… of the test processor, pm_… of Stripe Elements) or a saved card's
 * id. `expected_total` is the full total the family saw (spec §5 Expected
 * total: total + tax + shipping); when the server's differs, nothing is
 * charged and the answer names the new total.
 */
export const PurchaseBody = z
  .strictObject({
    stripe_token: ProcessorId,
    expected_total: z.number().min(0).max(10_000_000),
    cart_id: Id,
    lang_code: LangCode,
    /** Keep a new card for next time (forced when the cart renews monthly or yearly). */
    save_card: z.boolean().optional(),
    /**
     * A solved captcha (ALTCHA), sent once the server answered
     * `payment_captcha_required`: after repeated declined cards on the
     * account or from the address (issue 26 item 7); ignored otherwise.
     */
    captcha: CaptchaToken.optional(),
  })
  .meta({ id: 'PurchaseBody' });
export type PurchaseBody = z.infer<typeof PurchaseBody>;

/** POST /crud/free-purchases: an order whose full total is zero (e.g. GRACE100). */
export const FreePurchaseBody = z.strictObject({ cart_id: Id, lang_code: LangCode }).meta({ id: 'FreePurchaseBody' });
export type FreePurchaseBody = z.infer<typeof FreePurchaseBody>;

export const OrderStatus = z.enum(['pending', 'paid', 'failed', 'refunded', 'partially_refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * A purchase's answer: paid, or waiting for the cardholder to authenticate
 * (3-D Secure): the page completes `next_action`, then calls
 * POST /crud/purchases/{order_id}/confirm.
 */
export const PurchaseResponse = z
  .object({
    order_id: z.number().int(),
    status: OrderStatus,
    next_action: NextAction.optional(),
  })
  .meta({ id: 'PurchaseResponse' });
export type PurchaseResponse = z.infer<typeof PurchaseResponse>;

/**
 * POST /crud/purchases/{orderId}/confirm and GET /crud/orders/{orderId}
 * (one order of the signed-in user: the confirmation page reads it, so its
 * address is never trusted; another user's order is order_not_found).
 */
export const OrderIdParams = z.strictObject({ orderId: IdParam });

/** GET /crud/orders?filter_current_user=true&page. */
export const OrdersQuery = z.strictObject({
  filter_current_user: z.enum(['true']).optional(),
  page: wholeNumberParam(1, 100000).default(1),
});

/**
 * What a plan or a monthly donation does next (issue 27 item 8): how often it
 * renews, and the date of its next charge while it is active (null once
 * cancelled).
 */
export const OrderRenewal = z.object({
  interval: z.enum(['month', 'year']),
  next_renewal_at: z.string().nullable().describe('ISO date-time of the next charge; null when cancelled'),
  is_cancelled: z.boolean(),
});
export type OrderRenewal = z.infer<typeof OrderRenewal>;

/** Spec §3 Order item, with what the family needs to know of it (issue 27 item 8). */
export const OrderItem = z.object({
  type: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  subtotal_usd: Usd,
  recurring_donation_id: z.number().int().nullable(),
  recurring_donation_is_cancelled: z.boolean().nullable(),
  /** A CD or a book: it is posted (the order's `shipment` says where it is). */
  is_shipped: z.boolean(),
  /** A gift card's recipient ("Gift card for Ana"); null for other lines. */
  recipient_name: z.string().nullable(),
  /** A plan or a monthly donation once it renews at the processor; null otherwise. */
  renewal: OrderRenewal.nullable(),
  /** Of a CD or a book, how many came back and were recorded as returned by the ministry (decision 061); 0 otherwise. */
  returned_quantity: z.number().int(),
  /** The story's cover (mediaPaths.image URL); null for a line without a story or a story without one. */
  cover_url: z.string().nullable(),
  /**
   * The album this line put in the family's library (/library/album/{id}): a download or a CD of theirs, while they
   * own it; null otherwise (a gift's went to its recipient, a refund took it back, a plan or a donation).
   */
  library_album_id: z.number().int().nullable(),
  /** A single track's id (its sku), played first from its album; null for other lines. */
  track_id: z.number().int().nullable(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/**
 * The parcel of an order with a CD or a book: preparing until the back
 * office records it as shipped, then when, with whom and how to track it;
 * returned once every CD and book of it came back (decision 061).
 */
export const OrderShipment = z.object({
  status: z.enum(['preparing', 'shipped', 'returned']),
  shipped_at: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The carrier's tracking page (http or https only). */
  tracking_url: z.string().nullable(),
  /** Where it goes, as the lines of a label: name, street, city with state and postcode, country (decision 071). */
  ship_to: z.array(z.string()),
  /**
   * When it should arrive while it is prepared: business days after the payment by the shipping method's estimate in
   * the ministry's settings (YYYY-MM-DD, earliest and latest); null once shipped, or when the method has no estimate.
   */
  arrives: z.object({ from: z.string(), by: z.string() }).nullable(),
});
export type OrderShipment = z.infer<typeof OrderShipment>;

/** Who a gift of the order went to, and whether they have claimed it. */
export const OrderGift = z.object({
  kind: z.enum(['downloads', 'gift_card']),
  recipient_name: z.string(),
  recipient_email: z.string(),
  is_claimed: z.boolean(),
});
export type OrderGift = z.infer<typeof OrderGift>;

/** Spec §3 Order, with the totals a receipt shows. */
export const Order = z
  .object({
    /** Internal: the order's address (/payment?order=ID) and calls use it; families read `order_number`. */
    order_id: z.number().int(),
    /** The number the family reads, such as SH-7K4Q-2M: unique, not sequential (issue 27 item 8). */
    order_number: z.string(),
    status: OrderStatus,
    order_created_at: z.string(),
    order_total_usd: Usd,
    subtotal_usd: Usd,
    discount_usd: Usd,
    /** The coupon that gave the discount, as the family read it when ordering (in the order's language); null without one. */
    coupon_title: z.string().nullable(),
    shipping_usd: Usd,
    tax_usd: Usd,
    gift_card_usd: Usd,
    card_last4: z.string().nullable(),
    items: z.array(OrderItem),
    /** Null when nothing in the order is posted. */
    shipment: OrderShipment.nullable(),
    gifts: z.array(OrderGift),
    /** The order has a gift that still counts: its receipt, as the donor's country asks, is GET /crud/orders/{id}/receipt (decision 068). */
    receipt: z.boolean(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const OrdersResponse = z
  .object({
    items: z.array(Order),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'OrdersResponse' });
export type OrdersResponse = z.infer<typeof OrdersResponse>;

/** DELETE /crud/recurring-donations/{id}. */
export const RecurringDonationParams = z.strictObject({ id: IdParam });

/** POST /crud/gift-claim. */
export const GiftClaimBody = z.strictObject({ hash: text().min(1).max(200) }).meta({ id: 'GiftClaimBody' });
export const GiftClaimResponse = z
  .object({ containedGiftCard: z.boolean(), containedDownloads: z.boolean() })
  .meta({ id: 'GiftClaimResponse' });
export type GiftClaimResponse = z.infer<typeof GiftClaimResponse>;
