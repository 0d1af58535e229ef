import { z } from 'zod';
import { statesOf } from './accounts-profile';
import { typedUsdAmount, usdAmount } from './amounts';
import { COUPON_CODE_MAX, Coupon } from './cart';
import { SiteQuery } from './common';
import { CalendarDay } from './days';
import { Id, IdParam, INT4_MAX, wholeNumber, wholeNumberParam } from './numbers';
import { OrderStatus } from './orders';
import { text } from './text-fields';

/**
 * Issue 30 item 4: coupons, shipping rates and tax rates, edited in the back
 * office (admins acting as themselves only; every edit audited). The
 * storefront reads the same tables through the cart's rules, so an edit
 * shows in the next cart total.
 */

const Usd = z.number().describe('US dollars, 2 decimals');
const IsoDate = z.string().describe('ISO date-time');

/** The largest coupon amount, in dollars. */
export const COUPON_AMOUNT_MAX_USD = 10_000;
/** The longest coupon title (characters). */
export const COUPON_TITLE_MAX = 100;
/** The largest redemption limit a coupon takes. */
export const COUPON_LIMIT_MAX = 1_000_000;
/** The most a shipping price may be, in dollars (the table's own check: 100,000 cents). */
export const SHIPPING_RATE_MAX_USD = 1000;
/** The highest sales tax rate, in percent: above any state's or province's (Canadian HST is 15%). */
export const TAX_RATE_MAX_PERCENT = 30;

/** Text an admin types that a family then reads: no markup (angle brackets), so nothing can pass for HTML. */
const plain = (schema: z.ZodString) => schema.refine((v) => !/[<>]/.test(v), { error: 'admin.shop.noMarkup' });

/**
 * A coupon code as the back office issues it: letters, digits, dashes and
 * underscores, so a family can type it; unique whatever its case, as the
 * storefront looks codes up (the server checks that).
 */
export const CouponCodeField = text()
  .trim()
  .min(1)
  .max(COUPON_CODE_MAX)
  .regex(/^[A-Za-z0-9_-]*$/, 'admin.coupons.codeChars');
/**
 * Decision 038: the shop's own things (coupons, plans, funds, the gift card)
 * are titled in each language. English is required: every site shows it
 * where no title is given for its language.
 */
export const TitleField = plain(text().trim().min(1).max(COUPON_TITLE_MAX));
/** A title in Spanish or in Russian: optional; left empty, that language's site shows the English title. */
export const TranslatedTitleField = plain(text().trim().max(COUPON_TITLE_MAX));
export const CouponTitleField = TitleField;

/** A thing's titles as the back office types them: English required, Spanish and Russian optional. */
const titleFields = {
  /** English: every site shows it where no title is given for its language. */
  title: TitleField,
  /** Spanish; empty or absent: the Spanish site shows the English title. */
  title_es: TranslatedTitleField.optional(),
  /** Russian; empty or absent: the Russian site shows the English title. */
  title_ru: TranslatedTitleField.optional(),
};

/**
 * PUT /crud/admin/coupons/{id}/titles (the discount, expiry and limit are
 * fixed once issued: families may have seen them) and PUT
 * /crud/admin/shop-titles/{skuId} (a plan, a fund, the gift card): the
 * titles in the three languages. A language left empty falls back to English.
 */
export const TitlesBody = z.strictObject(titleFields).meta({ id: 'TitlesBody' });
export type TitlesBody = z.input<typeof TitlesBody>;

/** A thing's titles as the ministry gave them; null: none for that language, whose site shows the English one. */
export const TitlesByLang = z.object({ en: z.string(), es: z.string().nullable(), ru: z.string().nullable() });
export type TitlesByLang = z.infer<typeof TitlesByLang>;

/** The shop's things sold on every site, titled per language in the back office: the plans, the funds, the gift card. */
export const shopTitleTypes = ['subscription', 'donation', 'recurring_donation', 'gift_card'] as const;

/** GET /crud/admin/shop-titles: each plan, fund and the gift card with its titles (decision 038). */
export const AdminShopTitle = z
  .object({
    sku_id: Id,
    type: z.enum(shopTitleTypes),
    code: z.string(),
    /** In the back office's language (its English one where none is given). */
    title: z.string(),
    titles: TitlesByLang,
  })
  .meta({ id: 'AdminShopTitle' });
export type AdminShopTitle = z.infer<typeof AdminShopTitle>;
export const AdminShopTitlesResponse = z.object({ items: z.array(AdminShopTitle) }).meta({ id: 'AdminShopTitles' });
export type AdminShopTitlesResponse = z.infer<typeof AdminShopTitlesResponse>;
export const AdminShopTitleParams = z.strictObject({ skuId: IdParam });

