import { lazy, Suspense } from 'react';
import { useSession } from '../../components/session/api/get-session';

const ImpersonationBar = lazy(() => import('./impersonation-bar'));

/**
 * Spec §2 Shell: while an admin impersonates someone, a banner on every page
 * with a button that ends it and goes back to the back office. Its content
 * loads only then: families never download it.
 */
export function ImpersonationBanner() {
  const { data: session } = useSession();
  if (!session?.masquerading) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationBar />
    </Suspense>
  );
}
