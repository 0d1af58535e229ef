import type { CartLine, CartTotal } from '@storyhouse/contracts';
import { CartTotals } from '../../components/cart/cart-totals';
import { lineKey, lineName } from '../../components/cart/line-name';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { useI18n } from '../../lib/i18n';

/**
 * The checkout's order summary (the side column, both steps): each line
 * with its cover (issue 27 item 7), then the cart's figures exactly as the
 * server totals them (spec §5 Expected total). The shipping and tax follow
 * the saved shipping address and method.
 */
export function OrderSummary({ cart }: { cart: CartTotal }) {
  const { t, formatMoney } = useI18n();
  return (
    <CartTotals cart={cart} title={t('checkout.summary')}>
      <ul className="checkout-summary__items" aria-label={t('checkout.items')}>
        {cart.skus.map((line) => (
          <li key={lineKey(line)} className="checkout-summary__item">
            {/* Decorative: the name beside it says what it is. A card or a donation has no cover: an empty box keeps the column. */}
            {line.image_url ? (
              <ResponsiveImage src={line.image_url} alt="" use="cover" sizes="3rem" className="checkout-summary__image" />
            ) : (
              <span className="checkout-summary__image" aria-hidden="true" />
            )}
            <span className="checkout-summary__name">
              <SummaryLineName line={line} />
              {line.quantity > 1 && (
                <span className="checkout-summary__quantity"> {t('checkout.quantity', { quantity: line.quantity })}</span>
              )}
            </span>
            {/* Issue 26 item 5: already the family's; checkout takes it out of the cart and charges nothing for it. */}
            <span className="checkout-summary__price">
              {line.owned ? t('cart.owned.notCharged') : formatMoney(line.subtotal_usd)}
            </span>
          </li>
        ))}
      </ul>
    </CartTotals>
  );
}

/** A gift card says what it is worth and for whom (issue 27 item 7), not only "Gift card"; other lines their name. */
function SummaryLineName({ line }: { line: CartLine }) {
  const { t, formatMoney } = useI18n();
  if (line.type === 'gift_card' && line.recipient) {
    return <>{t('checkout.giftCardLine', { amount: formatMoney(line.price_usd), name: line.recipient.name })}</>;
  }
  return <>{lineName(line, t)}</>;
}