/** The percentage a coupon takes off: whole, 1 to 100. */
export const CouponPercent = wholeNumber(1, 100);
/** The amount a coupon takes off, in dollars: a whole number of cents, more than 0, at most $10,000. */
export const CouponAmount = usdAmount({ min: 0.01, max: COUPON_AMOUNT_MAX_USD });
/** The most orders a coupon may be used on. */
export const CouponLimit = wholeNumber(1, COUPON_LIMIT_MAX);
const TypedCouponPercent = wholeNumberParam(1, 100);
const TypedCouponAmount = typedUsdAmount({ min: 0.01, max: COUPON_AMOUNT_MAX_USD });

/**
 * POST /crud/admin/coupons: a new coupon, a percentage or an amount off
 * (exactly one), optionally until an instant in the future and for a number
 * of orders. A code the shop has already (whatever its case) is 400 on `code`.
 */
export const AdminCouponBody = z
  .strictObject({
    code: CouponCodeField,
    ...titleFields,
    percent_off: CouponPercent.nullable().optional(),
    /** Dollars. */
    amount_off: CouponAmount.nullable().optional(),
    /** When it stops applying; null or absent: never. Must be in the future. */
    expires_at: text()
      .pipe(z.iso.datetime({ offset: true, error: 'validation.invalid' }))
      .refine((v) => Date.parse(v) > Date.now(), { error: 'admin.coupons.expiryPast' })
      .nullable()
      .optional(),
    /** How many paid orders may use it; null or absent: no limit. */
    max_redemptions: CouponLimit.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    const percent = b.percent_off !== undefined && b.percent_off !== null;
    const amount = b.amount_off !== undefined && b.amount_off !== null;
    if (percent === amount) {
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'admin.coupons.percentOrAmount' });
    }
  })
  .meta({ id: 'AdminCouponBody' });
export type AdminCouponBody = z.input<typeof AdminCouponBody>;

/** The instant a coupon whose last day is `day` (YYYY-MM-DD) stops: the end of that day where the admin is. */
export const endOfLocalDay = (day: string) => new Date(`${day}T23:59:59.999`);

/**
 * The create form's fields as typed (strings), named as AdminCouponBody's
 * (so the server's messages land on them) and read by the same rules: the
 * discount of the kind chosen, the last day it applies (it stops at the end
 * of that day where the admin is) and a limit, both optional.
 */
export const CouponForm = z
  .object({
    code: CouponCodeField,
    title: CouponTitleField,
    title_es: TranslatedTitleField,
    title_ru: TranslatedTitleField,
    kind: z.enum(['percent', 'amount']),
    percent_off: text(),
    amount_off: text(),
    expires_at: z.union([
      z.literal(''),
      CalendarDay.refine((day) => endOfLocalDay(day).getTime() > Date.now(), { error: 'admin.coupons.expiryPast' }),
    ]),
    max_redemptions: z.union([z.literal(''), wholeNumberParam(1, COUPON_LIMIT_MAX)]),
  })
  .superRefine((v, ctx) => {
    const field = v.kind === 'percent' ? 'percent_off' : 'amount_off';
    const schema = v.kind === 'percent' ? TypedCouponPercent : TypedCouponAmount;
    const parsed = schema.safeParse(v[field].trim(), { reportInput: true });
    for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ ...issue, path: [field] } as z.core.$ZodRawIssue);
  })
  // What the form sends: AdminCouponBody.
  .transform(
    (v): AdminCouponBody => ({
      code: v.code,
      title: v.title,
      title_es: v.title_es,
      title_ru: v.title_ru,
      percent_off: v.kind === 'percent' ? TypedCouponPercent.parse(v.percent_off.trim()) : null,
      amount_off: v.kind === 'amount' ? TypedCouponAmount.parse(v.amount_off) : null,
      expires_at: v.expires_at === '' ? null : endOfLocalDay(v.expires_at).toISOString(),
      max_redemptions: v.max_redemptions === '' ? null : v.max_redemptions,
    }),
  );
export type CouponForm = z.input<typeof CouponForm>;

export const AdminCouponParams = z.strictObject({ id: IdParam });

export const ADMIN_COUPONS_PER_PAGE = 50;
/** GET /crud/admin/coupons: newest first, 50 a page. */
export const AdminCouponsQuery = SiteQuery.extend({ page: wholeNumberParam(1, 100000).default(1) });

/**
 * Where a coupon stands: active (a family may use it), withdrawn (by an
 * admin), expired, or used up (its limit reached).
 */
