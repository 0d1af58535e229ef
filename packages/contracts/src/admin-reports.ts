import { z } from 'zod';
import { SkuType } from './catalogue';
import { SiteQuery } from './common';
import { CalendarDay, daysBetween, isCalendarDay } from './days';
import { LangCode } from './lang';

/**
 * Issue 29 item 5: the back office's reports, GET /crud/admin/reports/{report}
 * for admins acting as themselves. Every report covers whole UTC days, from
 * and to included; `?format=csv` answers the same rows as a spreadsheet.
 */

const Usd = z.number().describe('US dollars, 2 decimals');
const IsoDate = z.string().describe('ISO date-time');

/** The longest report: five years. Day by day, at most a year, so a chart stays readable. */
export const REPORT_MAX_YEARS = 5;
export const REPORT_MAX_YEARS_BY_DAY = 1;

/** Whether `to` is less than `years` calendar years after `from` (2020-01-01 to 2020-12-31 is within one). */
export const withinYears = (from: string, to: string, years: number) =>
  `${String(Number(from.slice(0, 4)) + years).padStart(4, '0')}${from.slice(4)}` > to;

export const ReportInterval = z.enum(['day', 'week', 'month']);
export type ReportInterval = z.infer<typeof ReportInterval>;

/** The reports the back office offers, each at /crud/admin/reports/{name}. */
export const reportNames = ['sales', 'kinds', 'sites', 'coupons', 'refunds'] as const;
export const ReportName = z.enum(reportNames);
export type ReportName = z.infer<typeof ReportName>;

export const ReportParams = z.strictObject({ report: ReportName });

/**
 * The days a report covers, how the sales report groups them (weeks start on
 * Monday), and json or csv. An inverted range, or one longer than five years
 * (a year, day by day), is refused naming the field to change.
 */
export const ReportQuery = SiteQuery.extend({
  from: CalendarDay,
  to: CalendarDay,
  interval: ReportInterval.default('month'),
  format: z.enum(['json', 'csv']).default('json'),
}).superRefine((q, ctx) => {
  if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
  if (daysBetween(q.from, q.to) < 0) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dayRangeInverted' });
  } else if (!withinYears(q.from, q.to, REPORT_MAX_YEARS)) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.dayRangeTooLong' });
  } else if (q.interval === 'day' && !withinYears(q.from, q.to, REPORT_MAX_YEARS_BY_DAY)) {
    ctx.addIssue({ code: 'custom', path: ['interval'], message: 'validation.dayRangeTooLongByDay' });
  }
});
export type ReportQuery = z.input<typeof ReportQuery>;

const Range = { from: z.string(), to: z.string() };

/**
 * Money in and out per period: sales (everything but gifts: albums, tracks,
 * CDs, books, gift cards when sold, plans and their renewals, after
 * discounts), gifts (donations and each month of a monthly gift), shipping
 * and tax collected, what gift cards paid of the orders (a gift card's money
 * came in when it was sold, so what a refund gives back to one is not money
 * out either), refunds given back to cards, and what is left: net = sales +
 * gifts + shipping + tax − gift cards − refunds, the money that came in. A paid order counts on the day it was paid; a
 * refund on the day it was made.
 */
export const SalesPeriod = z.object({
  /** The period's first day (a Monday for weeks, the 1st for months). */
  start: z.string(),
  orders: z.number().int(),
  sales_usd: Usd,
  gifts_usd: Usd,
  shipping_usd: Usd,
  tax_usd: Usd,
  /** What gift cards paid of the orders paid in the period. */
  gift_cards_usd: Usd,
  /** Given back to cards (and plans cancelled early), whoever gave it; a refund the processor refused is not here. */
  refunds_usd: Usd,
  net_usd: Usd,
});
export type SalesPeriod = z.infer<typeof SalesPeriod>;

export const SalesReport = z
  .object({
    ...Range,
    interval: ReportInterval,
    /** Every period of the range, empty ones too, oldest first. */
    periods: z.array(SalesPeriod),
    totals: SalesPeriod.omit({ start: true }),
  })
  .meta({ id: 'SalesReport' });
export type SalesReport = z.infer<typeof SalesReport>;

/** Per kind of thing sold (albums, tracks, CDs, books, gift cards, plans, donations, monthly gifts). */
export const KindRow = z.object({
  kind: SkuType,
  /** Units: two CDs of one line are two. A renewal is one. */
  quantity: z.number().int(),
  orders: z.number().int(),
  amount_usd: Usd,
});
export const KindsReport = z.object({ ...Range, rows: z.array(KindRow) }).meta({ id: 'KindsReport' });
export type KindsReport = z.infer<typeof KindsReport>;

/** Per language site the order was placed on. */
export const SiteRow = z.object({
  lang_code: LangCode,
  orders: z.number().int(),
  sales_usd: Usd,
  gifts_usd: Usd,
  refunds_usd: Usd,
});
export const SitesReport = z.object({ ...Range, rows: z.array(SiteRow) }).meta({ id: 'SitesReport' });
export type SitesReport = z.infer<typeof SitesReport>;

/** Per coupon code used on a paid order: how often, what it took off, what the orders brought. */
export const CouponRow = z.object({
  code: z.string(),
  title: z.string().nullable(),
  orders: z.number().int(),
  discount_usd: Usd,
  total_usd: Usd,
});
export const CouponsReport = z.object({ ...Range, rows: z.array(CouponRow) }).meta({ id: 'CouponsReport' });
export type CouponsReport = z.infer<typeof CouponsReport>;

/**
 * Every refund made in the range, newest first: from the back office, from
 * the processor's dashboard, and the unused part of a plan cancelled early.
 * A refund the processor refused (`failed`) is listed with what it asked
 * for in `refused_usd`, and 0 to the card and to gift cards: nothing went
 * back, so no total counts it (decision 026).
 */
export const RefundRow = z.object({
  at: IsoDate,
  order_id: z.number().int(),
  order_number: z.string(),
  customer: z.string(),
  email: z.string(),
  card_usd: Usd,
  gift_card_usd: Usd,
  refused_usd: Usd,
  source: z.enum(['admin', 'processor', 'cancellation']),
  status: z.enum(['pending', 'done', 'failed']),
});
export const RefundsReport = z
  .object({
    ...Range,
    rows: z.array(RefundRow),
    /** What went back, to cards and gift cards: the sales report's refunds. */
    total_usd: Usd,
    /** What the processor refused: shown apart, never a refund. */
    refused_usd: Usd,
  })
  .meta({ id: 'RefundsReport' });
export type RefundsReport = z.infer<typeof RefundsReport>;

/** What GET /crud/admin/reports/{report} answers: a report, or with ?format=csv its spreadsheet (text/csv). */
export const ReportAnswer = z.union([
  SalesReport,
  KindsReport,
  SitesReport,
  CouponsReport,
  RefundsReport,
  z.string().describe('text/csv; charset=utf-8 (with ?format=csv): RFC 4180, UTF-8 with a byte order mark'),
]);

/** What each report answers, for a typed client. */
export type Reports = {
  sales: SalesReport;
  kinds: KindsReport;
  sites: SitesReport;
  coupons: CouponsReport;
  refunds: RefundsReport;
};
