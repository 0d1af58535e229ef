import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useSession } from '../../components/session/api/get-session';

const ImpersonationBar = lazy(() => import('./impersonation-bar'));

const noChanges = () => () => {};

/**
 * Spec §2 Shell: while an admin impersonates someone, a banner on every page
 * with a button that ends it and goes back to the back office. Its content
 * loads only then: families never download it. It shows once the page has
 * hydrated (the server's render and the browser's first leave it out), so
 * the server never has to wait for the lazy module.
 */
export function ImpersonationBanner() {
  const { data: session } = useSession();
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  if (!hydrated || !session?.masquerading) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationBar />
    </Suspense>
  );
}