export const CouponStatus = z.enum(['active', 'withdrawn', 'expired', 'used_up']);
export type CouponStatus = z.infer<typeof CouponStatus>;

export const AdminCoupon = Coupon.extend({
  /**
   * Its titles as the ministry gave them (decision 038): `title` above is the
   * one of the back office's language. null: none given, so that language's
   * site shows the English one.
   */
  titles: TitlesByLang,
  status: CouponStatus,
  created_at: IsoDate,
}).meta({ id: 'AdminCoupon' });
export type AdminCoupon = z.infer<typeof AdminCoupon>;

export const AdminCouponsResponse = z
  .object({
    items: z.array(AdminCoupon),
    page: z.number().int(),
    per_page: z.number().int(),
    count: z.number().int(),
  })
  .meta({ id: 'AdminCoupons' });
export type AdminCouponsResponse = z.infer<typeof AdminCouponsResponse>;

/** The most recent redemptions a coupon's page lists. */
export const ADMIN_COUPON_ORDERS_MAX = 100;

/** GET /crud/admin/coupons/{id}: the coupon and the paid orders that used it (newest first, at most 100; `orders_count` counts them all). */
export const AdminCouponDetail = z
  .object({
    coupon: AdminCoupon,
    orders: z.array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        status: OrderStatus,
        paid_at: IsoDate,
        customer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
        /** What the coupon took off this order. */
        discount_usd: Usd,
        total_usd: Usd,
      }),
    ),
    orders_count: z.number().int(),
  })
  .meta({ id: 'AdminCouponDetail' });
export type AdminCouponDetail = z.infer<typeof AdminCouponDetail>;

/**
 * DELETE /crud/admin/coupons/{id}: withdraws it. A coupon an order used is
 * never deleted (the order keeps it): it is made inactive, `withdrawn`; one
 * no order used is `deleted`. Either way no family can use it any more.
 */
export const AdminCouponWithdrawal = z
  .object({ id: z.number().int(), code: z.string(), outcome: z.enum(['withdrawn', 'deleted']) })
  .meta({ id: 'AdminCouponWithdrawal' });
export type AdminCouponWithdrawal = z.infer<typeof AdminCouponWithdrawal>;

/** Spec §5: US addresses choose economy or priority; Canada and everywhere else have one method, international. */
export const SHIPPING_ZONE_METHODS = [
  { zone: 'us', method: 'economy' },
  { zone: 'us', method: 'priority' },
  { zone: 'canada', method: 'international' },
  { zone: 'international', method: 'international' },
] as const;
export const ShippingZone = z.enum(['us', 'canada', 'international']);
export const ShippingRateMethod = z.enum(['economy', 'priority', 'international']);

/** A shipping price in dollars: 0 (free) to $1,000, whole cents. */
export const ShippingPrice = usdAmount({ min: 0, max: SHIPPING_RATE_MAX_USD });
/** A shipping price as typed in the form. */
export const TypedShippingPrice = typedUsdAmount({ min: 0, max: SHIPPING_RATE_MAX_USD });

/** Business days a parcel takes to arrive (decision 071): 1 to 90. */
export const DELIVERY_DAYS_MAX = 90;
const DeliveryDays = wholeNumber(1, DELIVERY_DAYS_MAX);

/** An estimate is both numbers or neither, the fewest days first (the form's and the body's one rule). */
const checkDays = (v: { min_days?: number | null; max_days?: number | null }, ctx: z.RefinementCtx) => {
  if (v.min_days === undefined && v.max_days === undefined) return;
  const min = v.min_days ?? null;
  const max = v.max_days ?? null;
  if ((min === null) !== (max === null)) {
    ctx.addIssue({ code: 'custom', path: [min === null ? 'min_days' : 'max_days'], message: 'admin.shipping.daysBoth' });
  } else if (min !== null && max !== null && min > max) {
    ctx.addIssue({ code: 'custom', path: ['max_days'], message: 'admin.shipping.daysOrder' });
  }
};

/**
 * POST /crud/admin/shipping-rates: a zone's price for a method, the first
 * item and each further one, and how many business days a parcel sent that
 * way should take (`min_days`-`max_days`, both null: no estimate; left out:
 * unchanged). Free shipping stays as spec §5 says (US economy, item by
 * item): it is a rule, not a rate.
 */
export const ShippingRateBody = z
  .strictObject({
    zone: ShippingZone,
    method: ShippingRateMethod,
    first_item: ShippingPrice,
    additional_item: ShippingPrice,
    min_days: DeliveryDays.nullable().optional(),
    max_days: DeliveryDays.nullable().optional(),
  })
  .refine((b) => SHIPPING_ZONE_METHODS.some((r) => r.zone === b.zone && r.method === b.method), {
    error: 'validation.invalid',
    path: ['method'],
  })
  .superRefine(checkDays)
  .meta({ id: 'ShippingRateBody' });
