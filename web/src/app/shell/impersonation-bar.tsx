import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../components/session/api/get-current-user';
import { whenIdle } from '../../components/session/when-idle';
import { finishMasquerade } from '../../features/admin/team/api/admin-users';
import { useI18n } from '../../lib/i18n';

/** The impersonation banner's content (impersonation-banner.tsx): whom the admin acts as, and the way back. */
export default function ImpersonationBar() {
  const { t } = useI18n();
  const { data: user } = useCurrentUser(true);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

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
