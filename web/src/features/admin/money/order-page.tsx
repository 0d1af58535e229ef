import { adminPath, IdParam } from '@storyhouse/contracts';
import { Link, useParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { BackLink } from '../../../ui/back-link';
import { isItemNotFound, LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { OrderBadges } from '../shared/order-badges';
import { useAdminOrder } from './api/get-admin-order';
import { OrderDetails } from './order-details';
import { OrderNote } from './order-note';
import { OrderReceipt } from './order-receipt';
import { OrderRefund } from './order-refund';
import { OrderReturns } from './order-returns';
import { OrderShipment } from './order-shipment';
import { OrderTimeline } from './order-timeline';

/**
 * Issue 29 item 2, an order's page in the back office, read from the top
 * as a volunteer needs it (issue 44): its state as badges, what was bought
 * (with covers), who bought it and where it goes, how it was paid, the
 * team's note; then the actions, Mark shipped (again: update the tracking),
 * Resend receipt and Refund, none of them chosen in advance; then what
 * happened to it.
 */
export default function AdminOrderPage() {
  const { id } = useParams();
  const parsed = IdParam.safeParse(id);
  return parsed.success ? <Order id={parsed.data} /> : <OrderNotFound />;
}

function Order({ id }: { id: number }) {
  const { t, lang, formatDate } = useI18n();
  const { data: order, error, isPending, refetch } = useAdminOrder(id);
  if (isItemNotFound(error)) return <OrderNotFound error={error} />;
  const title = order ? t('admin.order.title', { number: order.number }) : t('admin.order.loading');
  return (
    <AdminLayout
      title={title}
      back={<BackLink fallback={adminPath('adminOrders', lang) ?? ''}>{t('admin.order.backToOrders')}</BackLink>}
    >
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="admin-order">
          <div className="admin-order__facts">
            <OrderBadges order={order} />
            <p className="admin-order__placed">{t('admin.order.placed', { date: formatDate(order.created_at) })}</p>
          </div>
          <OrderDetails order={order} />
          <OrderNote order={order} />
          <div className="admin-order__actions">
            <OrderShipment order={order} />
            <OrderReceipt order={order} />
            <OrderRefund order={order} />
            <OrderReturns order={order} />
          </div>
          <OrderTimeline order={order} />
        </div>
      )}
    </AdminLayout>
  );
}

/** An address no order has (or that is not an order number): the server's words, and the way back to the list. */
function OrderNotFound({ error }: { error?: unknown }) {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  return (
    <AdminLayout title={t('admin.order.notFound')}>
      <p>{error ? errorMessage(error) : t('errors.order_not_found')}</p>
      <p>
        <Link to={adminPath('adminOrders', lang) ?? ''}>{t('admin.order.backToOrders')}</Link>
      </p>
    </AdminLayout>
  );
}
