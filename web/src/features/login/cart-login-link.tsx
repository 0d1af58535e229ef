import { Link, useLocation } from 'react-router';
import { loginPath } from '../../app/route-guard';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../accounts/api/get-session';

/** The cart's login link for a visitor (checkout needs an account, spec §6); back here after login. */
export function CartLoginLink() {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const { data: session } = useSession();
  if (!session || session.logged_in) return null;
  return (
    <p className="cart-page__login">
      <Link to={loginPath(pathname + search)} className="button">
        {t('accountsLogin.cartLogin')}
      </Link>
    </p>
  );
}
