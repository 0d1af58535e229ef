import { adminPath, ReportInterval, type ReportName, type SalesReport } from '@storyhouse/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { FieldError, fieldClass } from '../../../ui/form/fields';
import { LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { ApplyFilters, MoneyCell } from '../shared/admin-part';
import { ColumnLabel } from '../shared/column-label';
import { Fact } from '../shared/facts';
import { useFormatDateTime } from '../shared/format-date-time';
import { orderHref } from '../shared/order-href';
import {
  type ReportRange,
  reportHref,
  useCouponsReport,
  useKindsReport,
  useRefundsReport,
  useSalesReport,
  useSitesReport,
} from './api/reports';
import { FeeReportPart } from './fee-report';
import { RecoveryReportPart } from './recovery-report';
import { rangeErrors, readReportRange, reportsHref } from './report-range';
import { usePeriodWords } from './report-words';
import { SalesChart } from './sales-chart';
import '../../../ui/form/form.css';
import './reports.css';

type FieldMessages = Partial<Record<keyof ReportRange, string>>;
/** The form's fields, in the order they come. */
const rangeFields = ['from', 'to', 'interval'] as const;

/**
 * Issue 29 item 5, Reports: for the days chosen (the last twelve months by
 * default), sales and gifts per day, week or month as a chart and a table,
 * then by kind, by language site, coupon use and refunds, each to download
 * as a spreadsheet (CSV). The days live in the address: bookmark, reload, back.
 */
export default function ReportsPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const range = readReportRange(params);
  const path = adminPath('adminReports', lang) ?? '';
  const wrong = rangeErrors(range);
  const valid = Object.keys(wrong).length === 0;
  // The server checks the days too (the same contract): its field messages, in the site language, show on the form.
  const sales = useSalesReport(range, valid);
  const serverFields = sales.error instanceof ApiError && sales.error.status === 400 ? sales.error.fields : {};
  const urlMessages: FieldMessages = valid
    ? pick(serverFields)
    : Object.fromEntries(Object.entries(wrong).map(([field, key]) => [field, t(key)]));
  return (
    <AdminLayout title={t('admin.reports.title')}>
      <RangeForm current={range} messages={urlMessages} onApply={(r) => navigate(reportsHref(path, r))} />
      {valid ? (
        <div className="reports">
          <SalesPart range={range} />
          <KindsPart range={range} />
          <SitesPart range={range} />
          <CouponsPart range={range} />
          <RefundsPart range={range} />
          <FeeReportPart range={range} />
          <RecoveryReportPart range={range} />
        </div>
      ) : (
        <p className="admin-empty card card--tinted" role="status">
          {t('admin.reports.fixDays')}
        </p>
      )}
    </AdminLayout>
  );
}

/** The server's messages of the form's fields (its 400 names the field to change). */
const pick = (fields: Record<string, string>): FieldMessages => {
  const out: FieldMessages = {};
  for (const name of rangeFields) if (fields[name]) out[name] = fields[name];
  return out;
};

/**
 * The days of the reports and how sales are grouped, applied when sent (a
 * keyboard user sets all three first). Days the server would refuse are
 * named on their field and the reports shown stay as they were.
 */
