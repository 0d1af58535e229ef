import { type CartLine, libraryPaths, MAX_LINE_QUANTITY, quantityEditableTypes } from '@storyhouse/contracts';
import { Link } from 'react-router';
import { Figure } from '../../components/cart/cart-totals';
import { lineName } from '../../components/cart/line-name';
import { PriceTag } from '../../components/catalogue/price-tag';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { useI18n } from '../../lib/i18n';
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

export function CartLineItem({
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
        {/* The tribute's notice goes to the person the donor named, as they typed it: the line lets them check it. */}
        {line.tribute?.notify && (
          <p className="cart-line__sku cart-line__recipient">
            {t('cart.tributeNotice', {
              name: line.tribute.notify.name,
              email: line.tribute.notify.email,
              amount: line.tribute.notify.show_amount ? 'yes' : 'no',
            })}
          </p>
        )}
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
