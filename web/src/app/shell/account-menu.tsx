import { useId, useState } from 'react';
import { useSession } from '../../components/session/api/get-session';
import { logout } from '../../features/accounts/api/logout';
import { useI18n } from '../../lib/i18n';
import { RouteItem } from '../../ui/route-link';

/**
 * Spec §2 Shell: signed in, a My Account dropdown, My Library and Logout;
 * signed out, Login. Links to screens not built yet are left out.
 */
export function AccountMenu() {
  const { t } = useI18n();
  const { data: session } = useSession();
  const [open, setOpen] = useState(false);
  const listId = useId();

  if (!session) return null;
  if (!session.logged_in) {
    return (
      <ul className="nav__list nav__list--account">
        <RouteItem to="login" className="nav__item">
          {t('shell.login')}
        </RouteItem>
      </ul>
    );
  }
  return (
    <ul className="nav__list nav__list--account">
      <li className="nav__item nav__item--parent">
        <button
          type="button"
          className="nav__button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          {t('shell.myAccount')} <span aria-hidden="true">▾</span>
        </button>
        <ul id={listId} className="nav__children" hidden={!open}>
          <RouteItem to="accountSettings" className="nav__item">
            {t('shell.settings')}
          </RouteItem>
          <RouteItem to="resetPassword" className="nav__item">
            {t('shell.resetPassword')}
          </RouteItem>
          <RouteItem to="orders" className="nav__item">
            {t('shell.myOrders')}
          </RouteItem>
          <RouteItem to="subscriptions" className="nav__item">
            {t('shell.mySubscription')}
          </RouteItem>
        </ul>
      </li>
      <RouteItem to="library" className="nav__item">
        {t('shell.myLibrary')}
      </RouteItem>
      <li className="nav__item">
        <button type="button" className="nav__button" onClick={() => void logout()}>
          {t('shell.logout')}
        </button>
      </li>
    </ul>
  );
}
