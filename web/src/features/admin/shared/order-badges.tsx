import type { AdminOrder, Fulfilment } from '@storyhouse/contracts';
import { useI18n } from '../../../lib/i18n';
import { fulfilmentLabel, statusLabel } from './order-words';

/**
 * An order's state as badges, in colour and in words (the colour only
 * repeats the word, so nothing is said by colour alone): its payment (Paid,
 * Partly refunded, Refunded, Payment failed, Waiting for payment) and, when
 * it has a parcel, where that is (To ship, Shipped). The orders list and the
 * order page show the same badges.
 */
export function OrderBadges({ order }: { order: { status: AdminOrder['status']; fulfilment: Fulfilment } }) {
  const { t } = useI18n();
  return (
    <ul className="admin-badges" aria-label={t('admin.orders.state')}>
      <li className={`admin-badge admin-badge--${order.status}`}>{statusLabel(t, order.status)}</li>
      {order.fulfilment !== 'none' ? (
        <li className={`admin-badge admin-badge--${order.fulfilment}`}>{fulfilmentLabel(t, order.fulfilment)}</li>
      ) : null}
    </ul>
  );
}
