import { z } from 'zod';
import { usdAmount } from './amounts';
import { DONATION_USD } from './cart';
import { SiteQuery } from './common';
import { IdParam } from './numbers';
import { text } from './text-fields';

/** Money in the API is dollars with 2 decimals (DESIGN.md 5); cents inside. */
const Usd = z.number().describe('US dollars, 2 decimals');

/** Spec §3: a subscription sku's code, its plan. */
export const subscriptionPlans = ['monthly', 'annual'] as const;
export const SubscriptionPlan = z.enum(subscriptionPlans);
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

/** One plan of the subscription page (spec §2 Subscription: monthly and annual offers). */
export const SubscriptionOffer = z
  .object({
    sku_id: z.number().int(),
    code: SubscriptionPlan,
    title: z.string(),
    /** The sale price when it is lower, else the full price (spec §3). */
    price_usd: Usd,
    full_price_usd: Usd,
    /** Spec §9: what the plan costs a month; the annual price / 12, rounded to the cent. */
    monthly_price_usd: Usd,
    /** The plan is in this visitor's cart (spec §4 in-cart flags). */
    in_cart: z.boolean(),
  })
  .meta({ id: 'SubscriptionOffer' });
export type SubscriptionOffer = z.infer<typeof SubscriptionOffer>;

/** GET /crud/subscription-skus: the plans on sale, monthly first. */
export const SubscriptionOffersResponse = z.object({ items: z.array(SubscriptionOffer) }).meta({ id: 'SubscriptionOffers' });
export type SubscriptionOffersResponse = z.infer<typeof SubscriptionOffersResponse>;

/**
 * Issue 28: a family's plan or monthly donation as it renews at the card
 * processor (spec §3 Subscription, §4 Subscription, §9 prices). `id` is the
 * processor's subscription id (sub_…), the one the spec's calls name.
 */
export const RenewalKind = z.enum(['subscription', 'recurring_donation']);
export type RenewalKind = z.infer<typeof RenewalKind>;

export const RenewalStatus = z.enum(['active', 'past_due', 'cancelled']);
export type RenewalStatus = z.infer<typeof RenewalStatus>;

const IsoDate = z.string().describe('ISO date-time');

/** Spec §3: one item of a subscription (what it is, how many, the price of one in cents). */
export const SubscriptionItem = z.object({
  metadata: z.object({ type: RenewalKind, code: z.string() }),
  quantity: z.number().int(),
  price: z.object({ unit_amount: z.number().int().describe('cents') }),
});

export const MySubscription = z
  .object({
    id: z.string(),
    type: RenewalKind,
    /** monthly or annual for a plan; the fund's code for a monthly donation. */
    code: z.string(),
    title: z.string(),
    status: RenewalStatus,
    interval: z.enum(['month', 'year']),
    items: z.array(SubscriptionItem),
    /** Spec §9: quantity × unit amount, in dollars (what one period costs). */
    price_usd: Usd,
    current_period_end: IsoDate,
    /** Set while a cancel at the period's end is pending (spec §4 pending-cancel, Resume). */
    cancel_at: IsoDate.nullable(),
    trial_end: IsoDate.nullable(),
    /** Spec §3 test_clock: the test processor's time, when its clock has been moved. */
    test_clock: z.object({ frozen_time: IsoDate }).nullable(),
    /** The next charge, while one is coming (not once a cancel is pending or it ended). */
    next_payment: z.object({ date: IsoDate, amount_usd: Usd }).nullable(),
    /** The saved card it renews on (brand and last4 only). */
    card: z.object({ id: z.string(), brand: z.string(), last4: z.string() }).nullable(),
    /** Past due: the renewal that failed, and when the card is tried again (null after the last try). */
    past_due: z.object({ amount_usd: Usd, next_attempt_at: IsoDate.nullable() }).nullable(),
    /** Spec §4: how a cancel now would end it: at the period's end, or at once with the unused part refunded. */
    cancel_kind: z.enum(['now', 'period_end']),
    /** What a cancel now gives back (0 when it ends at the period's end). */
    refund_usd: Usd,
    /** A monthly plan may move to the annual plan (issue 28 item 4): what that charges today, prorated. */
    upgrade: z.object({ code: SubscriptionPlan, price_usd: Usd, due_now_usd: Usd }).nullable(),
    /**
     * Decision 067, a monthly gift's "cover the fee": whether it does, and the
     * fee it adds each month (or would add, under the ministry's rule now);
     * null for a plan.
     */
    cover_fee: z.object({ covered: z.boolean(), fee_usd: Usd }).nullable(),
    /** Issue 45: a monthly gift's chosen day of the month (1-28); null while it keeps the day it was given. */
    charge_day: z.number().int().nullable(),
    /** Issue 45: while a monthly gift is paused, the day it is charged again (no charge before). */
    paused_until: IsoDate.nullable(),
  })
  .meta({ id: 'MySubscription' });
export type MySubscription = z.infer<typeof MySubscription>;

/** GET /crud/stripe/customer/my/subscriptions: the plan and monthly donations, live ones first. */
export const MySubscriptionsResponse = z.object({ data: z.array(MySubscription) }).meta({ id: 'MySubscriptions' });
export type MySubscriptionsResponse = z.infer<typeof MySubscriptionsResponse>;

/**
 * GET /crud/stripe/subscription/funds (decision 070): the monthly funds on
 * sale now, that a donor may move a monthly gift to, titled in the site's
 * language, in the shop's order.
 */
export const MonthlyFundsResponse = z
  .object({ data: z.array(z.object({ code: z.string(), title: z.string() })) })
  .meta({ id: 'MonthlyFunds' });
