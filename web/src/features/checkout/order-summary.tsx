import type { CartTotal } from '@storyhouse/contracts';
import { CartTotals } from '../../components/cart/cart-totals';
import { lineKey, lineName } from '../../components/cart/line-name';
import { useI18n } from '../../lib/i18n';

/**
 * The checkout's order summary (sidebar): the cart's items, then its
 * figures exactly as the server totals them (spec §5 Expected total). The
 * shipping and tax follow the saved shipping address and method.
 */
export function OrderSummary({ cart }: { cart: CartTotal }) {
  const { t, formatMoney } = useI18n();
  return (
    <CartTotals cart={cart} title={t('checkout.summary')}>
      <ul className="checkout-summary__items" aria-label={t('checkout.items')}>
        {cart.skus.map((line) => (
          <li key={lineKey(line)} className="checkout-summary__item">
            <span>
              {lineName(line, t)}
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
