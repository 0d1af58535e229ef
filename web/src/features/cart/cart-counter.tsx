import { routePath } from '@storyhouse/contracts';
import { Link } from 'react-router';
import { useCartCount } from '../../components/cart/api/get-cart-quantity';
import { useI18n } from '../../lib/i18n';

/** The number on a cart or shop entry; the entry's own label says it in words. */
function CountBadge({ count }: { count: number }) {
  return (
    <span className="count-badge" aria-hidden="true">
      {count}
    </span>
  );
}

/**
 * Spec §2 Shell: the cart link of the header corner, also the mobile cart
 * link; it shows the quantity once the cart holds an item.
 */
export function CartLink({ className }: { className?: string }) {
  const { t, lang } = useI18n();
  const count = useCartCount();
  return (
    <Link to={routePath('cart', lang) ?? '/cart'} className={className}>
      {count > 0 ? (
        // Named in words ("Cart, 3 items"); the name still starts with the visible word.
        <>
          <span aria-hidden="true">
            {t('shell.cart')}
            <CountBadge count={count} />
          </span>
          <span className="visually-hidden">{t('shell.cartWithCount', { count })}</span>
        </>
      ) : (
        t('shell.cart')
      )}
    </Link>
  );
}

/** Spec §2 Shell: the shop entry of the menu shows the cart's quantity too. */
export function CartCountSuffix() {
  const { t } = useI18n();
  const count = useCartCount();
  if (count === 0) return null;
  return (
    <>
      <CountBadge count={count} />
      <span className="visually-hidden"> ({t('shell.cartCount', { count })})</span>
    </>
  );
}
