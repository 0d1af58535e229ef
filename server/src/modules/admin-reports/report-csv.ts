import type { ReportName, Reports } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { type CsvCell, fixed } from '../../lib/csv';

type Table = { header: string[]; rows: CsvCell[][] };
type Translate = (key: MessageKey) => string;
type Column =
  | 'period'
  | 'orders'
  | 'sales'
  | 'gifts'
  | 'shipping'
  | 'tax'
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
  | 'source'
  | 'status';
const columns = (t: Translate, ...keys: Column[]) => keys.map((key) => t(`admin.reports.col.${key}`));

/**
 * Each report as a spreadsheet: the same columns as the back office's table,
 * headed in the admin's site language with the page's words, and the kinds,
 * sites and sources named as the page names them.
 */
export function reportTable<K extends ReportName>(name: K, report: Reports[K], t: Translate): Table {
  switch (name) {
    case 'sales': {
      const r = report as Reports['sales'];
      return {
        header: columns(t, 'period', 'orders', 'sales', 'gifts', 'shipping', 'tax', 'refunds', 'net'),
        rows: r.periods.map((p) => [
          p.start,
          p.orders,
          fixed(p.sales_usd),
          fixed(p.gifts_usd),
          fixed(p.shipping_usd),
          fixed(p.tax_usd),
          fixed(p.refunds_usd),
          fixed(p.net_usd),
        ]),
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
        header: columns(t, 'date', 'order', 'customer', 'email', 'card', 'giftCard', 'source', 'status'),
        rows: r.rows.map((f) => [
          f.at,
          f.order_number,
          f.customer,
          f.email,
          fixed(f.card_usd),
          fixed(f.gift_card_usd),
          t(`admin.reports.source.${f.source}`),
          t(`admin.order.refundStatus.${f.status}`),
        ]),
      };
    }
  }
}
