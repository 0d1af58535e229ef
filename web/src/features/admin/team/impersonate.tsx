import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { whenIdle } from '../../../components/session/when-idle';
import { useI18n } from '../../../lib/i18n';
import { useErrorMessage } from '../../../ui/use-error-message';
import { startMasquerade } from './api/admin-users';

/**
 * Impersonation (spec §6 "Impersonate"), for the user list and a user's
 * page: one switch at a time; on success a full load, since every query
 * (session, user, cart) then belongs to the impersonated user; a refusal is
 * the server's words in `failure`.
 */
export function useImpersonation() {
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const [switching, setSwitching] = useState<number>();

  const impersonate = async (userId: number) => {
    if (switching !== undefined) return;
    setSwitching(userId);
    setFailure(undefined);
    try {
      await whenIdle(queryClient);
      const { back_location } = await startMasquerade(userId);
      window.location.assign(back_location);
    } catch (error) {
      setSwitching(undefined);
      setFailure(errorMessage(error));
    }
  };
  return { impersonate, switching, failure };
}

/** The "Impersonate" button of one user (its accessible name says whom). */
export function ImpersonateButton({
  user,
  impersonation,
}: {
  user: { id: number; name: string };
  impersonation: ReturnType<typeof useImpersonation>;
}) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-label={t('admin.impersonateUser', { name: user.name })}
      aria-disabled={impersonation.switching !== undefined || undefined}
      onClick={() => void impersonation.impersonate(user.id)}
    >
      {t('admin.impersonate')}
    </button>
  );
}
