import { z } from 'zod';
import { AddressResponse } from './accounts-profile';
import { Tribute } from './cart';
import { SkuType } from './catalogue';
import { SiteQuery } from './common';
import { CalendarDay } from './days';
import { Id, IdParam, wholeNumberParam } from './numbers';
import { OrderStatus } from './orders';
import { optionalText, text } from './text-fields';

/**
 * Issue 29: the ministry's back office, its orders and its audit log. Every
 * call is under /crud/admin/ and for admins acting as themselves only.
 */

const Usd = z.number().describe('US dollars, 2 decimals');
const IsoDate = z.string().describe('ISO date-time');

export const ADMIN_ORDERS_PER_PAGE = 25;

/** What an admin filters orders by: their state, and whether a parcel waits to be posted. */
export const AdminOrderFilter = z.enum(['all', 'to_ship', 'shipped', 'paid', 'pending', 'failed', 'refunded']);
export type AdminOrderFilter = z.infer<typeof AdminOrderFilter>;

/** GET /crud/admin/orders: newest first, filtered, 25 a page. */
export const AdminOrdersQuery = SiteQuery.extend({
  page: wholeNumberParam(1, 100000).default(1),
  filter: AdminOrderFilter.default('all'),
  /** Placed on or after this day (UTC). */
  from: CalendarDay.optional(),
  /** Placed on or before this day (UTC). */
  to: CalendarDay.optional(),
  /** An order number (SH-…), an e-mail or a name, or part of one. */
  search: text().trim().max(100).default(''),
}).refine((q) => !(q.from && q.to && q.from > q.to), { message: 'validation.dayRangeInverted', path: ['to'] });
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuery>;

/** Where an order's parcel is: none (nothing to post), preparing, shipped. */
export const Fulfilment = z.enum(['none', 'preparing', 'shipped']);
export type Fulfilment = z.infer<typeof Fulfilment>;

export const AdminOrderCustomer = z.object({ id: z.number().int(), email: z.string(), name: z.string() });

export const AdminOrderRow = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: OrderStatus,
    fulfilment: Fulfilment,
    created_at: IsoDate,
    paid_at: IsoDate.nullable(),
    customer: AdminOrderCustomer,
    total_usd: Usd,
    /** What was bought, line by line (a page names the kinds in its language). */
    items: z.array(z.object({ id: z.number().int(), title: z.string(), type: SkuType, quantity: z.number().int() })),
  })
  .meta({ id: 'AdminOrderRow' });
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrdersResponse = z
  .object({
    items: z.array(AdminOrderRow),
    page: z.number().int(),
    per_page: z.number().int(),
    count: z.number().int(),
  })
  .meta({ id: 'AdminOrders' });
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;

export const AdminOrderParams = z.strictObject({ id: IdParam });

export const AdminOrderLine = z.object({
  id: z.number().int(),
  sku_id: z.number().int().nullable(),
  type: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  unit_usd: Usd,
  subtotal_usd: Usd,
  discount_usd: Usd,
  tax_usd: Usd,
  /** A CD or a book: posted. */
  is_shipped: z.boolean(),
  /** The product's square cover (mediaPaths.image), for the order page; null without one (a donation, a plan). */
  image_url: z.string().nullable(),
  /** A gift card's recipient. */
  recipient_name: z.string().nullable(),
  recipient_email: z.string().nullable(),
  /** A donation's tribute and the person its notice went to (decision 070); null when none. */
  tribute: Tribute.nullable(),
  /** When the tribute's notice was queued (once, when the order was paid); null when none was asked for. */
  tribute_notice_sent_at: z.string().nullable(),
  /** The donor chose "don't show my name": nothing the ministry shows others names them (the receipt still does). */
  anonymous: z.boolean(),
  /** Refunded from the back office (its download left the family's library). */
  refunded: z.boolean(),
  /**
   * What a refund of this line gives back now: its part of what was paid (with
   * its share of tax); a gift card's, only what the card has not spent (decision 036); 0 once refunded.
   */
  refundable_usd: Usd,
});