function RangeForm({
  current,
  messages,
  onApply,
}: {
  current: ReportRange;
  messages: FieldMessages;
  onApply: (range: ReportRange) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState(current);
  const [refused, setRefused] = useState<FieldMessages>();
  const { from, to, interval } = current;
  // Back and forward change the days in the address: the form follows.
  useEffect(() => {
    setDraft({ from, to, interval });
    setRefused(undefined);
  }, [from, to, interval]);

  // Refused: to the field to change, once it says why (its description), so a screen reader hears it.
  useEffect(() => {
    const first = rangeFields.find((name) => refused?.[name]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }, [refused, id]);

  const set = <K extends keyof ReportRange>(name: K, value: ReportRange[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = rangeErrors(draft);
    if (Object.keys(wrong).length > 0) {
      setRefused(Object.fromEntries(Object.entries(wrong).map(([field, key]) => [field, t(key)])));
      return;
    }
    setRefused(undefined);
    onApply(draft);
  };
  const shown = refused ?? messages;
  const control = (name: keyof ReportRange) => ({
    id: `${id}-${name}`,
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby': shown[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form className="admin-filters" aria-label={t('admin.reports.filters')} onSubmit={submit} noValidate>
      <div className={fieldClass(shown.from)}>
        <label htmlFor={`${id}-from`}>{t('admin.reports.from')}</label>
        <input {...control('from')} type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
        <FieldError id={`${id}-from-error`} error={shown.from} />
      </div>
      <div className={fieldClass(shown.to)}>
        <label htmlFor={`${id}-to`}>{t('admin.reports.to')}</label>
        <input {...control('to')} type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
        <FieldError id={`${id}-to-error`} error={shown.to} />
      </div>
      <div className={fieldClass(shown.interval)}>
        <label htmlFor={`${id}-interval`}>{t('admin.reports.groupBy')}</label>
        <select
          {...control('interval')}
          value={draft.interval}
          onChange={(e) => set('interval', e.target.value as ReportInterval)}
        >
          {ReportInterval.options.map((value) => (
            <option key={value} value={value}>
              {t(`admin.reports.interval.${value}`)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-interval-error`} error={shown.interval} />
      </div>
      <ApplyFilters label={t('admin.list.apply')} />
    </form>
  );
}

/**
 * A report's section: its heading, the link that downloads it as a
 * spreadsheet, and the report once loaded (or why not, or that these days
 * have nothing to show). The last days' report stays while the next loads.
 */
function ReportPart<T>({
  name,
  range,
  query,
  isEmpty,
  children,
}: {
  name: ReportName;
  range: ReportRange;
  query: UseQueryResult<T>;
  isEmpty: (report: T) => boolean;
  children: (report: T) => ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
  const { data, error, isPending, isPlaceholderData, refetch } = query;
  let body: ReactNode;
  if (isPending) body = <Loading shape="block" />;
  else if (error) body = <LoadError error={error} onRetry={() => void refetch()} />;
  else if (isEmpty(data)) {
    body = (
      <p className="reports-part__empty" role="status">
        {t(`admin.reports.${name}.none`)}
      </p>
    );
  } else body = children(data);
  return (
    <section className="admin-part card reports-part" aria-labelledby={id} aria-busy={isPlaceholderData || undefined}>
      <div className="reports-part__head">
        <h2 id={id}>{t(`admin.reports.${name}.title`)}</h2>
        <a className="reports-part__csv" href={reportHref(name, range, 'csv')} download>
          {t(`admin.reports.${name}.download`)}
        </a>
      </div>
      {body}
    </section>
  );
}

/**
 * A table of eight columns: where it is wider than the page (a tablet, long
 * figures), it scrolls sideways by itself, not the page; focusable, so a
 * keyboard can scroll it too. On a phone its rows stack (reports.css).
 */
function WideTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to be scrolled by keyboard (WCAG 2.1.1).
    <section className="reports-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** A column heading of figures (right-aligned, like its cells). */
function MoneyHead({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="admin-table__money">
      {children}
    </th>
  );
}

/** A cell that is not a figure; on a phone, where the columns stack, it carries its column's name for sight. */
function TextCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td>
      <ColumnLabel label={label} />
      {children}
    </td>
  );
}

type SalesColumn = 'period' | 'orders' | 'sales' | 'gifts' | 'shipping' | 'tax' | 'giftCards' | 'refunds' | 'net';
/** The table's money columns: each heading and the figure under it. */
const salesMoney = [
  ['sales', 'sales_usd'],
  ['gifts', 'gifts_usd'],
  ['shipping', 'shipping_usd'],
  ['tax', 'tax_usd'],
  ['giftCards', 'gift_cards_usd'],
  ['refunds', 'refunds_usd'],
  ['net', 'net_usd'],
] as const satisfies readonly (readonly [SalesColumn, keyof SalesReport['totals']])[];

function SalesPart({ range }: { range: ReportRange }) {
  const query = useSalesReport(range);
  return (
    <ReportPart name="sales" range={range} query={query} isEmpty={(r) => r.totals.orders === 0 && r.totals.refunds_usd === 0}>
      {(report) => <SalesFigures report={report} />}
    </ReportPart>
  );
}

/** The sales report's totals, its chart, and its figures per period as a table (what the chart draws, to read). */
function SalesFigures({ report }: { report: SalesReport }) {
  const { t, formatMoney } = useI18n();
  // The report's own interval: while the next one loads, the words still match the figures shown.
  const words = usePeriodWords(report.interval);
  const col = (name: SalesColumn) => t(`admin.reports.col.${name}`);
  return (
    <>
      <dl className="admin-facts admin-facts--money reports-totals">
        <Fact term={col('orders')}>{report.totals.orders}</Fact>
        <Fact term={col('sales')}>{formatMoney(report.totals.sales_usd)}</Fact>
        <Fact term={col('gifts')}>{formatMoney(report.totals.gifts_usd)}</Fact>
        <Fact term={col('shipping')}>{formatMoney(report.totals.shipping_usd)}</Fact>
        <Fact term={col('tax')}>{formatMoney(report.totals.tax_usd)}</Fact>
        {/* Taken off: net is the lines above it, as the sign shows (none shows as $0.00, not -$0.00). */}
        <Fact term={col('giftCards')}>{formatMoney(report.totals.gift_cards_usd ? -report.totals.gift_cards_usd : 0)}</Fact>
        <Fact term={col('refunds')}>{formatMoney(report.totals.refunds_usd ? -report.totals.refunds_usd : 0)}</Fact>
        <Fact term={col('net')} className="admin-facts__total">
          {formatMoney(report.totals.net_usd)}
        </Fact>
      </dl>
      <p className="reports-part__note">{t('admin.reports.sales.netIs')}</p>
      <SalesChart report={report} />
      <WideTable label={t('admin.reports.sales.table')}>
        <table className="admin-table admin-table--stacked reports-table reports-table--wide">
          <caption className="visually-hidden">{t('admin.reports.sales.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{col('period')}</th>
              <MoneyHead>{col('orders')}</MoneyHead>
              {salesMoney.map(([name]) => (
                <MoneyHead key={name}>{col(name)}</MoneyHead>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.periods.map((period) => (
              <tr key={period.start}>
                <th scope="row" className="admin-table__nowrap">
                  {words.period(period.start)}
                </th>
                <MoneyCell label={col('orders')}>{period.orders}</MoneyCell>
                {salesMoney.map(([name, figure]) => (
                  <MoneyCell key={name} label={col(name)}>
                    {formatMoney(period[figure])}
                  </MoneyCell>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </WideTable>
    </>
  );
}

function KindsPart({ range }: { range: ReportRange }) {
  const { t, formatMoney } = useI18n();
  const query = useKindsReport(range);
  return (
    <ReportPart name="kinds" range={range} query={query} isEmpty={(r) => r.rows.length === 0}>
      {(report) => (
        <table className="admin-table admin-table--stacked reports-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.reports.col.kind')}</th>
              <MoneyHead>{t('admin.reports.col.quantity')}</MoneyHead>
              <MoneyHead>{t('admin.reports.col.orders')}</MoneyHead>
              <MoneyHead>{t('admin.reports.col.amount')}</MoneyHead>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.kind}>
                <th scope="row">{t(`admin.reports.kind.${row.kind}`)}</th>
                <MoneyCell label={t('admin.reports.col.quantity')}>{row.quantity}</MoneyCell>
                <MoneyCell label={t('admin.reports.col.orders')}>{row.orders}</MoneyCell>
                <MoneyCell label={t('admin.reports.col.amount')}>{formatMoney(row.amount_usd)}</MoneyCell>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ReportPart>
  );
}

function SitesPart({ range }: { range: ReportRange }) {
  const { t, formatMoney } = useI18n();
  const query = useSitesReport(range);
  const money = ['sales', 'gifts', 'refunds'] as const;
  return (
    <ReportPart name="sites" range={range} query={query} isEmpty={(r) => r.rows.length === 0}>
      {(report) => (
        <table className="admin-table admin-table--stacked reports-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.reports.col.site')}</th>
              <MoneyHead>{t('admin.reports.col.orders')}</MoneyHead>
              {money.map((name) => (
                <MoneyHead key={name}>{t(`admin.reports.col.${name}`)}</MoneyHead>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.lang_code}>
                <th scope="row" lang={row.lang_code}>
                  {t(`lang.${row.lang_code}`)}
                </th>
                <MoneyCell label={t('admin.reports.col.orders')}>{row.orders}</MoneyCell>
                {money.map((name) => (
                  <MoneyCell key={name} label={t(`admin.reports.col.${name}`)}>
                    {formatMoney(row[`${name}_usd`])}
                  </MoneyCell>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ReportPart>
  );
}

function CouponsPart({ range }: { range: ReportRange }) {
  const { t, formatMoney } = useI18n();
  const query = useCouponsReport(range);
  return (
    <ReportPart name="coupons" range={range} query={query} isEmpty={(r) => r.rows.length === 0}>
      {(report) => (
        <table className="admin-table admin-table--stacked reports-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.reports.col.code')}</th>
              <th scope="col">{t('admin.reports.col.coupon')}</th>
              <MoneyHead>{t('admin.reports.col.orders')}</MoneyHead>
              <MoneyHead>{t('admin.reports.col.discount')}</MoneyHead>
              <MoneyHead>{t('admin.reports.col.ordersTotal')}</MoneyHead>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.code}>
                <th scope="row" className="reports-table__code">
                  {row.code}
                </th>
                <TextCell label={t('admin.reports.col.coupon')}>{row.title ?? '—'}</TextCell>
                <MoneyCell label={t('admin.reports.col.orders')}>{row.orders}</MoneyCell>
                <MoneyCell label={t('admin.reports.col.discount')}>{formatMoney(row.discount_usd)}</MoneyCell>
                <MoneyCell label={t('admin.reports.col.ordersTotal')}>{formatMoney(row.total_usd)}</MoneyCell>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ReportPart>
  );
}

function RefundsPart({ range }: { range: ReportRange }) {
  const { t, formatMoney } = useI18n();
  const formatDateTime = useFormatDateTime();
  const query = useRefundsReport(range);
  const col = (name: 'date' | 'order' | 'customer' | 'email' | 'card' | 'giftCard' | 'refused' | 'source' | 'status') =>
    t(`admin.reports.col.${name}`);
  return (
    <ReportPart name="refunds" range={range} query={query} isEmpty={(r) => r.rows.length === 0}>
      {(report) => (
        <>
          <dl className="admin-facts admin-facts--money reports-totals">
            <Fact term={t('admin.reports.refunds.total')} className="admin-facts__total">
              {formatMoney(report.total_usd)}
            </Fact>
            {report.refused_usd > 0 && <Fact term={t('admin.reports.refunds.refused')}>{formatMoney(report.refused_usd)}</Fact>}
          </dl>
          <WideTable label={t('admin.reports.refunds.table')}>
            <table className="admin-table admin-table--stacked reports-table reports-table--wide">
              <thead>
                <tr>
                  <th scope="col">{col('date')}</th>
                  <th scope="col">{col('order')}</th>
                  <th scope="col">{col('customer')}</th>
                  <th scope="col">{col('email')}</th>
                  <MoneyHead>{col('card')}</MoneyHead>
                  <MoneyHead>{col('giftCard')}</MoneyHead>
                  <MoneyHead>{col('refused')}</MoneyHead>
                  <th scope="col">{col('source')}</th>
                  <th scope="col">{col('status')}</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={`${row.order_id}-${row.at}-${row.source}`}>
                    <TextCell label={col('date')}>{formatDateTime(row.at)}</TextCell>
                    <th scope="row" className="admin-table__nowrap">
                      <ColumnLabel label={col('order')} />
                      <Link to={orderHref(row.order_id)}>{row.order_number}</Link>
                    </th>
                    <TextCell label={col('customer')}>{row.customer}</TextCell>
                    <TextCell label={col('email')}>
                      <span className="reports-table__email">{row.email}</span>
                    </TextCell>
                    <MoneyCell label={col('card')}>{formatMoney(row.card_usd)}</MoneyCell>
                    <MoneyCell label={col('giftCard')}>{formatMoney(row.gift_card_usd)}</MoneyCell>
                    <MoneyCell label={col('refused')}>{formatMoney(row.refused_usd)}</MoneyCell>
                    <TextCell label={col('source')}>{t(`admin.reports.source.${row.source}`)}</TextCell>
                    <TextCell label={col('status')}>{t(`admin.reports.status.${row.status}`)}</TextCell>
                  </tr>
                ))}
              </tbody>
            </table>
          </WideTable>
        </>
      )}
    </ReportPart>
  );
}
