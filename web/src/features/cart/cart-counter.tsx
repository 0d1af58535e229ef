import { routePath } from '@storyhouse/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCartCount } from '../../components/cart/api/get-cart-quantity';
import { useI18n } from '../../lib/i18n';

/** The number on the cart; the link's own name says it in words. */
function CountBadge({ count }: { count: number }) {
  return (
    <span className="count-badge" aria-hidden="true">
      {count}
    </span>
  );
}

/**
 * Spec §2 Shell: the cart link of the header corner, also the mobile cart
 * link, and the store list's mobile cart counter; it shows the quantity once
 * the cart holds an item (on the cart only, not on the shop entry: issue 27
 * item 10, decision 042), after the icon the shell gives it.
 */
export function CartLink({ className, icon }: { className?: string; icon?: ReactNode }) {
  const { t, lang } = useI18n();
  const count = useCartCount();
  return (
    <Link to={routePath('cart', lang) ?? '/cart'} className={className}>
      {icon}
      {count > 0 ? (
        // Named in words ("Cart, 3 items"); the name still starts with the visible word.
        <>
          <span aria-hidden="true" className="header__label">
            {t('shell.cart')}
          </span>
          <CountBadge count={count} />
          <span className="visually-hidden">{t('shell.cartWithCount', { count })}</span>
        </>
      ) : (
        <span className="header__label">{t('shell.cart')}</span>
      )}
    </Link>
  );
}