/**
 * Money given back on the order (decision 036: one ledger), whoever gave it:
 * the back office, the processor's dashboard, or the family's cancel of a
 * plan. `failed` is a refund the processor refused: nothing went back.
 */
export const AdminOrderRefund = z.object({
  at: IsoDate,
  /** Back to the card. */
  amount_usd: Usd,
  /** Back to the gift cards that paid part of the order. */
  gift_card_usd: Usd,
  /** Of it, the shipping. */
  shipping_usd: Usd,
  status: z.enum(['pending', 'done', 'failed']),
  source: z.enum(['admin', 'processor', 'cancellation']),
  by: z.string().nullable(),
});

/** Something that happened to an order, in time order (spec: created, paid, shipped, refunded, e-mails sent). */
export const AdminOrderEvent = z.object({
  at: IsoDate,
  kind: z.enum(['created', 'paid', 'failed', 'shipped', 'refunded', 'refund_refused', 'email', 'admin']),
  /** What: an e-mail's subject and recipient, an admin's action and name. */
  detail: z.string(),
});

export const AdminOrder = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: OrderStatus,
    fulfilment: Fulfilment,
    lang_code: z.string(),
    created_at: IsoDate,
    paid_at: IsoDate.nullable(),
    customer: AdminOrderCustomer,
    lines: z.array(AdminOrderLine),
    amounts: z.object({
      subtotal_usd: Usd,
      discount_usd: Usd,
      coupon_code: z.string().nullable(),
      /** The coupon's title as the family read it, in the order's language (decision 038); null without one. */
      coupon_title: z.string().nullable(),
      gift_card_usd: Usd,
      tax_usd: Usd,
      shipping_usd: Usd,
      total_usd: Usd,
      /** What the card was charged: the total once paid, 0 when nothing was (a failed or pending order). */
      charged_usd: Usd,
    }),
    shipping_address: AddressResponse.omit({ id: true, user_id: true }).partial().nullable(),
    billing_address: AddressResponse.omit({ id: true, user_id: true }).partial().nullable(),
    gift: z.object({ name: z.string(), email: z.string(), message: z.string() }).nullable(),
    payment: z.object({
      provider: z.string().nullable(),
      card_brand: z.string().nullable(),
      card_last4: z.string().nullable(),
      payment_id: z.string().nullable(),
      failure_code: z.string().nullable(),
    }),
    shipment: z
      .object({
        shipped_at: IsoDate,
        carrier: z.string().nullable(),
        tracking_number: z.string().nullable(),
        tracking_url: z.string().nullable(),
      })
      .nullable(),
    timeline: z.array(AdminOrderEvent),
    refunds: z.array(AdminOrderRefund),
    /**
     * What can still be given back: to the card, and to gift cards (together,
     * what a whole refund gives now: a gift card bought here only for what it has
     * not spent), and of it the shipping, given back only when chosen.
     */
    refundable: z.object({ card_usd: Usd, gift_card_usd: Usd, shipping_usd: Usd }),
    /** The team's note on the order ('' for none): for volunteers only, never shown to the family. */
    note: z.string(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof AdminOrder>;

/** A tracking number as carriers print them: letters, digits, spaces and dashes, no markup. */
export const TrackingNumber = optionalText(60).pipe(text().regex(/^[A-Za-z0-9 -]*$/, 'validation.invalid'));

/** POST /crud/admin/orders/{id}/ship: the parcel left; carrier and tracking number when known. */
export const ShipOrderBody = z
  .strictObject({
    carrier: optionalText(60),
    tracking_number: TrackingNumber,
    /** The carrier's tracking page, http or https only. */
    tracking_url: optionalText(500).pipe(text().regex(/^(https?:\/\/\S+)?$/, 'validation.invalid')),
  })
  .meta({ id: 'ShipOrderBody' });
export type ShipOrderBody = z.input<typeof ShipOrderBody>;

/** The carriers the back office offers to choose from when marking orders shipped (any other is typed on an order's page). */
export const ORDER_CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Canada Post'] as const;

/** The most characters of an order's team note. */
export const ORDER_NOTE_MAX = 2000;

/** PUT /crud/admin/orders/{id}/note: the team's note on the order, as typed ('' removes it). */
export const OrderNoteBody = z.strictObject({ note: text().trim().max(ORDER_NOTE_MAX) }).meta({ id: 'OrderNoteBody' });
export type OrderNoteBody = z.input<typeof OrderNoteBody>;

/** The most orders one bulk action (packing slips, mark shipped) takes: a page of the list eight times over. */
export const BULK_ORDERS_MAX = 200;

const noRepeats = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** GET /crud/admin/orders/packing-slips?ids=4,9,12: the orders whose slips to print, each once, at most 200. */
export const PackingSlipsQuery = SiteQuery.extend({
  ids: text()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'validation.invalid')
    .transform((v) => v.split(',').map(Number))
    .pipe(z.array(Id).min(1).max(BULK_ORDERS_MAX))
    .refine(noRepeats, 'validation.invalid'),
});
export type PackingSlipsQuery = z.input<typeof PackingSlipsQuery>;

