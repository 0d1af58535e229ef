import {
  libraryPaths,
  type Order,
  type OrderGift,
  type OrderItem,
  type OrderRenewal,
  type OrderShipment,
} from '@storyhouse/contracts';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Figure } from '../../components/cart/cart-totals';
import { useKindLabel } from '../../components/orders/item-kind';
import { CancelDonation } from '../../components/renewals/cancel-donation';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { useCancelRecurringDonation } from './api/cancel-recurring-donation';

/**
 * One order of My orders (spec §3 Order; issue 27 item 8): its number, date
 * and status, each item's kind, where the parcel is, to whom the gifts went,
 * what renews and when, and the totals of its receipt.
 */
export function OrderCard({ order }: { order: Order }) {
  const { t, formatDate, formatMoney } = useI18n();
  const headingId = useId();
  // What happens next is said of an order that was paid (partly refunded: what is left of it still comes); a
  // pending or refunded one says only its status.
  const paid = order.status === 'paid' || order.status === 'partially_refunded';
  return (
    <article className="order card" aria-labelledby={headingId}>
      <header className="order__header">
        <h2 id={headingId} className="order__number">
          {t('orders.page.number', { number: order.order_number })}
        </h2>
        <dl className="order__facts">
          <div>
            <dt>{t('orders.page.date')}</dt>
            <dd>
              <time dateTime={order.order_created_at}>{formatDate(order.order_created_at)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('orders.page.status')}</dt>
            <dd className={`order__status order__status--${order.status}`}>{t(`orders.status.${order.status}`)}</dd>
          </div>
        </dl>
      </header>
      <h3 className="order__subtitle">{t('orders.page.items')}</h3>
      <ul className="order__items">
        {order.items.map((item, i) => (
          // Lines have no id of their own; their place in the order is fixed.
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
          <Item key={i} item={item} shipment={paid ? order.shipment : null} paid={paid} />
        ))}
      </ul>
      {paid && order.shipment?.shipped_at && <Shipment shipment={order.shipment} shippedAt={order.shipment.shipped_at} />}
      {order.gifts.length > 0 && <Gifts gifts={order.gifts} />}
      <h3 className="visually-hidden">{t('orders.page.totals')}</h3>
      <dl className="order__totals">
        <Figure term={t('orders.page.subtotal')}>{formatMoney(order.subtotal_usd)}</Figure>
        {order.discount_usd > 0 && (
          <Figure
            term={order.coupon_title ? t('orders.page.discountWith', { coupon: order.coupon_title }) : t('orders.page.discount')}
          >
            {formatMoney(-order.discount_usd)}
          </Figure>
        )}
        {order.gift_card_usd > 0 && <Figure term={t('orders.page.giftCard')}>{formatMoney(-order.gift_card_usd)}</Figure>}
        {order.shipping_usd > 0 && <Figure term={t('orders.page.shipping')}>{formatMoney(order.shipping_usd)}</Figure>}
        {order.tax_usd > 0 && <Figure term={t('orders.page.tax')}>{formatMoney(order.tax_usd)}</Figure>}
        <Figure term={t('orders.page.total')} className="order__total">
          {formatMoney(order.order_total_usd)}
        </Figure>
      </dl>
      <CardLine order={order} />
      {/* A gift that still counts: its receipt as the donor's country asks for it, a PDF (decision 068). */}
      {order.receipt && (
        <p className="order__receipt">
          <a className="button button--secondary" href={`/crud/orders/${order.order_id}/receipt`} download>
            {t('orders.receiptDownload')}
          </a>
        </p>
      )}
    </article>
  );
}

/** Which card paid, said only of an order that was paid (or paid and then refunded to it): never of an attempt. */
function CardLine({ order }: { order: Order }) {
  const { t } = useI18n();
  if (!order.card_last4) return null;
  if (order.status === 'paid') return <p className="order__card">{t('orders.page.paidWithCard', { last4: order.card_last4 })}</p>;
  if (order.status === 'partially_refunded') {
    return <p className="order__card">{t('orders.page.partlyRefundedToCard', { last4: order.card_last4 })}</p>;
  }
  if (order.status === 'refunded') {
    return <p className="order__card">{t('orders.page.refundedToCard', { last4: order.card_last4 })}</p>;
  }
  return null;
}

