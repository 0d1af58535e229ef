import type { ReportName, Reports } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { type CsvCell, fixed } from '../../lib/csv';
import { toCents, toUsd } from '../../lib/money';

type Table = { header: string[]; rows: CsvCell[][] };
type Translate = (key: MessageKey) => string;
type Column =
  | 'period'
  | 'orders'
  | 'sales'
  | 'gifts'
  | 'shipping'
  | 'tax'
  | 'giftCards'
  | 'refunds'
  | 'net'
  | 'kind'
  | 'quantity'
  | 'amount'
  | 'site'
  | 'code'
  | 'coupon'
  | 'discount'
  | 'ordersTotal'
  | 'date'
  | 'order'
  | 'customer'
  | 'email'
  | 'card'
  | 'giftCard'
  | 'refused'
  | 'source'
  | 'status';
const columns = (t: Translate, ...keys: Column[]) => keys.map((key) => t(`admin.reports.col.${key}`));
/** A column's figures added up in cents, as the last row shows them. */
const sum = <T>(rows: readonly T[], usd: (row: T) => number) =>
  fixed(toUsd(rows.reduce((cents, row) => cents + toCents(usd(row)), 0)));

/**
 * Each report as a spreadsheet: the same columns as the back office's table,
 * headed in the admin's site language with the page's words, and the kinds,
 * sites and sources named as the page names them. Sales and refunds end with
 * a total row, the page's summary: net is the lines before it (decision 026),
 * and a refund the processor refused is in its own column, never with the
 * money that went back.
 */
export function reportTable<K extends ReportName>(name: K, report: Reports[K], t: Translate): Table {
  switch (name) {
    case 'sales': {
      const r = report as Reports['sales'];
      const figures = (p: Omit<Reports['sales']['periods'][number], 'start'>): CsvCell[] => [
        p.orders,
        fixed(p.sales_usd),
        fixed(p.gifts_usd),
        fixed(p.shipping_usd),
        fixed(p.tax_usd),
        fixed(p.gift_cards_usd),
        fixed(p.refunds_usd),
        fixed(p.net_usd),
      ];
      return {
        header: columns(t, 'period', 'orders', 'sales', 'gifts', 'shipping', 'tax', 'giftCards', 'refunds', 'net'),
        rows: [...r.periods.map((p) => [p.start, ...figures(p)]), [t('admin.reports.total'), ...figures(r.totals)]],
      };
    }
    case 'kinds': {
      const r = report as Reports['kinds'];
      return {
        header: columns(t, 'kind', 'quantity', 'orders', 'amount'),
        rows: r.rows.map((k) => [t(`admin.reports.kind.${k.kind}`), k.quantity, k.orders, fixed(k.amount_usd)]),
      };
    }
    case 'sites': {
      const r = report as Reports['sites'];
      return {
        header: columns(t, 'site', 'orders', 'sales', 'gifts', 'refunds'),
        rows: r.rows.map((s) => [
          t(`lang.${s.lang_code}`),
          s.orders,
          fixed(s.sales_usd),
          fixed(s.gifts_usd),
          fixed(s.refunds_usd),
        ]),
      };
    }
    case 'coupons': {
      const r = report as Reports['coupons'];
      return {
        header: columns(t, 'code', 'coupon', 'orders', 'discount', 'ordersTotal'),
        rows: r.rows.map((c) => [c.code, c.title, c.orders, fixed(c.discount_usd), fixed(c.total_usd)]),
      };
    }
    default: {
      const r = report as Reports['refunds'];
      return {
        header: columns(t, 'date', 'order', 'customer', 'email', 'card', 'giftCard', 'refused', 'source', 'status'),
        rows: [
          ...r.rows.map((f) => [
            f.at,
            f.order_number,
            f.customer,
            f.email,
            fixed(f.card_usd),
            fixed(f.gift_card_usd),
            fixed(f.refused_usd),
            t(`admin.reports.source.${f.source}`),
            t(`admin.reports.status.${f.status}`),
          ]),
          [
            t('admin.reports.total'),
            null,
            null,
            null,
            sum(r.rows, (f) => f.card_usd),
            sum(r.rows, (f) => f.gift_card_usd),
            fixed(r.refused_usd),
            null,
            null,
          ],
        ],
      };
    }
  }
}
