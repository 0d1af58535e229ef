import { type AdminCouponDetail, adminPath, IdParam } from '@storyhouse/contracts';
import { Link, useParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { BackLink } from '../../../ui/back-link';
import { isItemNotFound, LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { AdminPart, MoneyCell } from '../shared/admin-part';
import { ColumnLabel } from '../shared/column-label';
import { Fact } from '../shared/facts';
import { orderHref } from '../shared/order-href';
import { statusLabel } from '../shared/order-words';
import { userHref } from '../shared/user-href';
import { useAdminCoupon, useRetitleCoupon } from './api/coupons';
import { couponDiscount, couponStatusLabel, couponUses } from './coupon-words';
import { TitlesForm } from './title-fields';
import './shop.css';

/**
 * Issue 30 item 4, a coupon's page: what it takes off, until when, its uses
 * and state, and the paid orders that used it (newest first), each linking
 * to its order and customer in the back office.
 */
export default function CouponPage() {
  const { id } = useParams();
  const parsed = IdParam.safeParse(id);
  return parsed.success ? <Coupon id={parsed.data} /> : <CouponNotFound />;
}

function Coupon({ id }: { id: number }) {
  const i18n = useI18n();
  const { t, lang, formatDate } = i18n;
  const { data, error, isPending, refetch } = useAdminCoupon(id);
  if (isItemNotFound(error)) return <CouponNotFound />;
  return (
    <AdminLayout
      title={data ? data.coupon.code : t('admin.coupons.title')}
      back={<BackLink fallback={adminPath('adminCoupons', lang) ?? ''}>{t('admin.coupons.back')}</BackLink>}
    >
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <AdminPart title={t('admin.coupons.details')}>
            <dl className="admin-facts">
              <Fact term={t('admin.coupons.name')}>{data.coupon.title}</Fact>
              <Fact term={t('admin.coupons.discount')}>{couponDiscount(i18n, data.coupon)}</Fact>
              <Fact term={t('admin.coupons.expiresOn')}>
                {data.coupon.expires_at ? formatDate(data.coupon.expires_at) : t('admin.coupons.never')}
              </Fact>
              <Fact term={t('admin.coupons.uses')}>{couponUses(t, data.coupon)}</Fact>
              <Fact term={t('admin.coupons.status')}>{couponStatusLabel(t, data.coupon.status)}</Fact>
              <Fact term={t('admin.coupons.createdOn')}>{formatDate(data.coupon.created_at)}</Fact>
            </dl>
          </AdminPart>
          <AdminPart title={t('admin.coupons.titles')}>
            <CouponTitles key={data.coupon.id} coupon={data.coupon} />
          </AdminPart>
          <Redemptions detail={data} />
        </>
      )}
    </AdminLayout>
  );
}

/** The coupon's titles in the three languages (decision 038). */
function CouponTitles({ coupon }: { coupon: AdminCouponDetail['coupon'] }) {
  const { t } = useI18n();
  return (
    <TitlesForm
      label={t('admin.coupons.titles')}
      legend={t('admin.coupons.name')}
      titles={coupon.titles}
      save={useRetitleCoupon(coupon.id)}
      saved={(saved) => t('admin.coupons.titlesSaved', { code: saved.code })}
    />
  );
}

function Redemptions({ detail }: { detail: AdminCouponDetail }) {
  const { t, formatDate, formatMoney } = useI18n();
  const { orders, orders_count: count } = detail;
  return (
    <AdminPart title={t('admin.coupons.redemptions')} className="admin-shop__redemptions">
      {count === 0 ? (
        <p>{t('admin.coupons.noRedemptions')}</p>
      ) : (
        <>
          <p>
            {t('admin.coupons.redemptionsCount', { count })}
            {count > orders.length ? ` ${t('admin.coupons.newest', { shown: orders.length })}` : null}
          </p>
          <table className="admin-table admin-table--stacked">
            <caption className="visually-hidden">{t('admin.coupons.redemptions')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.coupons.order')}</th>
                <th scope="col">{t('admin.coupons.paid')}</th>
                <th scope="col">{t('admin.coupons.customer')}</th>
                <th scope="col">{t('admin.coupons.orderStatus')}</th>
                <th scope="col" className="admin-table__money">
                  {t('admin.coupons.orderDiscount')}
                </th>
                <th scope="col" className="admin-table__money">
                  {t('admin.coupons.orderTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={orderHref(order.id)}>{order.number}</Link>
                  </th>
                  <td>
                    <ColumnLabel label={t('admin.coupons.paid')} />
                    {formatDate(order.paid_at)}
                  </td>
                  <td>
                    <Link to={userHref(order.customer.id)} className="admin-table__line">
                      {order.customer.name}
                    </Link>
                    {order.customer.name !== order.customer.email ? (
                      <span className="admin-table__line admin-table__note">{order.customer.email}</span>
                    ) : null}
                  </td>
                  <td>{statusLabel(t, order.status)}</td>
                  <MoneyCell label={t('admin.coupons.orderDiscount')}>{formatMoney(order.discount_usd)}</MoneyCell>
                  <MoneyCell label={t('admin.coupons.orderTotal')}>{formatMoney(order.total_usd)}</MoneyCell>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </AdminPart>
  );
}

/** An address no coupon has (a deleted one, or not a number): the way back to the list. */
function CouponNotFound() {
  const { t, lang } = useI18n();
  return (
    <AdminLayout title={t('admin.coupons.notFound')}>
      <p>
        <Link to={adminPath('adminCoupons', lang) ?? ''}>{t('admin.coupons.back')}</Link>
      </p>
    </AdminLayout>
  );
}
