import type { CartLine } from '@storyhouse/contracts';
import { Link } from 'react-router';
import { checkoutTarget } from '../../components/cart/checkout-target';
import { useSession } from '../../components/session/api/get-session';
import { loginPath } from '../../lib/back-location';
import { useI18n } from '../../lib/i18n';

/**
 * Spec §2 Cart and checkout: Proceed goes to /checkout when something is
 * shipped, else to /payment. Both need an account (spec §6): a visitor logs
 * in first and comes back to that same step.
 */
export function ProceedLink({ lines }: { lines: readonly CartLine[] }) {
  const { t } = useI18n();
  const { data: session } = useSession();
  if (!session) return null;
  const target = checkoutTarget(lines);
  return (
    <p className="cart-page__login">
      <Link to={session.logged_in ? target : loginPath(target)} className="button">
        {session.logged_in ? t('cart.proceed') : t('accountsLogin.cartLogin')}
      </Link>
    </p>
  );
}
