import {
  type AdminOverview,
  type LangCode,
  OVERVIEW_OLDEST,
  type OverviewMoney,
  type RecoveryFigures,
  type RecoveryReport,
  type SalesPeriod,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { toUsd } from '../../lib/money';
import { pastDueCount } from '../admin-giving/admin-giving.service';
import { waitingOrders } from '../admin-orders/waiting-orders';
import { adminReportsService } from '../admin-reports/admin-reports.service';
import { guestBookWaitingCount } from '../guest-book/guest-book.service';
import { openInboxCount } from '../inbox/handled-inbox';
import { lowStockProducts } from '../stock/stock.service';
import { renewalFailures } from '../subscriptions/renewal-failures';

const day = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/** The days the overview's money covers (UTC): today, this month to today, last month to the same day and whole. */
export function overviewDays(now: Date) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const lastMonthEnd = utc(y, m, 0);
  const sameDayLastMonth = utc(y, m - 1, Math.min(now.getUTCDate(), lastMonthEnd.getUTCDate()));
  return {
    today: day(now),
    monthStart: day(utc(y, m, 1)),
    lastMonthStart: day(utc(y, m - 1, 1)),
    lastMonthToDate: day(sameDayLastMonth),
    lastMonthEnd: day(lastMonthEnd),
  };
}

const sumOf = (periods: readonly SalesPeriod[], from: string, to: string): OverviewMoney => {
  const within = periods.filter((p) => p.start >= from && p.start <= to);
  const cents = (pick: (p: SalesPeriod) => number) => within.reduce((sum, p) => sum + Math.round(pick(p) * 100), 0);
  return {
    sales_usd: cents((p) => p.sales_usd) / 100,
    gifts_usd: cents((p) => p.gifts_usd) / 100,
    orders: within.reduce((n, p) => n + p.orders, 0),
  };
};

/**
 * Issue 44 §1: the back office's home as a to-do list. Each count comes from the module that owns its rule
 * (the order list's "to ship", the refunds', the guest book's queue, the inboxes' "handled", renewals' "past
 * due", stock's "low"); the money is the sales report's, per day.
 */
/** The recovery figures as the Overview and the Reports page show them. */
const recoveryFigures = (r: { failed: number; recovered: number; at_risk_cents: number }): RecoveryFigures => ({
  failed: r.failed,
  recovered: r.recovered,
  at_risk_usd: toUsd(r.at_risk_cents),
});

const DAY_MS = 24 * 60 * 60 * 1000;

export function adminOverviewService(db: Db) {
  const reports = adminReportsService(db);
  const orders = waitingOrders(db);
  return {
    /** Decision 070: the Reports page's recovery, renewals that first failed in the days from and to (UTC, included). */
    async recovery({ from, to }: { from: string; to: string }): Promise<RecoveryReport> {
      const figures = await renewalFailures(db).since(
        new Date(`${from}T00:00:00Z`),
        new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
      );
      return { from, to, ...recoveryFigures(figures) };
    },

    async overview(lang: LangCode, now = new Date()): Promise<AdminOverview> {
      const days = overviewDays(now);
      const [toShip, refused, guestBook, contact, lessons, pastDue, recovery, lowStock, sales] = await Promise.all([
        orders.toShip(OVERVIEW_OLDEST),
        orders.refusedRefunds(OVERVIEW_OLDEST),
        guestBookWaitingCount(db),
        openInboxCount(db, { table: 'contact_messages' }),
        openInboxCount(db, { table: 'adventure_signups' }),
        pastDueCount(db),
        renewalFailures(db).since(new Date(`${days.monthStart}T00:00:00Z`)),
        lowStockProducts(db),
        reports.report('sales', { from: days.lastMonthStart, to: days.today, interval: 'day', lang }),
      ]);
      return {
        today: days.today,
        to_ship: toShip,
        guest_book_waiting: guestBook,
        messages_waiting: { contact, lessons },
        past_due: pastDue,
        recovery: recoveryFigures(recovery),
        refunds_refused: refused,
        low_stock: lowStock,
        money: {
          today: sumOf(sales.periods, days.today, days.today),
          month: sumOf(sales.periods, days.monthStart, days.today),
          last_month_to_date: sumOf(sales.periods, days.lastMonthStart, days.lastMonthToDate),
          last_month: sumOf(sales.periods, days.lastMonthStart, days.lastMonthEnd),
        },
      };
    },
  };
}
