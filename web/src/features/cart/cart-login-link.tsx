import { Link, useLocation } from 'react-router';
import { useSession } from '../../components/session/api/get-session';
import { loginPath } from '../../lib/back-location';
import { useI18n } from '../../lib/i18n';

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
