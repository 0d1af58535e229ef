import { z } from 'zod';
import { CartAddresses, FreeShippingStatus, ShippingType } from './addresses';
import { roundedUsdAmount, type UsdRange } from './amounts';
import { SkuType } from './catalogue';
import { SiteQuery } from './common';
import { EmailAddress } from './forms-contact';
import { Id, IdParam } from './numbers';
import { optionalText, requiredText, text } from './text-fields';

/** Largest quantity of one physical or book line (a family order, not a wholesale one). */
export const MAX_LINE_QUANTITY = 99;

/** JSON bodies carry numbers; `true` or `[5]` are not sku ids (no coercion). */
const SkuId = Id;
/** Query strings carry text: `?sku_id=12`. */
const QueryId = IdParam;
const Usd = z.number().describe('US dollars, 2 decimals');

/** Spec §5 Donation: the dedication's two kinds. */
export const DEDICATION_KINDS = ['in_memory_of', 'in_honor_of'] as const;

/** A line's tribute as the cart and the order show it (the back office reads the notice's person too). */
export const Tribute = z
  .object({
    kind: z.enum(DEDICATION_KINDS),
    honoree: z.string(),
    notify: z.object({ name: z.string(), email: z.string(), show_amount: z.boolean() }).nullable(),
  })
  .meta({ id: 'Tribute' });
export type Tribute = z.infer<typeof Tribute>;

/**
 * Spec §3 Cart sku line. Lines come in the order they were added; changing a
 * quantity keeps a line's place.
 */