export type MonthlyFundsResponse = z.infer<typeof MonthlyFundsResponse>;

/** A processor id in a path or cursor (sub_…, in_…, card_…, pm_…). */
const ProcessorId = text()
  .max(100)
  .regex(/^[A-Za-z0-9_]+$/);

export const SubscriptionParams = z.strictObject({ id: ProcessorId });
/** A monthly gift's renewal whose receipt is asked for (decision 070). */
export const RenewalReceiptParams = z.strictObject({ id: ProcessorId, renewalId: IdParam });
/** GET /crud/stripe/subscription/{id}/invoices/{invoiceId}/receipt: a paid renewal's receipt (decision 071). */
export const InvoiceReceiptParams = z.strictObject({ id: ProcessorId, invoiceId: ProcessorId });

/** Where a paid renewal's receipt is (HTML, as the family was e-mailed it). */
export const invoiceReceiptPath = (subscriptionId: string, invoiceId: string) =>
  `/crud/stripe/subscription/${subscriptionId}/invoices/${invoiceId}/receipt`;

/** Spec §7: Stripe's list paging; one cursor at a time. */
export const InvoicesQuery = SiteQuery.extend({
  starting_after: ProcessorId.optional(),
  ending_before: ProcessorId.optional(),
}).refine((q) => !(q.starting_after && q.ending_before), { message: 'validation.invalid', path: ['ending_before'] });

/** Spec §3 Invoice: total in cents, status, lines (plan interval, product). */
export const Invoice = z
  .object({
    id: z.string(),
    created: IsoDate,
    total: z.number().int().describe('cents'),
    total_usd: Usd,
    status: z.enum(['open', 'paid', 'void', 'uncollectible']),
    type: RenewalKind,
    code: z.string(),
    lines: z.array(z.object({ plan: z.object({ interval: z.enum(['month', 'year']) }), product: z.string() })),
    /**
     * Its receipt (decision 071): a paid renewal's, HTML (invoiceReceiptPath); the first period's (paid by its order),
     * the order's confirmation (/payment?order=ID); null for one not paid.
     */
    receipt_url: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;

export const InvoicesResponse = z.object({ data: z.array(Invoice), has_more: z.boolean() }).meta({ id: 'Invoices' });
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;

/** POST /crud/stripe/subscription/{id}/card: renew on another saved card of the family. */
export const SubscriptionCardBody = z.strictObject({ card_id: ProcessorId }).meta({ id: 'SubscriptionCardBody' });
export type SubscriptionCardBody = z.infer<typeof SubscriptionCardBody>;

/** POST /crud/stripe/subscription/{id}/cover-fee: a monthly gift covers the fee, or stops, from its next charge (decision 067). */
export const SubscriptionCoverFeeBody = z.strictObject({ cover_fee: z.boolean() }).meta({ id: 'SubscriptionCoverFeeBody' });
export type SubscriptionCoverFeeBody = z.infer<typeof SubscriptionCoverFeeBody>;

/** POST /crud/stripe/subscription/{id}/plan: a monthly plan becomes the annual plan, prorated. */
export const SubscriptionPlanBody = z.strictObject({ code: SubscriptionPlan }).meta({ id: 'SubscriptionPlanBody' });
export type SubscriptionPlanBody = z.infer<typeof SubscriptionPlanBody>;

/** POST /crud/test-payments/clock (test processor, admins): move its clock forward and bill what falls due. */
export const TestClockBody = z.strictObject({ advance_days: z.number().int().min(1).max(3660) }).meta({ id: 'TestClockBody' });
export type TestClockBody = z.infer<typeof TestClockBody>;
export const TestClockResponse = z.object({ frozen_time: IsoDate, steps: z.number().int() }).meta({ id: 'TestClock' });
export type TestClockResponse = z.infer<typeof TestClockResponse>;

/** POST /crud/giving-statement: the year's gifts e-mailed to the donor (a calendar year, not in the future). */
export const GivingStatementBody = z
  .strictObject({ year: z.number().int().min(2000).max(2100) })
  .meta({ id: 'GivingStatementBody' });
export type GivingStatementBody = z.infer<typeof GivingStatementBody>;
export const GivingStatementResponse = z
  .object({ year: z.number().int(), gifts: z.number().int(), total_usd: Usd, sent_to: z.string() })
  .meta({ id: 'GivingStatement' });
export type GivingStatementResponse = z.infer<typeof GivingStatementResponse>;

/** Issue 45: the days of the month a monthly gift may be charged (every month has them). */
export const GIFT_CHARGE_DAY = { min: 1, max: 28 } as const;
/** Issue 45: how many months a donor may pause a monthly gift for. */
export const GIFT_PAUSE_MONTHS = [1, 2, 3] as const;

/**
 * POST /crud/stripe/subscription/{id}/gift: a donor changes a monthly gift
 * from its next charge: its amount (the limits of a new gift), its fund,
 * the day of the month it is charged, or a pause of 1 to 3 months (the
 * next charge that many months later). At least one of them.
 */
export const GiftChangeBody = z
  .strictObject({
    amount_usd: usdAmount(DONATION_USD).optional(),
    code: text().min(1).max(60).optional(),
    charge_day: z.number().int().min(GIFT_CHARGE_DAY.min).max(GIFT_CHARGE_DAY.max).optional(),
    pause_months: z.union(GIFT_PAUSE_MONTHS.map((m) => z.literal(m))).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'validation.required' })
  .meta({ id: 'GiftChangeBody' });
export type GiftChangeBody = z.infer<typeof GiftChangeBody>;
