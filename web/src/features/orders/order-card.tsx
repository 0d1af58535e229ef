import { type Order, type OrderItem, SkuType } from '@storyhouse/contracts';
import { useId } from 'react';
import { Figure } from '../../components/cart/cart-totals';
import { useI18n } from '../../lib/i18n';
import { CancelDonation } from './cancel-donation';

/** An item's kind as the cart names it ("CD", "Monthly donation"); a kind the web does not know yet, as the server wrote it. */
function useTypeLabel() {
  const { t } = useI18n();
  return (type: string) => {
    const known = SkuType.safeParse(type);
    return known.success ? t(`cart.type.${known.data}`) : type;
  };
}

/** One order of My orders (spec §3 Order): its number, date, status, items and the totals of its receipt. */
export function OrderCard({ order }: { order: Order }) {
  const { t, formatDate, formatMoney } = useI18n();
  const headingId = useId();
  return (
    <article className="order card" aria-labelledby={headingId}>
      <header className="order__header">
        <h2 id={headingId} className="order__number">
          {t('orders.page.number', { number: order.order_id })}
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
          <Item key={i} item={item} />
        ))}
      </ul>
      <h3 className="visually-hidden">{t('orders.page.totals')}</h3>
      <dl className="order__totals">
        <Figure term={t('orders.page.subtotal')}>{formatMoney(order.subtotal_usd)}</Figure>
        {order.discount_usd > 0 && <Figure term={t('orders.page.discount')}>{formatMoney(-order.discount_usd)}</Figure>}
        {order.gift_card_usd > 0 && <Figure term={t('orders.page.giftCard')}>{formatMoney(-order.gift_card_usd)}</Figure>}
        {order.shipping_usd > 0 && <Figure term={t('orders.page.shipping')}>{formatMoney(order.shipping_usd)}</Figure>}
        {order.tax_usd > 0 && <Figure term={t('orders.page.tax')}>{formatMoney(order.tax_usd)}</Figure>}
        <Figure term={t('orders.page.total')} className="order__total">
          {formatMoney(order.order_total_usd)}
        </Figure>
      </dl>
      <CardLine order={order} />
    </article>
  );
}

/** Which card paid, said only of an order that was paid (or paid and then refunded to it): never of an attempt. */
function CardLine({ order }: { order: Order }) {
  const { t } = useI18n();
  if (!order.card_last4) return null;
  if (order.status === 'paid') return <p className="order__card">{t('orders.page.paidWithCard', { last4: order.card_last4 })}</p>;
  if (order.status === 'refunded') {
    return <p className="order__card">{t('orders.page.refundedToCard', { last4: order.card_last4 })}</p>;
  }
  return null;
}

function Item({ item }: { item: OrderItem }) {
  const { t, formatMoney } = useI18n();
  const typeLabel = useTypeLabel();
  return (
    <li className="order__item">
      <span className="order__item-name">
        <span className="order__item-type">{typeLabel(item.type)}</span>
        <span className="order__item-title">{item.title}</span>
        {item.quantity > 1 && (
          <span className="order__item-quantity">{t('orders.page.quantity', { quantity: item.quantity })}</span>
        )}
      </span>
      <span className="order__item-subtotal">{formatMoney(item.subtotal_usd)}</span>
      {item.recurring_donation_id !== null && (
        <CancelDonation
          id={item.recurring_donation_id}
          title={item.title}
          cancelled={item.recurring_donation_is_cancelled === true}
        />
      )}
    </li>
  );
}