export type ShippingRateBody = z.input<typeof ShippingRateBody>;

/** Days as typed: empty (no estimate) or a whole number. */
const TypedDays = text()
  .trim()
  .transform((v) => (v === '' ? null : /^\d{1,3}$/.test(v) ? Number(v) : Number.NaN))
  // What was typed is not a whole number: Invalid.
  .pipe(
    z
      .number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.invalid' : undefined) })
      .min(1)
      .max(DELIVERY_DAYS_MAX)
      .int()
      .nullable(),
  );

/** The rate form's fields as typed. */
export const ShippingRateForm = z
  .object({
    first_item: TypedShippingPrice,
    additional_item: TypedShippingPrice,
    min_days: TypedDays,
    max_days: TypedDays,
  })
  .superRefine(checkDays);

export const AdminShippingRate = z.object({
  zone: ShippingZone,
  method: ShippingRateMethod,
  first_item_usd: Usd,
  additional_item_usd: Usd,
  /** The delivery estimate in business days (decision 071); both null: none. */
  min_days: z.number().int().nullable(),
  max_days: z.number().int().nullable(),
});
export type AdminShippingRate = z.infer<typeof AdminShippingRate>;

/** Whether a percentage has at most 4 decimals (the table keeps 4: 6.875% is exact). */
const isFourDecimals = (v: number) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6;

/** A sales tax rate in percent: more than 0, at most 30, at most 4 decimals. */
export const TaxPercent = z
  .number()
  .gt(0, { error: 'admin.tax.ratePositive' })
  .max(TAX_RATE_MAX_PERCENT)
  .refine(isFourDecimals, { error: 'admin.tax.rateDecimals' });

/**
 * A tax rate's place: a country (an id of GET /crud/countries; the server
 * refuses one it does not know) and, for the US and Canada, a state or
 * province of their list, or '' for the rate of the whole country.
 */
const taxPlace = { country_id: Id, state: text().trim().max(100) };
const checkPlace = (v: { country_id: number; state: string }, ctx: z.RefinementCtx) => {
  const states = statesOf(v.country_id);
  if (v.state !== '' && !states?.some(([code]) => code === v.state)) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: 'admin.tax.unknownState' });
  }
};

/**
 * POST /crud/admin/tax-rates: sets the rate of a state or province (or of a
 * whole country): a new one is added, an existing one changed. Shipping is
 * never taxed; the types taxed stay as they are (CDs and books for a new one).
 */
export const TaxRateBody = z
  .strictObject({ ...taxPlace, rate_percent: TaxPercent })
  .superRefine(checkPlace)
  .meta({ id: 'TaxRateBody' });
export type TaxRateBody = z.input<typeof TaxRateBody>;

/** A typed percentage: digits with a point or a comma and at most 4 decimals ("6.25", "6,25"); a minus reads as a number, then refused. */
const TYPED_PERCENT = /^-?\d{1,3}(?:[.,]\d{1,4})?$/;

/** The tax form's fields as typed: the country (its id as the select holds it), the state, the rate. */
export const TaxRateForm = z
  .object({
    country_id: wholeNumberParam(1, INT4_MAX),
    state: text(),
    rate_percent: text()
      .trim()
      .min(1)
      .refine((v) => TYPED_PERCENT.test(v), { error: 'validation.invalid', abort: true })
      .transform((v) => Number(v.replace(',', '.')))
      .pipe(TaxPercent),
  })
  .superRefine(checkPlace);

/** DELETE /crud/admin/tax-rates/{id}. */
export const AdminTaxRateParams = z.strictObject({ id: IdParam });

export const AdminTaxRate = z.object({
  id: z.number().int(),
  country_id: z.number().int(),
  /** ISO 3166-1 alpha-2, for the country's name in the site language. */
  country_code: z.string(),
  country_name: z.string(),
  /** null: the rate of the whole country. */
  state: z.string().nullable(),
  rate_percent: z.number(),
  taxable_types: z.array(z.string()),
});
export type AdminTaxRate = z.infer<typeof AdminTaxRate>;

/** GET /crud/admin/shipping: the shipping rates (US economy and priority, Canada, elsewhere) and the tax rates. */
export const AdminShippingResponse = z
  .object({ rates: z.array(AdminShippingRate), tax_rates: z.array(AdminTaxRate) })
  .meta({ id: 'AdminShipping' });
export type AdminShippingResponse = z.infer<typeof AdminShippingResponse>;
