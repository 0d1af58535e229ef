import {
  type CouponsReport,
  type KindsReport,
  LangCode,
  type RefundsReport,
  type ReportName,
  type Reports,
  type SalesPeriod,
  type SalesReport,
  type SitesReport,
  SkuType,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { toUsd } from '../../lib/money';
import { titleIn } from '../../lib/titles';
import { ttlCache } from '../../lib/ttl-cache';
import { adminReportsRepository, type Span } from './admin-reports.repository';

/** The days a report covers, as the contract checked them, and the admin's language (a coupon's title is read in it). */
export type ReportRange = { from: string; to: string; interval: 'day' | 'week' | 'month'; lang: LangCode };

const DAY_MS = 86_400_000;
const KEPT_MS = 10 * 60_000;
const spanOf = ({ from, to }: ReportRange): Span => ({
  lo: new Date(`${from}T00:00:00Z`),
  hi: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
});

type Money = {
  sales: number;
  gifts: number;
  shipping: number;
  tax: number;
  giftCards: number;
  refunds: number;
  orders: number;
};
const usd = (m: Money): Omit<SalesPeriod, 'start'> => ({
  orders: m.orders,
  sales_usd: toUsd(m.sales),
  gifts_usd: toUsd(m.gifts),
  shipping_usd: toUsd(m.shipping),
  tax_usd: toUsd(m.tax),
  gift_cards_usd: toUsd(m.giftCards),
  refunds_usd: toUsd(m.refunds),
  net_usd: toUsd(m.sales + m.gifts + m.shipping + m.tax - m.giftCards - m.refunds),
});

/**
 * Issue 29 item 5: the back office's reports. PostgreSQL adds up (the
 * repository); this turns cents into dollars and names what it counted.
 */
export function adminReportsService(db: Db) {
  const repo = adminReportsRepository(db);

  const reports: { [K in ReportName]: (range: ReportRange) => Promise<Reports[K]> } = {
    async sales(range): Promise<SalesReport> {
      const periods = await repo.sales(spanOf(range), range.interval);
      const totals = periods.reduce(
        (sum, p) => ({
          orders: sum.orders + p.orders,
          sales: sum.sales + p.sales,
          gifts: sum.gifts + p.gifts,
          shipping: sum.shipping + p.shipping,
          tax: sum.tax + p.tax,
          giftCards: sum.giftCards + p.giftCards,
          refunds: sum.refunds + p.refunds,
        }),
        { orders: 0, sales: 0, gifts: 0, shipping: 0, tax: 0, giftCards: 0, refunds: 0 },
      );
      return {
        from: range.from,
        to: range.to,
        interval: range.interval,
        periods: periods.map((p) => ({ start: p.start, ...usd(p) })),
        totals: usd(totals),
      };
    },

    async kinds(range): Promise<KindsReport> {
      const rows = await repo.kinds(spanOf(range));
      return {
        from: range.from,
        to: range.to,
        rows: rows.flatMap((r) => {
          const kind = SkuType.safeParse(r.kind);
          return kind.success ? [{ kind: kind.data, quantity: r.quantity, orders: r.payments, amount_usd: toUsd(r.cents) }] : [];
        }),
      };
    },

    async sites(range): Promise<SitesReport> {
      const rows = await repo.sites(spanOf(range));
      return {
        from: range.from,
        to: range.to,
        rows: rows.flatMap((r) => {
          const lang = LangCode.safeParse(r.lang);
          return lang.success
            ? [
                {
                  lang_code: lang.data,
                  orders: r.orders,
                  sales_usd: toUsd(r.sales),
                  gifts_usd: toUsd(r.gifts),
                  refunds_usd: toUsd(r.refunds),
                },
              ]
            : [];
        }),
      };
    },

    async coupons(range): Promise<CouponsReport> {
      const rows = await repo.coupons(spanOf(range));
      return {
        from: range.from,
        to: range.to,
        rows: rows.map((r) => ({
          code: r.code,
          title: r.title === null ? null : titleIn(r.titles, range.lang, r.title),
          orders: r.orders,
          discount_usd: toUsd(r.discount),
          total_usd: toUsd(r.total),
        })),
      };
    },

    async refunds(range): Promise<RefundsReport> {
      const rows = (await repo.refunds(spanOf(range))).map((r) => {
        // Refused by the processor: nothing went back, so it is apart from what did.
        const refused = r.status === 'failed';
        return {
          ...r,
          card: refused ? 0 : r.card,
          giftCard: refused ? 0 : r.giftCard,
          refused: refused ? r.card + r.giftCard : 0,
        };
      });
      const sum = (cents: (r: (typeof rows)[number]) => number) => toUsd(rows.reduce((total, r) => total + cents(r), 0));
      return {
        from: range.from,
        to: range.to,
        rows: rows.map((r) => ({
          at: r.at.toISOString(),
          order_id: r.orderId,
          order_number: r.number,
          customer: r.name,
          email: r.email,
          card_usd: toUsd(r.card),
          gift_card_usd: toUsd(r.giftCard),
          refused_usd: toUsd(r.refused),
          source: r.source as RefundsReport['rows'][number]['source'],
          status: r.status as RefundsReport['rows'][number]['status'],
        })),
        total_usd: sum((r) => r.card + r.giftCard),
        refused_usd: sum((r) => r.refused),
      };
    },
  };

  // A report is kept while no money moves (the key holds where the money stands, read from indexes in
  // a millisecond), so a busy back office, or a volunteer pressing reload, reads a year of orders once.
  const kept = ttlCache<Reports[ReportName]>(KEPT_MS, 200);

  return {
    async report<K extends ReportName>(name: K, range: ReportRange): Promise<Reports[K]> {
      const money = await repo.moneyVersion();
      const key = JSON.stringify([
        name,
        range.from,
        range.to,
        name === 'sales' ? range.interval : '',
        name === 'coupons' ? range.lang : '',
        money,
      ]);
      return kept(key, () => reports[name](range)) as Promise<Reports[K]>;
    },
  };
}

export type AdminReportsService = ReturnType<typeof adminReportsService>;
