import { libraryPaths, type Order, type OrderItem, type OrderShipment } from '@storyhouse/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { calendarDay, useKindLabel } from '../../components/orders/item-kind';
import { usePlayer } from '../../components/player/player';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import '../../components/catalogue/catalogue.css';
import './order-bought.css';

const DOWNLOADS = new Set(['digital_album', 'digital_track']);

/**
 * Issue 46 "After paying" (decision 071): what a paid order bought, each
 * line with its cover and what comes next: a download's "Listen now" (its
 * album in the library, the player started at track 1, or at the track
 * bought), what a plan opens, when a CD or book should arrive, to whom a
 * gift goes and how; then where the parcel goes.
 */
export function OrderBought({ order }: { order: Order }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="order-bought" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('payment.confirmation.items')}</h2>
      <ul className="order-bought__items">
        {order.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
          <Line key={i} item={item} order={order} />
        ))}
      </ul>
      {order.shipment && order.shipment.ship_to.length > 0 && <ShipTo shipment={order.shipment} />}
    </section>
  );
}

function Line({ item, order }: { item: OrderItem; order: Order }) {
  const { t } = useI18n();
  const kindLabel = useKindLabel();
  const player = usePlayer();
  return (
    <li className="order-bought__item">
      <ResponsiveImage src={item.cover_url} alt="" use="cover" sizes="4.5rem" className="order-bought__cover" />
      <div className="order-bought__text">
        <span className="order-bought__kind">{kindLabel(item)}</span>
        <span className="order-bought__title">{item.title}</span>
        <Next item={item} order={order} />
      </div>
      {DOWNLOADS.has(item.type) && item.library_album_id !== null && (
        <Link
          className="button order-bought__listen"
          to={libraryPaths.listen(item.library_album_id, item.track_id)}
          aria-label={t('payment.confirmation.listenTo', { title: item.title })}
          onClick={player.prepare}
        >
          <span aria-hidden="true" className="play-button__icon" />
          {t('payment.confirmation.listen')}
        </Link>
      )}
    </li>
  );
}

/** What a line does next, in a sentence: a plan's library, a parcel's dates, a gift's recipient (order-bought.test.tsx). */
export function Next({ item, order }: { item: OrderItem; order: Order }) {
  const { t, formatDate } = useI18n();
  if (item.type === 'subscription') {
    return (
      <span className="order-bought__note">
        {t('payment.confirmation.planOpens')} <RouteLink to="library">{t('payment.confirmation.openLibrary')}</RouteLink>
      </span>
    );
  }
  if (item.type === 'gift_card') {
    const gift = order.gifts.find((g) => g.kind === 'gift_card' && g.recipient_name === item.recipient_name);
    return gift ? (
      <span className="order-bought__note">
        {t('payment.confirmation.giftCardTo', { name: gift.recipient_name, email: gift.recipient_email })}
      </span>
    ) : null;
  }
  if (DOWNLOADS.has(item.type) && item.library_album_id === null) {
    // A gift order's downloads wait for their recipient's claim.
    const gift = order.gifts.find((g) => g.kind === 'downloads');
    return gift ? (
      <span className="order-bought__note">
        {t('payment.confirmation.giftDownloadsTo', { name: gift.recipient_name, email: gift.recipient_email })}
      </span>
    ) : null;
  }
  if (item.is_shipped && order.shipment) {
    const { arrives } = order.shipment;
    return (
      <span className="order-bought__note">
        {arrives
          ? t('payment.confirmation.arrives', {
              from: formatDate(calendarDay(arrives.from)),
              by: formatDate(calendarDay(arrives.by)),
            })
          : t('payment.confirmation.posted')}
      </span>
    );
  }
  return null;
}

/** Where the parcel goes: the address kept on the order, as a label. */
function ShipTo({ shipment }: { shipment: OrderShipment }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="order-bought__ship-to" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('payment.confirmation.shipTo')}</h3>
      <address>
        {shipment.ship_to.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    </section>
  );
}
