import type { PageRoute } from '@storyhouse/contracts';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useSession } from '../components/session/api/get-session';
import { loginPath } from '../lib/back-location';
import { useI18n } from '../lib/i18n';
import { Loading } from '../ui/loading';
import { useDocumentTitle } from '../ui/use-document-title';

function NotAllowed() {
  const { t } = useI18n();
  useDocumentTitle(t('accountsLogin.notAllowed'));
  return (
    <article className="page page--narrow not-allowed">
      <h1>{t('accountsLogin.notAllowed')}</h1>
      <p>{t('accountsLogin.notAllowedText')}</p>
      <p>
        <Link to="/">{t('accountsLogin.home')}</Link>
      </p>
    </article>
  );
}

/**
 * The login guard, reusable by any screen with a guard of its own (spec §2
 * /claim-gift/{hash}): a visitor goes to /login with this page as
 * back_location and returns here after logging in.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { data: session, isPending, isError } = useSession();
  if (isPending) return <Loading />;
  // The session could not be read (offline): the screen shows its own failure; the server still refuses.
  if (isError) return <>{children}</>;
  if (!session.logged_in) return <Navigate to={loginPath(pathname + search)} replace />;
  return <>{children}</>;
}

/**
 * The family PIN over a page that is the parents' (decision 051), loaded only while a child listens. Loaded after
 * the first render, as the server rendered it (a placeholder), so a page loaded as a child hydrates whole.
 */
function GrownUpsLock() {
  const [Lock, setLock] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    import('../features/profiles/grown-ups-lock').then(
      (m) => live && setLock(() => m.default),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return Lock ? <Lock /> : <Loading />;
}

/**
 * Spec §2 and §6: a route's access from the route table, applied once for
 * every screen. Signed-in routes need a login; admin routes an admin acting
 * as themself (not while impersonating), others see "not allowed". While a
 * child profile listens, a route that is not a listener's asks the family PIN
 * first (the grown-ups lock, deny by default). The server enforces the same
 * on every call; this only routes people.
 */
export function RouteGuard({
  access,
  listener,
  children,
}: {
  access: PageRoute['access'];
  listener?: boolean;
  children: ReactNode;
}) {
  const { data: session } = useSession();
  if (session?.profile && !listener) return <GrownUpsLock />;
  if (access === 'open') return <>{children}</>;
  if (access === 'signed-in') return <RequireSignIn>{children}</RequireSignIn>;
  return <RequireSignIn>{session?.logged_in && !session.is_admin ? <NotAllowed /> : children}</RequireSignIn>;
}
