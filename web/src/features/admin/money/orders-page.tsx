import { type AdminOrderRow, adminPath } from '@storyhouse/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { type AdminOrdersFilters, useAdminOrders } from '../shared/api/get-admin-orders';
import { OrderBadges } from '../shared/order-badges';
import { orderHref } from '../shared/order-href';
import { hasParcel, isToShip, OrdersBulk } from './orders-bulk';
import { OrdersFilters } from './orders-filters';
import { ordersHref, readOrdersFilters } from './orders-query';
import '../../../ui/form/form.css';
import { ListResults } from '../shared/admin-part';

/**
 * Issue 29 item 2, Orders: every order, newest first, filtered by state
 * ("to ship": paid, with a parcel not posted yet), by the days it was placed
 * and by order number, e-mail or name; 25 a page. The filters and the page
 * live in the address, so a volunteer can bookmark a list, reload it and go back.
 * Orders with a parcel can be ticked for the bulk actions (issue 44): their
 * packing slips, and Mark shipped in one go.
 */
export default function AdminOrdersPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = readOrdersFilters(params);
  const path = adminPath('adminOrders', lang) ?? '';
  return (
    <AdminLayout title={t('admin.orders.title')}>
      <OrdersFilters current={filters} onApply={(f) => navigate(ordersHref(path, { ...f, page: 1 }))} />
      <OrdersList filters={filters} path={path} />
    </AdminLayout>
  );
}

function OrdersList({ filters, path }: { filters: AdminOrdersFilters; path: string }) {
  const { t, formatDate, formatMoney } = useI18n();
  const { data, error, isPending, isPlaceholderData, refetch } = useAdminOrders(filters);
  // The ticked orders belong to the list they were ticked on: another page or other filters start with none.
  const listKey = JSON.stringify(filters);
  const [ticked, setTicked] = useState<{ list: string; ids: number[] }>({ list: listKey, ids: [] });
  const tickedIds = ticked.list === listKey ? ticked.ids : [];
  const select = (ids: number[]) => setTicked({ list: listKey, ids });
  const toggle = (id: number, on: boolean) => select(on ? [...tickedIds, id] : tickedIds.filter((i) => i !== id));
  if (isPending) return <Loading shape="block" />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  const filtered = filters.filter !== 'all' || filters.from !== '' || filters.to !== '' || filters.search !== '';
  const href = (page: number) => ordersHref(path, { ...filters, page });
  const selectable: AdminOrderRow[] = data.items.filter(hasParcel);
  const selected = selectable.filter((o) => tickedIds.includes(o.id));
  return (
    <ListResults
      list={data}
      page={filters.page}
      href={href}
      busy={isPlaceholderData}
      countText={t('admin.orders.count', { count: data.count })}
      emptyText={
        <>
          <p>{filtered ? t('admin.orders.noMatch') : t('admin.orders.none')}</p>
          {filtered ? (
            <p>
              <Link to={path}>{t('admin.orders.showAll')}</Link>
            </p>
          ) : null}
        </>
      }
      pagingLabel={t('admin.orders.paging')}
    >
      {selectable.length > 0 ? <OrdersBulk selected={selected} toShip={selectable.filter(isToShip)} onSelect={select} /> : null}
      <table className="admin-table admin-table--stacked">
        <caption className="visually-hidden">{t('admin.orders.title')}</caption>
        <thead>
          <tr>
            <th scope="col" className="admin-table__select">
              <span className="visually-hidden">{t('admin.orders.bulk.selectColumn')}</span>
            </th>
            <th scope="col">{t('admin.orders.number')}</th>
            <th scope="col">{t('admin.orders.date')}</th>
            <th scope="col">{t('admin.orders.customer')}</th>
            <th scope="col">{t('admin.orders.summary')}</th>
            <th scope="col" className="admin-table__money">
              {t('admin.orders.total')}
            </th>
            <th scope="col">{t('admin.orders.state')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((order) => (
            <tr key={order.id}>
              <td className="admin-table__select">
                {hasParcel(order) ? (
                  <label className="admin-select">
                    <input
                      type="checkbox"
                      checked={tickedIds.includes(order.id)}
                      onChange={(e) => toggle(order.id, e.target.checked)}
                    />
                    <span className="visually-hidden">{t('admin.orders.bulk.select', { number: order.number })}</span>
                  </label>
                ) : null}
              </td>
              <th scope="row" className="admin-table__nowrap">
                <Link to={orderHref(order.id)}>{order.number}</Link>
              </th>
              <td className="admin-table__nowrap">{formatDate(order.created_at)}</td>
              <td>
                {order.customer.name ? <span className="admin-table__line">{order.customer.name}</span> : null}
                <span className="admin-table__line">{order.customer.email}</span>
              </td>
              <td>
                {order.items.map((item) => (
                  <span key={item.id} className="admin-table__line">
                    {t('admin.orders.item', {
                      quantity: item.quantity,
                      title: item.title,
                      kind: t(`cart.type.${item.type}`),
                    })}
                  </span>
                ))}
              </td>
              <td className="admin-table__money">{formatMoney(order.total_usd)}</td>
              <td>
                <OrderBadges order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ListResults>
  );
}