function Item({ item, shipment, paid }: { item: OrderItem; shipment: OrderShipment | null; paid: boolean }) {
  const { t, formatMoney } = useI18n();
  const kindLabel = useKindLabel();
  return (
    <li className="order__item">
      <span className="order__item-name">
        <span className="order__item-type">{kindLabel(item)}</span>
        <span className="order__item-title">
          {/* The album this line put in the family's library, while it is theirs (decision 071). */}
          {item.library_album_id !== null ? (
            <Link className="tap-link" to={libraryPaths.album(item.library_album_id)}>
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </span>
      </span>
      <span className="order__item-subtotal">{formatMoney(item.subtotal_usd)}</span>
      {item.is_shipped && shipment && <ShippingState shipment={shipment} />}
      {/* What the ministry recorded as come back (decision 061), whatever the order's state. */}
      {item.returned_quantity > 0 && (
        <span className="order__item-note order__returned">
          {item.returned_quantity >= item.quantity
            ? t('orders.item.returned')
            : t('orders.item.returnedSome', { count: item.returned_quantity, quantity: item.quantity })}
        </span>
      )}
      {paid && item.renewal && <Renewal item={item} renewal={item.renewal} />}
    </li>
  );
}

/** A posted line's state: preparing until the back office records it as shipped. */
function ShippingState({ shipment }: { shipment: OrderShipment }) {
  const { t, formatDate } = useI18n();
  return (
    <span className={`order__item-note order__ship order__ship--${shipment.status}`}>
      {shipment.shipped_at
        ? t('orders.shipment.shipped', { date: formatDate(shipment.shipped_at) })
        : t('orders.shipment.preparing')}
    </span>
  );
}

/**
 * When a plan or a monthly donation charges next, and how to manage it: a
 * monthly donation is cancelled right here; a plan on My subscription
 * (issue 28), where its card, cancel and Resume are.
 */
function Renewal({ item, renewal }: { item: OrderItem; renewal: OrderRenewal }) {
  const { t, formatDate } = useI18n();
  return (
    <div className="order__renewal">
      <p className="order__item-note">
        {t(`orders.renewal.${renewal.interval}`)}
        {' · '}
        {renewal.next_renewal_at
          ? t('orders.renewal.next', { date: formatDate(renewal.next_renewal_at) })
          : t('orders.renewal.ended')}
      </p>
      {item.recurring_donation_id !== null ? (
        <OrderDonation
          id={item.recurring_donation_id}
          title={item.title}
          cancelled={item.recurring_donation_is_cancelled === true}
        />
      ) : (
        !renewal.is_cancelled && (
          <p className="order__item-note">
            <RouteLink to="subscriptions">{t('orders.renewal.manage')}</RouteLink>
          </p>
        )
      )}
    </div>
  );
}

/** A monthly donation's Cancel, stopping it by its id (DELETE /crud/recurring-donations/{id}). */
function OrderDonation({ id, title, cancelled }: { id: number; title: string; cancelled: boolean }) {
  const cancel = useCancelRecurringDonation(id);
  return <CancelDonation title={title} cancelled={cancelled} cancel={cancel} />;
}

/** The parcel once it has left (its lines say "Preparing to ship" until then): when, with whom, and how to track it. */
function Shipment({ shipment, shippedAt }: { shipment: OrderShipment; shippedAt: string }) {
  const { t, formatDate } = useI18n();
  const date = formatDate(shippedAt);
  return (
    <Section title={t('orders.shipment.title')}>
      <p className="order__section-text">
        {shipment.carrier
          ? t('orders.shipment.shippedBy', { date, carrier: shipment.carrier })
          : t('orders.shipment.shipped', { date })}
      </p>
      {shipment.tracking_number && (
        <p className="order__section-text">{t('orders.shipment.trackingNumber', { number: shipment.tracking_number })}</p>
      )}
      {shipment.tracking_url && (
        <p className="order__section-text">
          {/* The carrier's page, in this tab: Back returns here. No referrer: the carrier need not see the address. */}
          <a href={shipment.tracking_url} rel="noreferrer">
            {t('orders.shipment.track')}
          </a>
        </p>
      )}
    </Section>
  );
}

/** To whom the order's gifts went, and whether each was claimed. */
function Gifts({ gifts }: { gifts: readonly OrderGift[] }) {
  const { t } = useI18n();
  return (
    <Section title={t('orders.gifts.title')}>
      <ul className="order__gifts">
        {gifts.map((g, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's gifts never move
          <li key={i} className="order__gift">
            <span className="order__item-type">
              {g.kind === 'gift_card' ? t('cart.type.gift_card') : t('orders.gifts.downloads')}
            </span>
            <span>{t('orders.gifts.sentTo', { name: g.recipient_name, email: g.recipient_email })}</span>
            <span className={`order__gift-state${g.is_claimed ? ' order__gift-state--claimed' : ''}`}>
              {g.is_claimed ? t('orders.gifts.claimed') : t('orders.gifts.notClaimed')}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** A titled part of an order's card (a region named by its heading). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="order__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="order__subtitle">
        {title}
      </h3>
      {children}
    </section>
  );
}
