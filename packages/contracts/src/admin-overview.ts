import { z } from 'zod';
import { LowStockProduct } from './stock';

/**
 * Issue 44 §1: the back office's home, a to-do list. What waits on a volunteer, each with a count and the
 * oldest few, then the money of today and this month against last month. GET /crud/admin/overview.
 */

const Usd = z.number().describe('US dollars, 2 decimals');
const IsoDate = z.string().describe('ISO date-time');

/** How many of the oldest items of a to-do line the overview names (the line's link opens them all). */
export const OVERVIEW_OLDEST = 5;

/** A paid order with a parcel not posted yet: since when it waits (paid). */
export const OverviewParcel = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  paid_at: IsoDate,
});

/** A refund the payment processor refused (nothing went back to the card) and no later refund of the order made good. */
export const OverviewRefusedRefund = z.object({
  order_id: z.number().int(),
  number: z.string(),
  amount_usd: Usd,
  created_at: IsoDate,
});

/**
 * Issue 45: renewals (plans and monthly gifts) whose charge first failed in a span, how many a later retry or a
 * change of card paid, and the amount of those still past due now (neither paid nor ended).
 */
export const RecoveryFigures = z.object({ failed: z.number().int(), recovered: z.number().int(), at_risk_usd: Usd });
export type RecoveryFigures = z.infer<typeof RecoveryFigures>;

/** GET /crud/admin/recovery?from&to (decision 070, the reports' ReportQuery): the Reports page's recovery, over whole days (UTC). */
export const RecoveryReport = RecoveryFigures.extend({ from: z.string(), to: z.string() }).meta({ id: 'RecoveryReport' });
export type RecoveryReport = z.infer<typeof RecoveryReport>;

/** Sales (everything but gifts) and gifts over some days, as the sales report counts them. */
export const OverviewMoney = z.object({ sales_usd: Usd, gifts_usd: Usd, orders: z.number().int() });
export type OverviewMoney = z.infer<typeof OverviewMoney>;

export const AdminOverview = z
  .object({
    /** The server's day (UTC) the money below is counted to. */
    today: z.string(),
    to_ship: z.object({ count: z.number().int(), oldest: z.array(OverviewParcel) }),
    /** Guest-book messages waiting for approval. */
    guest_book_waiting: z.number().int(),
    /** Contact messages and Bible-lesson requests not marked handled. */
    messages_waiting: z.object({ contact: z.number().int(), lessons: z.number().int() }),
    /** Plans and monthly gifts whose last renewal failed. */
    past_due: z.number().int(),
    /**
     * Issue 45: plans and monthly gifts whose renewal charge first failed this month (UTC), how many of those a
     * later retry or a change of card paid, and the amount of those still past due (neither paid nor ended).
     */
    recovery: RecoveryFigures,
    refunds_refused: z.object({ count: z.number().int(), oldest: z.array(OverviewRefusedRefund) }),
    /** CDs and books on sale at or below their low-stock threshold, fewest copies first (decision 061). */
    low_stock: z.array(LowStockProduct),
    money: z.object({
      today: OverviewMoney,
      /** From the 1st of this month to today. */
      month: OverviewMoney,
      /** Last month from its 1st to the same day of the month as today (or its last day). */
      last_month_to_date: OverviewMoney,
      /** The whole of last month. */
      last_month: OverviewMoney,
    }),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof AdminOverview>;
