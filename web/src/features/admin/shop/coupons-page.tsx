import { type AdminCoupon, adminPath } from '@storyhouse/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { type ActionResult, ActionResultStatus } from '../shared/action-result';
import { AdminLayout } from '../shared/admin-layout';
import { AdminPart, ListResults } from '../shared/admin-part';
import { ColumnLabel } from '../shared/column-label';
import { listHref, pageParam } from '../shared/list-params';
import { useAdminCoupons, useWithdrawCoupon } from './api/coupons';
import { CouponCreate } from './coupon-create';
import { couponDiscount, couponHref, couponStatusLabel, couponUses } from './coupon-words';
import '../../../ui/form/form.css';
import './shop.css';

type Coupon = AdminCoupon;

/**
 * Issue 30 item 4, Coupons: a new coupon (a percentage or an amount off,
 * its code, title, last day and limit), and the shop's coupons, newest
 * first, each with what it takes off, when it expires, its uses and its
 * state; each links to the paid orders that used it and can be withdrawn
 * after a confirmation.
 */
export default function CouponsPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const page = pageParam(params);
  const path = adminPath('adminCoupons', lang) ?? '';
  const [result, setResult] = useState<ActionResult>();
  return (
    <AdminLayout title={t('admin.coupons.title')}>
      <ActionResultStatus result={result} />
      <div className="admin-shop">
        <AdminPart title={t('admin.coupons.new')} className="admin-shop__form">
          <CouponCreate onDone={(message) => setResult({ ok: true, message })} />
        </AdminPart>
        <CouponList page={page} href={(p) => listHref(path, { page: p })} onResult={setResult} />
      </div>
    </AdminLayout>
  );
}

function CouponList({
  page,
  href,
  onResult,
}: {
  page: number;
  href: (page: number) => string;
  onResult: (r: ActionResult) => void;
}) {
  const i18n = useI18n();
  const { t, formatDate } = i18n;
  const errorMessage = useErrorMessage();
  const { data, error, isPending, isPlaceholderData, refetch } = useAdminCoupons(page);
  const withdraw = useWithdrawCoupon();
  const [asking, setAsking] = useState<Coupon>();
  // The dialog keeps its words while it closes.
  const [shown, setShown] = useState<Coupon>();
  useEffect(() => {
    if (asking) setShown(asking);
  }, [asking]);

  const confirm = () => {
    const coupon = asking;
    setAsking(undefined);
    if (!coupon) return;
    onResult({ ok: true, message: '' });
    withdraw.mutate(coupon.id, {
      onSuccess: (done) =>
        onResult({
          ok: true,
          message: t(done.outcome === 'withdrawn' ? 'admin.coupons.withdrawn' : 'admin.coupons.deleted', { code: done.code }),
        }),
      onError: (e) => onResult({ ok: false, message: errorMessage(e) }),
    });
  };

  if (isPending) return <Loading shape="block" />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <section className="admin-shop__list" aria-label={t('admin.coupons.list')}>
      <ListResults
        list={data}
        page={page}
        href={href}
        busy={isPlaceholderData}
        countText={t('admin.coupons.count', { count: data.count })}
        emptyText={t('admin.coupons.none')}
        pagingLabel={t('admin.coupons.paging')}
      >
        <table className="admin-table admin-table--stacked">
          <caption className="visually-hidden">{t('admin.coupons.list')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.coupons.code')}</th>
              <th scope="col">{t('admin.coupons.discount')}</th>
              <th scope="col">{t('admin.coupons.expiresOn')}</th>
              <th scope="col">{t('admin.coupons.uses')}</th>
              <th scope="col">{t('admin.coupons.status')}</th>
              <th scope="col">{t('admin.coupons.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((coupon) => (
              <tr key={coupon.id}>
                <th scope="row">
                  <Link to={couponHref(coupon.id)} className="admin-table__line">
                    {coupon.code}
                  </Link>
                  <span className="admin-table__line admin-table__note">{coupon.title}</span>
                </th>
                <td>{couponDiscount(i18n, coupon)}</td>
                <td>
                  <ColumnLabel label={t('admin.coupons.expiresOn')} />
                  {coupon.expires_at ? formatDate(coupon.expires_at) : t('admin.coupons.never')}
                </td>
                <td>
                  <ColumnLabel label={t('admin.coupons.uses')} />
                  {couponUses(t, coupon)}
                </td>
                <td>
                  <span className={coupon.status === 'active' ? undefined : 'admin-badge'}>
                    {couponStatusLabel(t, coupon.status)}
                  </span>
                </td>
                <td>
                  {coupon.status !== 'withdrawn' ? (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t('admin.coupons.withdrawFor', { code: coupon.code })}
                      onClick={() => setAsking(coupon)}
                    >
                      {t('admin.coupons.withdraw')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListResults>
      <ConfirmDialog
        open={asking !== undefined}
        title={t('admin.coupons.withdrawTitle', { code: shown?.code ?? '' })}
        confirmLabel={t('admin.coupons.withdraw')}
        cancelLabel={t('admin.coupons.keep')}
        onConfirm={confirm}
        onCancel={() => setAsking(undefined)}
      >
        <p>{t('admin.coupons.withdrawText', { code: shown?.code ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