export const CartLine = z
  .object({
    sku_id: z.number().int(),
    type: SkuType,
    title: z.string(),
    code: z.string().nullable(),
    product_id: z.number().int().nullable(),
    product_title: z.string().nullable(),
    product_slug: z.string().nullable(),
    /** Always 1 unless the type is in quantityEditableTypes (physical, book). */
    quantity: z.number().int(),
    /** The lower of the full and sale price (spec §3), for one item. */
    price_usd: Usd,
    full_price_usd: Usd,
    /** price_usd × quantity */
    subtotal_usd: Usd,
    /** full_price_usd × quantity */
    full_price_subtotal_usd: Usd,
    is_shipped_free: z.boolean(),
    /**
     * False when the item was withdrawn after it was added (sku or product no
     * longer available, or hidden). The line stays so the family sees what
     * happened and can remove it; it still counts in the totals.
     */
    is_available: z.boolean(),
    /**
     * A counted CD or book with none left to sell (decision 061): the line
     * says "Sold out" and checkout refuses the cart (409 sold_out) until it
     * is removed. Always false for what is not counted.
     */
    sold_out: z.boolean(),
    /** The product's square cover as an image path (mediaPaths.image), for the cart page. */
    image_url: z.string().nullable(),
    /**
     * A line whose amount the family chose (a donation, a gift card) has its
     * own id: a cart may hold several donations to one fund. Null for the
     * lines of an sku's price. Removed with DELETE /crud/cart-session/donations
     * (or /gift-card); the line's `sku_id` is its fund's (or the gift card's) sku.
     */
    line_id: z.number().int().nullable(),
    /** A donation's dedication ("This gift is in honor of Grandma Rose"); '' when none. */
    description: z.string(),
    /** The part of a donation's price that covers the processor's fee (decision 067); 0 when not covered and on every other line. */
    fee_covered_usd: Usd,
    /** A gift card's recipient; null on every other line. */
    recipient: z.object({ name: z.string(), email: z.string(), message: z.string() }).nullable(),
    /** A donation's tribute and its notice (decision 070); null when none and on every other line. */
    tribute: Tribute.nullable(),
    /** A donation whose donor chose "don't show my name"; false on every other line. */
    anonymous: z.boolean(),
    /**
     * The signed-in family already owns this download (issue 26 item 5: the
     * album, or the track or its album, came to be theirs after it was
     * added). It counts in no figure of the total, and checkout takes it out
     * of the cart before charging. Always false for a visitor and in a gift
     * order (bought for someone else).
     */
    owned: z.boolean(),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof CartLine>;

/** GET /crud/cart-session/skus: the lines, in the order they were added. */
export const CartLines = z.array(CartLine);

/**
 * POST /crud/cart-session/skus (spec §4 Adding to cart). Quantity is 1 when
 * adding; only physical and book lines may be added with more. Adding a
 * digital album removes that product's single tracks; adding a subscription
 * removes the other plan. An sku already in the cart: auto_update true sets
 * its quantity, false leaves the cart as it is (200 either way).
 * Answers the new CartTotal.
 */
export const AddSkuBody = z.strictObject({
  sku_id: SkuId,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
  /** When the sku is already in the cart: true sets its quantity, false leaves it. */
  auto_update: z.boolean().default(false),
});
export type AddSkuBody = z.input<typeof AddSkuBody>;

/**
 * POST /crud/cart-session/skus/many: adds each sku with quantity 1 and the
 * rules of a single add, all or nothing. Skus already in the cart stay as
 * they are; a track whose digital album is in the cart (or in the same
 * request) is left out, the album covers it. Answers the new CartTotal.
 */
export const AddManySkusBody = z.strictObject({ sku_ids: z.array(SkuId).min(1).max(100) });
export type AddManySkusBody = z.input<typeof AddManySkusBody>;

/** POST /crud/cart-session/skus/quantity: physical and book lines only. Answers the new CartTotal. */
export const SetQuantityBody = z.strictObject({
  sku_id: SkuId,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});
export type SetQuantityBody = z.input<typeof SetQuantityBody>;

/** DELETE /crud/cart-session/skus?sku_id: answers the new CartTotal (an sku not in the cart changes nothing). */
export const SkuIdQuery = SiteQuery.extend({ sku_id: QueryId });
/** DELETE /crud/cart-session/tracks?product_id: removes the product's digital_track lines; answers the new CartTotal. */
export const ProductIdQuery = SiteQuery.extend({ product_id: QueryId });

/**
 * GET /crud/cart-session/skus/quantity: what the shell's cart counter shows,
 * the number of items (sum of the lines' quantities: 2 CDs and an album are 3).
 */
export const QuantityResponse = z.object({ quantity: z.number().int() }).meta({ id: 'CartQuantity' });

/**
 * The sku types a coupon discounts (issue 12): albums, tracks, CDs and
 * books; never gift cards, donations or subscriptions.
 */
export const discountableSkuTypes = ['digital_album', 'digital_track', 'physical', 'book'] as const satisfies readonly SkuType[];

/** The longest coupon code the shop issues; a longer one is no coupon (400). */
export const COUPON_CODE_MAX = 40;

/**
 * GET /crud/coupon/code/{code}: a coupon code as typed, trimmed; the shop
 * matches it whatever its case. An empty one is `coupon_enter_code` (spec §5).
 */
export const CouponCodeParams = z.strictObject({ code: text().trim().max(COUPON_CODE_MAX) });

/**
 * Spec §3 Coupon, as the shop shows it. `discount_type` percent takes
 * `percent_off` % off the discountable lines; amount takes `amount_off`
 * dollars off them, never below zero. A coupon is refused once expired
 * (`expires_at` past) or used up (`redemptions` reached `max_redemptions`;
 * redemptions are counted when an order is paid).
 */
export const Coupon = z
  .object({
    id: Id,
    code: z.string(),
    /** In the language of the site that asks; its English title where none is given for that language. */
    title: z.string(),
    discount_type: z.enum(['percent', 'amount']),
    percent_off: z.number().int().nullable(),
    amount_off: Usd.nullable(),
    expires_at: z.iso.datetime({ offset: true }).nullable(),
    max_redemptions: z.number().int().nullable(),
    redemptions: z.number().int(),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof Coupon>;

/**
 * POST /crud/cart-session/coupons: applies the coupon (one per cart; not
 * with a donation). Answers the new CartTotal. The id must be one this
 * session found with GET /crud/coupon/code/{code} (spec §7: look the code
 * up, then apply it); any other is 404 coupon_not_found, like an unknown
 * code (issue 26 item 3). Rate-limited per client like the look-up.
 */
export const ApplyCouponBody = z.strictObject({ coupon_id: Id });
export type ApplyCouponBody = z.input<typeof ApplyCouponBody>;
/** DELETE /crud/cart-session/coupons?coupon_id: removes it; answers the new CartTotal (a coupon not applied changes nothing). */
export const CouponIdQuery = SiteQuery.extend({ coupon_id: QueryId });

/** The longest gift message a card carries (characters). */
export const GIFT_MESSAGE_MAX = 1000;
/** The longest recipient's name a gift or gift card takes (characters). */
export const RECIPIENT_NAME_MAX = 100;

/** A recipient's fields (spec §5 Gift, Gift card): full name and e-mail required, message optional. */
const recipientFields = {
  name: requiredText(RECIPIENT_NAME_MAX),
  email: EmailAddress,
  message: optionalText(GIFT_MESSAGE_MAX),
};

/** Issue 12 item 4: the largest donation line, in dollars. */
export const MAX_DONATION_USD = 100_000;
/**
 * Issue 26 item 10, decision 043: the smallest donation line, in dollars
 * (spec §5 says "above 0"). A card cannot be charged less than $0.50 (the
 * processor's minimum), so a smaller gift could be put in the cart but
 * never paid.
 */
export const MIN_DONATION_USD = 1;
/** What one donation line may be, in dollars (the Donations page, the cart's general donation, the API). */
export const DONATION_USD: UsdRange = { min: MIN_DONATION_USD, max: MAX_DONATION_USD };
/** Spec §9: the donation form's preset amounts (plus Other), when a CMS block names none. */
export const DONATION_PRESETS_USD = [25, 50, 100] as const;
/** Spec §3: the general donation offered on the cart page. */
export const GENERAL_DONATION_CODE = 'general_cart';
/** The most donation lines one cart holds (and one request adds): a family's gifts, not a ledger. */
export const MAX_DONATION_LINES = 20;
/** The longest honoree's name a tribute takes (characters). */
export const HONOREE_NAME_MAX = 200;

/**
 * The tribute gift (spec §5 Donation, issue 45, decision 070): in memory or
 * in honour of someone, and optionally a notice e-mailed once, when the gift
 * is paid, to a person the donor names, in the donor's language. The notice
 * says the amount only when the donor chooses (`show_amount`).
 */
export const TributeInput = z.strictObject({
  kind: z.enum(DEDICATION_KINDS),
  honoree: requiredText(HONOREE_NAME_MAX),
  notify: z
    .strictObject({
      name: requiredText(RECIPIENT_NAME_MAX),
      email: EmailAddress,
      show_amount: z.boolean().default(false),
    })
    .optional(),
});
export type TributeInput = z.input<typeof TributeInput>;

/**
 * One donation (spec §3 Donation cart line): `code` is its fund's, from the
 * CMS donation block (`code` for one-time, `monthly_code` for monthly; the
 * cart page's general donation is `general_cart`), `type` whether it is
 * given once or every month, `title` the block's title in the page's
 * language, `description` the dedication ("This gift is in honor of …").
 */
export const DonationInput = z.strictObject({
  title: requiredText(200),
  description: optionalText(300),
  code: requiredText(60),
  /** Dollars, rounded to the cent (spec §5: 12.345 is $12.35), from $1 (decision 043) to $100,000. */
  amount: roundedUsdAmount(DONATION_USD),
  type: z.enum(['donation', 'recurring_donation']),
  /**
   * "Add $0.62 so all of my gift goes to the ministry" (decision 067): the
   * server adds coverFeeCents of the amount under the ministry's fee rule;
   * the client never sends the added amount.
   */
  cover_fee: z.boolean().default(false),
  /** In memory or in honour of someone, with the optional notice (decision 070). */
  tribute: TributeInput.optional(),
  /** "Don't show my name": nothing the ministry shows others names the donor; the receipt still does (decision 070). */
  anonymous: z.boolean().default(false),
});
export type DonationInput = z.input<typeof DonationInput>;

/**
 * POST /crud/cart-session/donations (spec §7): a list of donations, added
 * together or not at all (an unknown fund refuses the whole list). A cart
 * holding a donation takes no coupon. Answers the new CartTotal.
 */
export const DonationsBody = z.array(DonationInput).min(1).max(MAX_DONATION_LINES);
export type DonationsBody = z.input<typeof DonationsBody>;
/** DELETE /crud/cart-session/donations?line_id: removes that donation; answers the new CartTotal. */
export const DonationLineQuery = SiteQuery.extend({ line_id: QueryId });

/** Issue 12 item 5: the largest gift card, in dollars. */
export const MAX_GIFT_CARD_USD = 500;
/** Issue 26 item 10, decision 043: the smallest gift card, in dollars (below the processor's $0.50 minimum a card could never be paid). */
export const MIN_GIFT_CARD_USD = 1;
/** What a gift card may be, in dollars (the Gift card page and the API). */
export const GIFT_CARD_USD: UsdRange = { min: MIN_GIFT_CARD_USD, max: MAX_GIFT_CARD_USD };
/**
 * Issue 27 item 7: a cart of gift cards only is no gift order (each card is
 * already a gift to its recipient): the cart page offers neither "This order
 * is a gift" nor a coupon, and marking it a gift is refused (409
 * gift_of_gift_cards).
 */
export const giftCardsOnly = (lines: readonly { type: string }[]) =>
  lines.length > 0 && lines.every((line) => line.type === 'gift_card');

/** The gift card's sku code: the shop has one gift card sku; a card's amount is its cart line's. */
export const GIFT_CARD_CODE = 'gift_card';
/** Spec §9: the gift card form's preset amounts, in dollars. */
export const GIFT_CARD_PRESETS_USD = [25, 50, 75, 100] as const;

/**
 * POST /crud/cart-session/gift-card (spec §5 Gift card): a gift card of that
 * amount for that recipient (full name and e-mail required, message
 * optional). One per order (409 gift_card_in_cart until the order is
 * completed). Never taxed, discounted or paid with a gift card's balance.
 * Answers the new CartTotal; DELETE /crud/cart-session/gift-card removes it.
 */
export const GiftCardBody = z.strictObject({
  /** Dollars, rounded to the cent (spec §5: 12.345 is $12.35), from $1 (decision 043) to $500. */
  amount: roundedUsdAmount(GIFT_CARD_USD),
  ...recipientFields,
});
export type GiftCardBody = z.input<typeof GiftCardBody>;

/**
 * POST /crud/cart-session/gift: the order is a gift (spec §3 Gift, §4 Cart):
 * its downloads go to this recipient, who gets the claim link by e-mail
 * (checkout issue). Refused while the cart holds a subscription (spec §5
 * Gift vs subscription). Answers the new CartTotal; DELETE unmarks it.
 */
export const GiftBody = z.strictObject(recipientFields);
export type GiftBody = z.input<typeof GiftBody>;
export const Gift = z.object({ name: z.string(), email: z.string(), message: z.string() }).meta({ id: 'Gift' });
export type Gift = z.infer<typeof Gift>;

/**
 * GET /crud/cart-session/total, and the answer of every cart change, so the
 * client re-syncs lines, totals and counter in one round trip (spec §3 Cart).
 * Groupings of the client view (itemsToShip: physical and book lines,
 * itemsToDownload: digital_album and digital_track lines, ...) are filters of
 * `skus` by type, left to the client.
 */
export const CartTotal = z
  .object({
    /** id null: no cart yet (nothing was ever added in this session). */
    cart: z.object({
      id: z.number().int().nullable(),
      user_id: z.number().int().nullable(),
      /** Spec §4 Cart: economy (default) or priority; outside the US the international rate applies whatever this says. */
      shipping_type: ShippingType,
      /** The user's addresses the cart ships and bills to (a visitor's cart has none: addresses need sign-in). */
      shipping_address_id: z.number().int().nullable(),
      billing_address_id: z.number().int().nullable(),
    }),
    skus: CartLines,
    /** Σ price × quantity */
    subtotal: Usd,
    /** Σ full price × quantity (what it would cost without sales) */
    fullPriceTotal: Usd,
    /** The part of subtotal charged again every month: the monthly plan and monthly donations (an annual plan is not). */
    monthlySubtotal: Usd,
    /** By the shipping address's zone and the method: first item, then each further one; 0 while nothing ships or no shipping address is set. */
    shippingCost: Usd,
    /** Sales tax of the shipping address on the taxable lines after the coupon; 0 until a shipping address is set. */
    taxTotal: Usd,
    /** Spec §5 Free shipping for the items that ship; null when nothing ships or no shipping address is set. */
    freeShipping: FreeShippingStatus.nullable(),
    /** Spec §3 Cart total `addresses`: the cart's shipping and billing addresses, null until set. */
    addresses: CartAddresses,
    /** subtotal less the coupon's discount and the gift card balance used, without shipping and tax. */
    total: Usd,
    /**
     * Spec §5 Expected total: total + taxTotal + shippingCost, what the
     * order charges now (a monthly line's first month included). Checkout
     * sends it back as `expected_total`.
     */
    fullTotal: Usd,
    /** The coupon applied and what it takes off (spec §3); null without one, or once it no longer applies (expired, used up). */
    coupon: z.object({ coupon: Coupon, discount: Usd }).nullable(),
    /** The coupons applied: the one above, or none (one per cart). */
    coupons: z.array(Coupon),
    /** How the applied coupon discounts; null without one. */
    discountType: z.enum(['percent', 'amount']).nullable(),
    /** The order is a gift to this recipient; null when it is not. */
    gift: Gift.nullable(),
    /**
     * What the signed-in family's gift card balance pays of this order (spec
     * §3), already taken off `total`: at most the one-time lines after the
     * discount (never a gift card, a subscription or a monthly donation).
     * 0 for a visitor. Total without gift-card adjustments = total + this.
     */
    gift_card_amount: Usd,
    /** The counter: the same number as GET /crud/cart-session/skus/quantity. */
    itemCount: z.number().int(),
  })
  .meta({ id: 'CartTotal' });
export type CartTotal = z.infer<typeof CartTotal>;
