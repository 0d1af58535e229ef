import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../components/session/api/get-current-user';
import { useSession } from '../../components/session/api/get-session';
import { whenIdle } from '../../components/session/when-idle';
import { finishMasquerade } from '../../features/admin/api/admin-users';
import { useI18n } from '../../lib/i18n';

/**
 * Spec §2 Shell: while an admin impersonates someone, a banner on every page
 * with a button that ends it and goes back to the back office.
 */
export function ImpersonationBanner() {
  const { t } = useI18n();
  const { data: session } = useSession();
  const masquerading = Boolean(session?.masquerading);
  const { data: user } = useCurrentUser(masquerading);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  if (!masquerading) return null;
  const end = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await whenIdle(queryClient);
      const { back_location } = await finishMasquerade();
      window.location.assign(back_location);
    } catch {
      // Already ended elsewhere (another tab): a fresh load shows the real state.
      window.location.reload();
    }
  };
  return (
    <div className="banner banner--warning impersonation-banner">
      <span>{t('accountsLogin.impersonating', { name: user ? user.fullname || user.email : '…' })}</span>
      <button type="button" className="button button--small" aria-disabled={busy || undefined} onClick={() => void end()}>
        {t('accountsLogin.endImpersonation')}
      </button>
    </div>
  );
}
