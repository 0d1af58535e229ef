import type { AdminOrder } from '@storyhouse/contracts';
import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useFormatDateTime } from '../shared/format-date-time';
import { eventDetail, eventLabel } from '../shared/order-words';

/** Issue 29 item 2: what happened to the order, oldest first (created, paid, shipped, e-mails sent, admins' actions). */
export function OrderTimeline({ order }: { order: AdminOrder }) {
  const { t, formatMoney } = useI18n();
  const formatDateTime = useFormatDateTime();
  const headingId = useId();
  return (
    <section className="admin-part card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.order.timeline')}</h2>
      {order.timeline.length === 0 ? (
        <p>{t('admin.order.noEvents')}</p>
      ) : (
        <ol className="admin-timeline" aria-labelledby={headingId}>
          {order.timeline.map((event, i) => (
            // Events have no id; their place in time is theirs.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end.
            <li key={i} className="admin-timeline__event">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              <span className="admin-timeline__kind">{eventLabel(t, event.kind)}</span>
              {event.detail ? <span className="admin-timeline__detail">{eventDetail(t, formatMoney, event)}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
