import { useSession } from '../../components/session/api/get-session';
import { useI18n } from '../../lib/i18n';
import { AccountIcon, ChevronIcon } from '../../ui/icons';
import { RouteItem, RouteLink } from '../../ui/route-link';
import { useDisclosure } from '../../ui/use-disclosure';

/**
 * Spec §2 Shell: the header's account corner. Signed in, a My Account menu
 * (orders, subscription, the albums on this device, settings, password,
 * Logout); signed out, Login.
 * Until the session is known its place is kept, so nothing moves when it
 * arrives. Links to screens not built yet are left out.
 */
export function AccountMenu() {
  const { t } = useI18n();
  const { data: session } = useSession();
  const { container, toggle, list } = useDisclosure<HTMLDivElement>();

  if (!session) return <span className="header__action header__action--pending" />;
  if (!session.logged_in) {
    return (
      <nav aria-label={t('shell.accountNavigation')}>
        <RouteLink to="login" className="header__action">
          <AccountIcon />
          <span className="header__label">{t('shell.login')}</span>
        </RouteLink>
      </nav>
    );
  }
  return (
    <nav aria-label={t('shell.accountNavigation')}>
      <div {...container} className="account-menu">
        {/* On a phone the label is the short "Account"; the name stays "My Account". */}
        <button type="button" className="header__action" {...toggle} aria-label={t('shell.myAccount')}>
          <AccountIcon />
          <span className="header__label header__label--wide">
            {t('shell.myAccount')}
            <ChevronIcon className="icon--small" />
          </span>
          <span className="header__label header__label--short">{t('shell.accountNavigation')}</span>
        </button>
        <ul {...list} className="account-menu__list">
          <RouteItem to="orders" className="nav__item">
            {t('shell.myOrders')}
          </RouteItem>
          <RouteItem to="subscriptions" className="nav__item">
            {t('shell.mySubscription')}
          </RouteItem>
          <RouteItem to="libraryStorage" className="nav__item">
            {t('shell.onThisDevice')}
          </RouteItem>
          <RouteItem to="accountSettings" className="nav__item">
            {t('shell.settings')}
          </RouteItem>
          <RouteItem to="family" className="nav__item">
            {t('shell.family')}
          </RouteItem>
          <RouteItem to="resetPassword" className="nav__item">
            {t('shell.resetPassword')}
          </RouteItem>
          <li className="nav__item">
            <button type="button" className="nav__button" onClick={signOut}>
              {t('shell.logout')}
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}

/**
 * Logout's code (features/accounts/api/logout.ts) loads when pressed; the app
 * already loaded it once it ran (app/device-session-keeper.ts), so it comes
 * without a network too.
 */
const signOut = () => void import('../../features/accounts/api/logout').then(({ logout }) => logout());

/** My Library, in the site navigation once the family is signed in. */
export function LibraryItem() {
  const { t } = useI18n();
  const { data: session } = useSession();
  if (!session?.logged_in) return null;
  return (
    <RouteItem to="library" className="nav__item">
      {t('shell.myLibrary')}
    </RouteItem>
  );
}
