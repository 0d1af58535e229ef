import { type CartLine, libraryPaths, MAX_LINE_QUANTITY, quantityEditableTypes } from '@storyhouse/contracts';
import './cart.css';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CartTotals, Figure } from '../../components/cart/cart-totals';
import { shipsItems } from '../../components/cart/checkout-target';
import { lineKey, lineName } from '../../components/cart/line-name';
import { useCartChanges, useCartTotal } from '../../components/cart/use-cart';
import { PriceTag } from '../../components/catalogue/price-tag';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { type CartGroupId, groupLines } from './cart-groups';
import { CouponSection } from './coupon-section';
import { GeneralDonation } from './general-donation';
import { GiftSection } from './gift-section';
import { ProceedLink } from './proceed-link';
import { QuantityField } from './quantity-field';

/** The product's name, linked to its story page, and the sku when it says more (a track's title). */
function LineTitle({ line }: { line: CartLine }) {
  const name = line.product_title ?? line.title;
  return (
    <>
      <h3 className="cart-line__title">
        {line.product_slug ? (
          <Link to={`/story/${encodeURIComponent(line.product_slug)}`} className="tap-link">
            {name}
          </Link>
        ) : (
          name
        )}
      </h3>
      {line.product_title && line.title !== line.product_title && <p className="cart-line__sku">{line.title}</p>}
    </>
  );
}

/** A line without a cover (a gift card, a donation, the plan): a tile of its kind in the cover's place. */
function LineTile({ line }: { line: CartLine }) {
  return (
    <span className={`cart-line__image cart-line__tile cart-line__tile--${line.type}`} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="32"
        height="32"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        {line.type === 'gift_card' ? (
          <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3.5-5-1.2C7 7 9.5 7 12 7zm0 0c1.5-3 5-3.5 5-1.2C17 7 14.5 7 12 7z" />
        ) : (
          <path d="M12 20s-7-4.4-7-9.5A3.9 3.9 0 0 1 12 8a3.9 3.9 0 0 1 7 2.5C19 15.6 12 20 12 20z" />
        )}
      </svg>
    </span>
  );
}

/** A gift card reads as its amount and its recipient (issue 27 item 7), not as "Gift card" three times. */
function GiftCardInfo({ line, recipient }: { line: CartLine; recipient: NonNullable<CartLine['recipient']> }) {
  const { t, formatMoney } = useI18n();
  return (
    <>
      <h3 className="cart-line__title">{t('cart.giftCardLine.title', { amount: formatMoney(line.price_usd) })}</h3>
      <p className="cart-line__sku cart-line__recipient">
        {t('cart.giftCardFor', { name: recipient.name, email: recipient.email })}
      </p>
      {recipient.message && <p className="cart-line__message">{recipient.message}</p>}
    </>
  );
}

function CartLineItem({
  line,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  onQuantity: (line: CartLine, quantity: number) => Promise<boolean>;
  onRemove: (line: CartLine, opener: HTMLButtonElement) => void;
}) {
  const { t, formatMoney } = useI18n();
  const title = lineName(line, t);
  return (
    <li className="cart-line">
      {/* The cover, small (the title beside it names it): a copy resized for covers, lazily, in a box of its size. */}
      {line.image_url ? (
        <ResponsiveImage src={line.image_url} alt="" use="cover" sizes="6rem" className="cart-line__image" />
      ) : (
        <LineTile line={line} />
      )}
      <div className="cart-line__info">
        {line.recipient ? (
          <GiftCardInfo line={line} recipient={line.recipient} />
        ) : (
          <>
            <LineTitle line={line} />
            <p className="cart-line__type">{t(`cart.type.${line.type}`)}</p>
          </>
        )}
        {line.description && <p className="cart-line__sku">{line.description}</p>}
        {line.fee_covered_usd > 0 && (
          <p className="cart-line__sku">{t('cart.feeCovered', { amount: formatMoney(line.fee_covered_usd) })}</p>
        )}
        {!line.is_available && <p className="cart-line__unavailable">{t('cart.unavailable')}</p>}
        {line.is_available && line.sold_out && <p className="cart-line__unavailable">{t('cart.soldOut')}</p>}
        {/* Issue 26 item 5: it came to be theirs after it was added; it is not charged, and checkout takes it out. */}
        {line.owned && (
          <p className="cart-line__owned">
            {t('cart.owned.note')}{' '}
            {line.product_id !== null && (
              <Link to={libraryPaths.album(line.product_id)}>
                {t('cart.owned.open', { title: line.product_title ?? line.title })}
              </Link>
            )}
          </p>
        )}
      </div>
      <dl className="cart-line__figures">
        <Figure term={t('cart.price')}>
          <PriceTag price={line.price_usd} full={line.full_price_usd} />
        </Figure>
        {/* Spec §2 Cart: a quantity only for what is shipped (CDs, books); everything else is one. */}
        {quantityEditableTypes.includes(line.type) && (
          <>
            <Figure term={t('cart.quantity')}>
              <QuantityField title={title} quantity={line.quantity} max={MAX_LINE_QUANTITY} onSave={(q) => onQuantity(line, q)} />
            </Figure>
            <Figure term={t('cart.subtotal')}>
              <PriceTag price={line.subtotal_usd} full={line.full_price_subtotal_usd} />
            </Figure>
          </>
        )}
      </dl>
      <button
        type="button"
        className="button button--secondary cart-line__remove"
        aria-label={t('cart.removeLabel', { title })}
        onClick={(e) => onRemove(line, e.currentTarget)}
      >
        {t('cart.remove')}
      </button>
    </li>
  );
}

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
