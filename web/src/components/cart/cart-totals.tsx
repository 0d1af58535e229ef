import type { CartTotal } from '@storyhouse/contracts';
import { type ReactNode, useId } from 'react';
import { useI18n } from '../../lib/i18n';
import { shippingPrice } from './shipping-price';
import './cart-totals.css';

/** One term and its value in a description list. */
export function Figure({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The cart's figures as the server totals them (spec §3 Cart total), for the
 * cart page and the checkout's order summary: the web formats money, it
 * never computes it (the savings are the server's two sums apart). `title`
 * names the section (the cart's Summary by default); `children` go above
 * the figures (the checkout's items).
 */
export function CartTotals({ cart, title, children }: { cart: CartTotal; title?: string; children?: ReactNode }) {
  const { t, formatMoney } = useI18n();
  const titleId = useId();
  const savings = Math.round((cart.fullPriceTotal - cart.subtotal) * 100) / 100;
  return (
    <section className="cart-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-summary__title">
        {title ?? t('cart.summary')}
      </h2>
      {children}
      <dl className="cart-summary__rows">
        <Figure term={t('cart.subtotal')}>{formatMoney(cart.subtotal)}</Figure>
        {savings > 0 && (
          <>
            <Figure term={t('cart.fullPriceSubtotal')}>{formatMoney(cart.fullPriceTotal)}</Figure>
            <Figure term={t('cart.savings')} className="cart-summary__savings">
              {formatMoney(savings)}
            </Figure>
          </>
        )}
        {/* What the server says the coupon takes off; the total below already has it taken off. */}
        {cart.coupon && cart.coupon.discount > 0 && (
          <Figure term={t('cart.discount')} className="cart-summary__discount">
            {formatMoney(-cart.coupon.discount)}
          </Figure>
        )}
        {/* What the family's gift card balance pays of the order (spec §3 gift_card_amount), already off the total. */}
        {cart.gift_card_amount > 0 && (
          <Figure term={t('cart.giftCardBalance')} className="cart-summary__discount">
            {formatMoney(-cart.gift_card_amount)}
          </Figure>
        )}
        {/* Everything that ships goes free (spec §5 Free shipping): "Free", not $0.00. */}
        {(cart.shippingCost > 0 || cart.freeShipping === 'qualified_all') && (
          <Figure term={t('cart.shipping')}>{shippingPrice({ t, formatMoney }, cart.shippingCost)}</Figure>
        )}
        {cart.taxTotal > 0 && <Figure term={t('cart.tax')}>{formatMoney(cart.taxTotal)}</Figure>}
        {/* Spec §5 Expected total: the server's total with shipping and tax. */}
        <Figure term={t('cart.total')} className="cart-summary__total">
          {formatMoney(cart.fullTotal)}
        </Figure>
        {/* Of that total, what is charged again every month (the monthly plan, monthly donations). */}
        {cart.monthlySubtotal > 0 && <Figure term={t('cart.monthly')}>{formatMoney(cart.monthlySubtotal)}</Figure>}
      </dl>
    </section>
  );
}