/**
 * POST /crud/admin/orders/ship: several orders posted at once with one
 * carrier and each its own tracking number; each order as its own Mark
 * shipped (its family e-mailed, audited), an order already shipped refused.
 */
export const BulkShipBody = z
  .strictObject({
    carrier: optionalText(60),
    orders: z
      .array(z.strictObject({ id: Id, tracking_number: TrackingNumber }))
      .min(1)
      .max(BULK_ORDERS_MAX)
      .refine((orders) => noRepeats(orders.map((o) => o.id)), 'validation.invalid'),
  })
  .meta({ id: 'BulkShipBody' });
export type BulkShipBody = z.input<typeof BulkShipBody>;

/** What became of each order of a bulk Mark shipped, in the order asked: shipped, or why not (its message localized). */
export const BulkShipResponse = z
  .object({
    results: z.array(
      z.object({
        id: z.number().int(),
        /** The order's number; null for an id no order has. */
        number: z.string().nullable(),
        shipped: z.boolean(),
        code: z.string().nullable(),
        message: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BulkShipResponse' });
export type BulkShipResponse = z.infer<typeof BulkShipResponse>;

/**
 * POST /crud/admin/orders/{id}/refund: some lines (their order line ids, or
 * their skus), an amount in dollars, or (no body, or none of them) the whole
 * order. Lines are refunded with their share of tax, shipping only with
 * `include_shipping` (a refund of the whole order includes it); a gift card
 * line gives back only what its card has not spent, and takes it off the
 * card. Never more than was paid; the card first, then the gift cards that
 * paid part of it.
 */
export const RefundOrderBody = z
  .strictObject({
    line_ids: z.array(Id).max(100).optional(),
    sku_ids: z.array(Id).min(1).max(100).optional(),
    include_shipping: z.boolean().optional(),
    amount: z.number().positive().max(100_000).optional(),
  })
  .refine((b) => [b.sku_ids, b.line_ids, b.amount].filter((x) => x !== undefined).length <= 1, {
    message: 'validation.invalid',
    path: ['amount'],
  })
  .refine((b) => b.include_shipping === undefined || b.sku_ids !== undefined || b.line_ids !== undefined, {
    message: 'validation.invalid',
    path: ['include_shipping'],
  })
  .refine((b) => b.line_ids === undefined || b.line_ids.length > 0 || b.include_shipping === true, {
    message: 'validation.invalid',
    path: ['line_ids'],
  })
  .refine(
    (b) =>
      b.amount === undefined ||
      (Number.isInteger(Math.round(b.amount * 100)) && Math.abs(b.amount * 100 - Math.round(b.amount * 100)) < 1e-6),
    {
      message: 'validation.invalid',
      path: ['amount'],
    },
  )
  .meta({ id: 'RefundOrderBody' });
export type RefundOrderBody = z.infer<typeof RefundOrderBody>;

/** What the admin did, as the audit log names it. */
export const AuditAction = z.enum([
  'order.ship',
  'order.receipt',
  'order.refund',
  // the team's note on an order (before and after), and packing slips printed
  'order.note',
  'order.packing_slip',
  'subscription.cancel',
  // issue 45: a donor changed (or paused) their own monthly gift
  'gift.change',
  // decision 070: a family moved a plan or monthly gift to another of its cards
  'subscription.card',
  'donor.statement',
  // issue 45: the year's statements sent to every donor
  'donor.statements',
  'user.admin',
  'user.lock',
  'user.password_reset',
  'masquerade.start',
  'masquerade.end',
  'test_clock.move',
  'coupon.create',
  'coupon.retitle',
  'coupon.withdraw',
  'shipping.update',
  'tax.update',
  'tax.remove',
  // issue 30 item 5: moderation
  'guest_book.approve',
  'guest_book.reject',
  'guest_book.edit',
  'contact.handled',
  'lessons.handled',
  'newsletter.export',
  'navigation.update',
  'cms.create',
  'cms.save',
  'cms.publish',
  // issue 30 item 1: the catalogue
  'product.create',
  'product.update',
  'product.withdraw',
  'sku.create',
  'sku.update',
  'sku.retitle',
  'tracks.reorder',
  'promoted.update',
  'media.upload',
  // issue 43: a track's transcript saved (or removed) in the back office
  'transcript.save',
  // decision 061: a CD's or a book's count, a return recorded on an order, the reasons a parcel comes back
  'stock.update',
  'order.return',
  'return_reason.create',
  'return_reason.update',
  'return_reason.retire',
  // decision 067: the fee rule donors cover
  'giving_fee.update',
  // decision 068: the ministry's details on gift receipts
  'receipt_settings.update',
]);
export type AuditAction = z.infer<typeof AuditAction>;

/** What an admin action is done to, as the audit log records it ("order SH-…", "coupon EASTER"). */
export const auditTargetKinds = [
  'order',
  'user',
  'coupon',
  'shipping',
  'tax',
  'guest_book_entry',
  'contact_message',
  'lesson_request',
  'newsletter',
  'navigation',
  // issue 30 items 2 and 3: an uploaded file, a CMS page ("page /about (en)")
  'media',
  'page',
  // issue 30 item 1: a product ("product jonas-y-el-gran-pez") and a language's home-page lists ("promoted es")
  'product',
  'promoted',
  // decision 038: a plan, a fund or the gift card ("sku subscription monthly")
  'sku',
  // decision 061: a reason a parcel comes back ("return_reason Damaged in the post")
  'return_reason',
  // decision 067: the ministry's fee rule ("giving_fee rule")
  'giving_fee',
  // decision 068: the ministry's details on gift receipts ("receipt_settings receipts")
  'receipt_settings',
  // issue 45: a year's giving statements ("statements 2026")
  'statements',
] as const;
export type AuditTargetKind = (typeof auditTargetKinds)[number];

export const ADMIN_AUDIT_PER_PAGE = 50;
export const AuditQuery = SiteQuery.extend({
  page: wholeNumberParam(1, 100000).default(1),
  action: AuditAction.optional(),
});

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: IsoDate,
    admin: z.object({ id: z.number().int(), email: z.string() }),
    action: AuditAction,
    /** What it was done to, as recorded: "order SH-…", "user grace@…". */
    target: z.string(),
    /** The target's kind (order, user, …; empty for one recorded otherwise) and its name, for a page to name it in words. */
    target_kind: z.union([z.enum(auditTargetKinds), z.literal('')]),
    target_name: z.string(),
    /** The action's details as recorded (carrier, amount, …). */
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    /** The client address the request came from. */
    ip: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditResponse = z
  .object({ items: z.array(AuditEntry), page: z.number().int(), per_page: z.number().int(), count: z.number().int() })
  .meta({ id: 'Audit' });
export type AuditResponse = z.infer<typeof AuditResponse>;
