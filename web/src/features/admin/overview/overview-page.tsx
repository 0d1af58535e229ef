import { adminPath } from '@storyhouse/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { useAdminOrders } from '../shared/api/get-admin-orders';
import { listHref } from '../shared/list-params';
import { TestClock } from '../shared/test-clock';
import '../../../ui/form/form.css';

/**
 * Spec §2 /admin, where an admin lands after logging in: the back office's
 * overview (issue 29): how many orders wait to be posted, a link to them,
 * and the test processor's clock (issue 28). The user list is on Users.
 */
export default function AdminPage() {
  const { t } = useI18n();
  return (
    <AdminLayout title={t('admin.title')}>
      <ToShip />
      <TestClock />
    </AdminLayout>
  );
}

/** "Orders to ship: N", linking to the orders list filtered to them. */
function ToShip() {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const toShip = useAdminOrders({ filter: 'to_ship', from: '', to: '', search: '', page: 1 });
  const href = listHref(adminPath('adminOrders', lang) ?? '', { filter: 'to_ship' });
  return (
    <section className="admin-overview card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.nav.orders')}</h2>
      {toShip.isPending ? (
        <Loading shape="block" />
      ) : toShip.isError ? (
        <p role="alert">{errorMessage(toShip.error, 'admin.orders.loadFailed')}</p>
      ) : (
        <p className="admin-overview__count">
          <Link to={href}>{t('admin.overview.toShip', { count: toShip.data.count })}</Link>
        </p>
      )}
    </section>
  );
}
