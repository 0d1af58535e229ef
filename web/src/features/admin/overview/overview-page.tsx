import { type AdminOverview, adminPath, adminPathOf, type OverviewMoney } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { Fact } from '../shared/facts';
import { listHref } from '../shared/list-params';
import { TestClock } from '../shared/test-clock';
import { useAdminOverview } from './api/overview';
import './overview.css';

const DAY_MS = 86_400_000;

/**
 * Spec §2 /admin, where an admin lands after logging in: the back office's home as a to-do list (issue 44 §1,
 * after Shopify's admin home): what waits on a volunteer, each with how many and a link to them, the oldest
 * named; then today's and this month's sales and gifts against last month. The test processor's clock
 * (issue 28) at the foot.
 */
export default function OverviewPage() {
  const { t } = useI18n();
  const overview = useAdminOverview();
  return (
    <AdminLayout title={t('admin.overview.title')}>
      {overview.isPending ? (
        <Loading shape="block" />
      ) : overview.isError ? (
        <LoadError error={overview.error} onRetry={() => overview.refetch()} />
      ) : (
        <>
          <ToDo data={overview.data} />
          <Money data={overview.data} />
          <Recovery data={overview.data} />
        </>
      )}
      <TestClock />
    </AdminLayout>
  );
}

/** One line of the to-do list: how many, linked to where they are worked through, and the oldest few under it. */
function Task({ count, href, label, children }: { count: number; href: string; label: string; children?: ReactNode }) {
  return (
    <li className="admin-todo__task" data-waiting={count > 0 || undefined}>
      <Link to={href} className="admin-todo__link">
        <span className="admin-todo__count" aria-hidden="true">
          {count}
        </span>
        <span>{label}</span>
      </Link>
      {count > 0 ? children : null}
    </li>
  );
}

function ToDo({ data }: { data: AdminOverview }) {
  const { t, lang, formatMoney } = useI18n();
  const headingId = useId();
  const path = (route: string) => adminPath(route, lang) ?? '';
  const waited = (since: string) => Math.max(0, Math.floor((Date.parse(`${data.today}T23:59:59Z`) - Date.parse(since)) / DAY_MS));
  const nothing =
    data.to_ship.count +
      data.guest_book_waiting +
      data.messages_waiting.contact +
      data.messages_waiting.lessons +
      data.past_due +
      data.refunds_refused.count +
      data.low_stock.length ===
    0;
  return (
    <section className="admin-todo card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.overview.toDo')}</h2>
      {nothing ? <p className="admin-todo__done">{t('admin.overview.allDone')}</p> : null}
      <ul className="admin-todo__tasks">
        <Task
          count={data.to_ship.count}
          href={listHref(path('adminOrders'), { filter: 'to_ship' })}
          label={t('admin.overview.toShip', { count: data.to_ship.count })}
        >
          <ol className="admin-todo__oldest" aria-label={t('admin.overview.oldestFirst')}>
            {data.to_ship.oldest.map((o) => (
              <li key={o.id}>
                <Link to={adminPathOf('adminOrder', o.id)}>{o.number}</Link> · {o.name} ·{' '}
                <span className="admin-todo__waited">{t('admin.overview.waiting', { days: waited(o.paid_at) })}</span>
              </li>
            ))}
          </ol>
        </Task>
        <Task
          count={data.guest_book_waiting}
          href={path('adminGuestBook')}
          label={t('admin.overview.guestBook', { count: data.guest_book_waiting })}
        />
        <Task
          count={data.messages_waiting.contact}
          href={listHref(path('adminMessages'), { kind: 'contact' })}
          label={t('admin.overview.messages', { count: data.messages_waiting.contact })}
        />
        <Task
          count={data.messages_waiting.lessons}
          href={listHref(path('adminMessages'), { kind: 'lessons' })}
          label={t('admin.overview.lessons', { count: data.messages_waiting.lessons })}
        />
        <Task
          count={data.past_due}
          href={listHref(path('adminRenewals'), { status: 'past_due' })}
          label={t('admin.overview.pastDue', { count: data.past_due })}
        />
        <Task
          count={data.refunds_refused.count}
          href={
            data.refunds_refused.oldest[0]
              ? adminPathOf('adminOrder', data.refunds_refused.oldest[0].order_id)
              : path('adminOrders')
          }
          label={t('admin.overview.refundsRefused', { count: data.refunds_refused.count })}
        >
          <ol className="admin-todo__oldest" aria-label={t('admin.overview.oldestFirst')}>
            {data.refunds_refused.oldest.map((r) => (
              <li key={`${r.order_id}-${r.created_at}`}>
                <Link to={adminPathOf('adminOrder', r.order_id)}>{r.number}</Link> · {formatMoney(r.amount_usd)} ·{' '}
                <span className="admin-todo__waited">{t('admin.overview.waiting', { days: waited(r.created_at) })}</span>
              </li>
            ))}
          </ol>
        </Task>
        <Task
          count={data.low_stock.length}
          href={path('adminProducts')}
          label={t('admin.overview.lowStock', { count: data.low_stock.length })}
        >
          <ul className="admin-todo__oldest" aria-label={t('admin.overview.fewestFirst')}>
            {data.low_stock.map((item) => (
              <li key={item.sku_id}>
                <Link to={`${path('adminProducts')}/${item.product_id}`}>{item.title}</Link> ·{' '}
                {t(item.type === 'book' ? 'admin.overview.book' : 'admin.overview.cd')} ·{' '}
                <span className="admin-todo__waited">{t('admin.overview.copiesLeft', { count: item.stock })}</span>
              </li>
            ))}
          </ul>
        </Task>
      </ul>
    </section>
  );
}

