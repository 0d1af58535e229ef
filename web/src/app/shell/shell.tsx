import { memo, type ReactNode, Suspense, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useChildPlayGate } from '../../components/child-listening/child-rules';
import { currentRefusal, subscribeRefusal } from '../../components/player/play-gate';
import { queueOwnerOf, usePlayerOwner, usePlayerWanted } from '../../components/player/player';
import { useSession } from '../../components/session/api/get-session';
import { CartLink } from '../../features/cart/cart-counter';
import { dropFirstData } from '../../lib/first-data';
import { useI18n } from '../../lib/i18n';
import { CartIcon, CloseIcon, MenuIcon, SearchIcon } from '../../ui/icons';
import { RouteLink } from '../../ui/route-link';
import { ToastHost } from '../../ui/toast';
import { AccountMenu } from './account-menu';
import { LogoutBanner, OfflineNotice } from './banners';
import { Footer } from './footer';
import { ProfileCorner } from './grown-ups';
import { ImpersonationBanner } from './impersonation-banner';
import { SiteNav } from './site-nav';

type PlayerBarModule = typeof import('../../features/player/player-bar');
type RestScreenModule = typeof import('../../features/child-listening/rest-screen');

/**
 * A child profile's quiet hours and daily limit (issue 42): every play passes the child's rules; a refused one
 * shows the rest screen, loaded then. Memoized: it has no props, and the player bar's slot around it renders again
 * as the first play loads the player (issue 43's bench), which changes nothing here.
 */
const ChildGateSlot = memo(function ChildGateSlot() {
  const child = useChildPlayGate();
  const refusal = useSyncExternalStore(subscribeRefusal, currentRefusal, noRefusal);
  const [screen, setScreen] = useState<RestScreenModule | null>(null);
  useEffect(() => {
    if (!refusal || screen) return;
    let live = true;
    import('../../features/child-listening/rest-screen').then(
      (m) => live && setScreen(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [refusal, screen]);
  return child && refusal && screen ? <screen.RestScreenFor refusal={refusal} /> : null;
});
const noRefusal = () => null;

/**
 * The audio player bar, in its place at the end of the page. It loads with
 * the player engine, on the first play, not with the shell, and renders
 * nothing until a track is loaded. Offline it comes from the service
 * worker's copy (a kept album plays on a plane, issue 32 item 3); a failed
 * download (offline without the worker) leaves it out until the next play
 * (the engine failed too, so the player is wanted again); it never takes
 * the page down with it.
 */
function PlayerBarSlot() {
  // Who listens: their kept queue comes back, loaded and paused (issue 41 item 3).
  const session = useSession().data;
  usePlayerOwner(
    session && (session.logged_in && session.user_id !== null ? queueOwnerOf(session.user_id, session.profile?.id) : null),
  );
  const wanted = usePlayerWanted();
  const [bar, setBar] = useState<PlayerBarModule | null>(null);
  useEffect(() => {
    if (!wanted || bar) return;
    let live = true;
    import('../../features/player/player-bar').then(
      (m) => live && setBar(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, bar]);
  return (
    <>
      {bar ? <bar.PlayerBar /> : null}
      <ChildGateSlot />
    </>
  );
}

/**
 * Spec §2 Shell: banners, the header (brand; search, account, cart with its
 * count and, on a phone, the menu toggle: each an icon with its label), the
 * site navigation as a bar under it (a drop-down list on a phone, issue 27
 * item 10: no wide empty sidebar), the page, the footer, the audio player bar,
 * and the toast (ui/toast.tsx: "… added to your cart") over them.
 * Every navigation scrolls to the top and closes the menu.
 */
export function Shell({ fallback }: { fallback: ReactNode }) {
  const { t } = useI18n();
  // While a child listens, the account and the cart are the grown-ups' (the profile corner's PIN).
  const childListens = Boolean(useSession().data?.profile);
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const { pathname, search } = useLocation();

  // The page's embedded answers (decision 014) are for the page it came with.
  const [firstPath] = useState(pathname);
  useEffect(() => {
    if (pathname !== firstPath) dropFirstData();
  }, [pathname, firstPath]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    window.scrollTo(0, 0);
    setMenuOpen(false);
  }, [pathname, search]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <LogoutBanner />
      <ImpersonationBanner />
      <OfflineNotice />
      <header className="header">
        <Link to="/" className="brand" aria-label={t('shell.homeLink')}>
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        <div className="header__corner">
          <RouteLink to="search" className="header__action">
            <SearchIcon />
            <span className="header__label">{t('shell.search')}</span>
          </RouteLink>
          <ProfileCorner />
          {childListens ? null : <AccountMenu />}
          {childListens ? null : <CartLink className="header__action header__cart" icon={<CartIcon />} />}
          <button
            type="button"
            className="header__action header__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={navId}
            aria-label={menuOpen ? t('shell.menuClose') : t('shell.menuOpen')}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            <span className="header__label" aria-hidden="true">
              {t('shell.menu')}
            </span>
          </button>
        </div>
      </header>
      <nav id={navId} className={menuOpen ? 'site-nav site-nav--open' : 'site-nav'} aria-label={t('shell.mainNavigation')}>
        <SiteNav />
      </nav>
      <div className="shell__body">
        <main id="main" className="main" tabIndex={-1}>
          <Suspense fallback={fallback}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Footer />
      <PlayerBarSlot />
      <ToastHost />
    </div>
  );
}
