import type { CartLine } from '@storyhouse/contracts';
import './cart.css';
import { useId, useRef, useState } from 'react';
import { CartTotals } from '../../components/cart/cart-totals';
import { shipsItems } from '../../components/cart/checkout-target';
import { lineKey, lineName } from '../../components/cart/line-name';
import { useCartChanges, useCartTotal } from '../../components/cart/use-cart';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { type CartGroupId, groupLines } from './cart-groups';
import { CartLineItem } from './cart-line-item';
import { CouponSection } from './coupon-section';
import { GeneralDonation } from './general-donation';
import { GiftSection } from './gift-section';
import { ProceedLink } from './proceed-link';

/** One kind of line (spec §3 client view): its heading and its lines. */
function LineGroup({
  id,
  lines,
  ...handlers
}: {
  id: CartGroupId;
  lines: CartLine[];
  onQuantity: (line: CartLine, quantity: number) => Promise<boolean>;
  onRemove: (line: CartLine, opener: HTMLButtonElement) => void;
}) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <section className="cart-group" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-group__title">
        {t(`cart.group.${id}`)}
      </h2>
      <ul className="cart-lines" aria-labelledby={titleId}>
        {lines.map((line) => (
          <CartLineItem key={lineKey(line)} line={line} {...handlers} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Spec §2 Cart (/cart): the lines by kind, with quantity edit for physical
 * and book lines, removal after confirmation, the coupon and gift sections,
 * totals, the general donation, or 'No items in the cart'; then Proceed
 * (to /checkout or /payment, through login for a visitor).
 */
export default function CartPage() {
  const { t } = useI18n();
  // Spec §8: cart failures alert the server's message (already in the site language).
  const failureMessage = useErrorMessage();
  useDocumentTitle(t('cart.title'));
  const { cart, isLoading, isError, refetch } = useCartTotal();
  const { setQuantity, remove } = useCartChanges();
  const [removing, setRemoving] = useState<CartLine | null>(null);
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  const onQuantity = async (line: CartLine, quantity: number) => {
    setAlert('');
    try {
      await setQuantity(line.sku_id, quantity);
      setStatus(t('cart.quantitySaved', { title: lineName(line, t), quantity }));
      return true;
    } catch (err) {
      setAlert(failureMessage(err));
      return false;
    }
  };

  const cancelRemove = () => {
    setRemoving(null);
    opener.current?.focus();
  };

  const confirmRemove = async () => {
    const line = removing;
    if (!line) return;
    setRemoving(null);
    setAlert('');
    try {
      await remove(line);
      setStatus(t('cart.removed', { title: lineName(line, t) }));
      // The line and its button are gone: the page heading takes the focus.
      heading.current?.focus();
    } catch (err) {
      setAlert(failureMessage(err));
      opener.current?.focus();
    }
  };

  const lines = cart?.skus ?? [];
  // What is bought: a line the family already owns is not (issue 26 item 5).
  const payable = lines.filter((line) => !line.owned);

  return (
    <div className="page cart-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('cart.title')}
      </h1>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {alert && (
        <div className="cart-page__alert" role="alert">
          {alert}
        </div>
      )}
      {isLoading ? (
        <p role="status">{t('shell.loading')}</p>
      ) : isError || !cart ? (
        <div role="alert">
          <p>{t('cart.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={refetch}>
            {t('cart.retry')}
          </button>
        </div>
      ) : lines.length === 0 ? (
        <div className="cart-page__empty">
          <p>{t('cart.empty')}</p>
          <RouteLink to="shop">{t('cart.goShopping')}</RouteLink>
        </div>
      ) : (
        <div className="cart-page__body">
          <section className="cart-groups" aria-label={t('cart.lines')}>
            {groupLines(lines).map((group) => (
              <LineGroup
                key={group.id}
                id={group.id}
                lines={group.lines}
                onQuantity={onQuantity}
                onRemove={(l, button) => {
                  opener.current = button;
                  setRemoving(l);
                }}
              />
            ))}
          </section>
          {/* The options the family may add: a gift to someone (not for a cart of gift cards only) and a donation. */}
          <div className="cart-page__extras">
            <GiftSection cart={cart} onStatus={setStatus} onAlert={setAlert} />
            <GeneralDonation onStatus={setStatus} />
          </div>
          {/* Issue 27 item 7: the summary and Proceed together, sticky beside the lines; on a phone last, together. */}
          <div className="cart-page__side">
            <CouponSection cart={cart} onStatus={setStatus} onAlert={setAlert} />
            <div className="cart-page__checkout">
              <CartTotals cart={cart} />
              {/* Spec §2 Cart: items to ship and no shipping address yet. */}
              {shipsItems(lines) && !cart.addresses.shipping && (
                <p className="cart-page__shipping-note">{t('cart.shippingLater')}</p>
              )}
              {payable.length > 0 ? (
                <ProceedLink lines={payable} />
              ) : (
                <p className="cart-page__owned">{t('cart.owned.nothingToBuy')}</p>
              )}
            </div>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('cart.confirmTitle')}
        confirmLabel={t('cart.confirmRemove')}
        cancelLabel={t('cart.confirmCancel')}
        onConfirm={() => void confirmRemove()}
        onCancel={cancelRemove}
      >
        <p>{removing ? t('cart.confirmText', { title: lineName(removing, t) }) : null}</p>
      </ConfirmDialog>
    </div>
  );
}
