import type { CartTotal } from '@storyhouse/contracts';
import { type ReactNode, useId } from 'react';
import { useI18n } from '../../lib/i18n';
import { freeShippingReason, shippingPrice } from './shipping-price';
import './cart-totals.css';

/** One term and its value in a description list; `note` says more under the term (a coupon's name, a reason). */
export function Figure({
  term,
  note,
  className,
  children,
}: {
  term: string;
  note?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>
        {note ? (
          <>
            <span>{term}</span> <span className="cart-summary__note">{note}</span>
          </>
        ) : (
          term
        )}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The cart's figures as the server totals them (spec §3 Cart total), for the
 * cart page and the checkout's order summary, as one money column (issue
 * 46, decision 072): the items, the coupon's discount with its name, the
 * shipping (Free, with the reason), the tax, the total, and under it what
 * the family saves (sales and coupon together), once. The web formats
 * money, it never computes it (the savings are the server's sums apart).
 * `title` names the section (the cart's Summary by default); `children` go
 * above the figures (the checkout's items).
 */
export function CartTotals({ cart, title, children }: { cart: CartTotal; title?: string; children?: ReactNode }) {
  const { t, formatMoney } = useI18n();
  const titleId = useId();
  const discount = cart.coupon && cart.coupon.discount > 0 ? cart.coupon : null;
  const savings = Math.round((cart.fullPriceTotal - cart.subtotal + (discount?.discount ?? 0)) * 100) / 100;
  const reason = freeShippingReason(cart.freeShipping);
  return (
    <section className="cart-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-summary__title">
        {title ?? t('cart.summary')}
      </h2>
      {children}
      <dl className="cart-summary__rows">
        {/* The items at the prices their lines show (a sale price already). */}
        <Figure term={t('cart.items')}>{formatMoney(cart.subtotal)}</Figure>
        {/* What the server says the coupon takes off, named in the site's language; the total below has it taken off. */}
        {discount && (
          <Figure term={t('cart.discount')} note={discount.coupon.title} className="cart-summary__discount">
            {formatMoney(-discount.discount)}
          </Figure>
        )}
        {/* Everything that ships goes free (spec §5 Free shipping): "Free", not $0.00, and why. */}
        {(cart.shippingCost > 0 || cart.freeShipping === 'qualified_all') && (
          <Figure term={t('cart.shipping')} note={reason && t(reason)}>
            {shippingPrice({ t, formatMoney }, cart.shippingCost)}
          </Figure>
        )}
        {cart.taxTotal > 0 && <Figure term={t('cart.tax')}>{formatMoney(cart.taxTotal)}</Figure>}
        {/* What the family's gift card balance pays of the order (spec §3 gift_card_amount): a payment, not a saving. */}
        {cart.gift_card_amount > 0 && (
          <Figure term={t('cart.giftCardBalance')} className="cart-summary__discount">
            {formatMoney(-cart.gift_card_amount)}
          </Figure>
        )}
        {/* Spec §5 Expected total: the server's total with shipping and tax. */}
        <Figure term={t('cart.total')} className="cart-summary__total">
          {formatMoney(cart.fullTotal)}
        </Figure>
        {savings > 0 && (
          <Figure term={t('cart.savings')} className="cart-summary__savings">
            {formatMoney(savings)}
          </Figure>
        )}
        {/* Of that total, what is charged again every month (the monthly plan, monthly donations). */}
        {cart.monthlySubtotal > 0 && <Figure term={t('cart.monthly')}>{formatMoney(cart.monthlySubtotal)}</Figure>}
      </dl>
    </section>
  );
}