/** Issue 45: renewals whose charge failed this month, how many were paid since, and what is still at risk. */
function Recovery({ data }: { data: AdminOverview }) {
  const { t, formatMoney } = useI18n();
  const headingId = useId();
  return (
    <section className="admin-money" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.overview.recovery')}</h2>
      <dl className="admin-facts admin-facts--money card">
        <Fact term={t('admin.overview.recoveryFailed')}>{data.recovery.failed}</Fact>
        <Fact term={t('admin.overview.recoveryRecovered')}>{data.recovery.recovered}</Fact>
        <Fact term={t('admin.overview.recoveryAtRisk')}>{formatMoney(data.recovery.at_risk_usd)}</Fact>
      </dl>
    </section>
  );
}

/** The change from last month as the admin reads it: "+12 %", "−5 %", or nothing when last month had none. */
function useChange() {
  const { lang } = useI18n();
  const percent = new Intl.NumberFormat(lang, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 });
  return (now: number, before: number) => (before > 0 ? percent.format((now - before) / before) : null);
}

function Money({ data }: { data: AdminOverview }) {
  const { t, formatMoney, formatDate } = useI18n();
  const headingId = useId();
  const change = useChange();
  const { today, month, last_month_to_date: lastToDate, last_month: last } = data.money;
  const periods: { label: MessageKey; money: OverviewMoney; against?: OverviewMoney }[] = [
    { label: 'admin.overview.today', money: today },
    { label: 'admin.overview.thisMonth', money: month, against: lastToDate },
    { label: 'admin.overview.lastMonthToDate', money: lastToDate },
    { label: 'admin.overview.lastMonth', money: last },
  ];
  return (
    <section className="admin-money" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.overview.money')}</h2>
      <p className="admin-money__day">{t('admin.overview.asOf', { day: formatDate(`${data.today}T12:00:00Z`) })}</p>
      <ul className="admin-money__periods">
        {periods.map(({ label, money, against }) => {
          const id = `${headingId}-${label}`;
          const salesChange = against ? change(money.sales_usd, against.sales_usd) : null;
          const giftsChange = against ? change(money.gifts_usd, against.gifts_usd) : null;
          return (
            <li key={label} className="admin-money__period card">
              <h3 id={id}>{t(label)}</h3>
              <dl className="admin-money__facts">
                <Fact term={t('admin.overview.sales')}>
                  {formatMoney(money.sales_usd)}
                  {salesChange ? (
                    <span className="admin-money__change"> {t('admin.overview.change', { change: salesChange })}</span>
                  ) : null}
                </Fact>
                <Fact term={t('admin.overview.gifts')}>
                  {formatMoney(money.gifts_usd)}
                  {giftsChange ? (
                    <span className="admin-money__change"> {t('admin.overview.change', { change: giftsChange })}</span>
                  ) : null}
                </Fact>
                <Fact term={t('admin.overview.orders')}>{money.orders}</Fact>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
