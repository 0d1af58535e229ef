import type { AdminUserDetail } from '@storyhouse/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useCurrentUser } from '../../../components/session/api/get-current-user';
import { useI18n } from '../../../lib/i18n';
import { FormFailure } from '../../../ui/form/submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminPart } from '../shared/admin-part';
import { useLockUser, useSendPasswordReset, useSetAdminRight } from './api/admin-user';

/**
 * Issue 29 item 6, what a volunteer may do for a user, each asked first
 * and its result announced: a password-reset link by e-mail, sign-in
 * locked or unlocked (never one's own), the admin right granted or removed
 * (the server refuses to lock out the last admin who can sign in: its words
 * show).
 */
export function UserActions({ user }: { user: AdminUserDetail }) {
  const { t } = useI18n();
  const name = user.name || user.email;
  const reset = useSendPasswordReset(user.id);
  const lock = useLockUser(user.id);
  const admin = useSetAdminRight(user.id);
  const locking = !user.sign_in_locked;
  const granting = !user.is_admin;
  // Removing one's own right ends one's own back office: said so before. One's own sign-in is not locked at all.
  const self = useCurrentUser().data?.id === user.id;
  const own = (text: string, warning: string) => (self ? `${text} ${warning}` : text);
  return (
    <AdminPart title={t('admin.user.actions')}>
      <UserAction
        text={t('admin.user.resetText', { email: user.email })}
        label={t('admin.user.sendReset')}
        busyLabel={t('admin.user.sending')}
        confirmTitle={t('admin.user.resetTitle', { name })}
        confirmText={t('admin.user.resetConfirm', { email: user.email })}
        tone="primary"
        mutation={reset}
        run={() => reset.mutateAsync(undefined).then(({ sent_to }) => t('admin.user.resetSent', { email: sent_to }))}
      />
      {self && locking ? (
        // The server refuses it (own_sign_in_lock): said here instead of a button that cannot work.
        <div className="admin-user__action">
          <p>{t('admin.user.ownLockText')}</p>
        </div>
      ) : (
        <UserAction
          text={locking ? t('admin.user.lockText') : t('admin.user.unlockText')}
          label={locking ? t('admin.user.lock') : t('admin.user.unlock')}
          busyLabel={t('admin.user.saving')}
          confirmTitle={locking ? t('admin.user.lockTitle', { name }) : t('admin.user.unlockTitle', { name })}
          confirmText={locking ? t('admin.user.lockConfirm') : t('admin.user.unlockConfirm')}
          tone={locking ? 'danger' : 'primary'}
          mutation={lock}
          run={() => lock.mutateAsync(locking).then(() => (locking ? t('admin.user.locked') : t('admin.user.unlocked')))}
        />
      )}
      <UserAction
        text={granting ? t('admin.user.grantText') : t('admin.user.removeText')}
        label={granting ? t('admin.user.grant') : t('admin.user.remove')}
        busyLabel={t('admin.user.saving')}
        confirmTitle={granting ? t('admin.user.grantTitle', { name }) : t('admin.user.removeTitle', { name })}
        confirmText={granting ? t('admin.user.grantConfirm') : own(t('admin.user.removeConfirm'), t('admin.user.selfRemove'))}
        tone={granting ? 'primary' : 'danger'}
        mutation={admin}
        run={() => admin.mutateAsync(granting).then(() => (granting ? t('admin.user.granted') : t('admin.user.removed')))}
      />
    </AdminPart>
  );
}

/**
 * One action: what it does, its button, the question before it, then the
 * result in a role=status line, or the server's refusal (role=alert).
 */
function UserAction({
  text,
  label,
  busyLabel,
  confirmTitle,
  confirmText,
  tone,
  mutation,
  run,
}: {
  text: string;
  label: string;
  busyLabel: string;
  confirmTitle: string;
  confirmText: string;
  tone: 'danger' | 'primary';
  /** The action's state: busy, and its last failure. */
  mutation: { isPending: boolean; error: unknown };
  /** Runs the action; answers the words of its result. */
  run: () => Promise<string>;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState('');

  const confirm = () => {
    setAsking(false);
    setDone('');
    run().then(setDone, () => undefined);
  };

  return (
    <div className="admin-user__action">
      <p>{text}</p>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={mutation.isPending || undefined}
        onClick={() => {
          if (!mutation.isPending) setAsking(true);
        }}
      >
        {mutation.isPending ? busyLabel : label}
      </button>
      <FormFailure message={mutation.error ? errorMessage(mutation.error) : undefined} />
      <p className="form-status form-status--success" role="status">
        {done}
      </p>
      <ConfirmDialog
        open={asking}
        title={confirmTitle}
        confirmLabel={label}
        cancelLabel={t('admin.user.cancel')}
        confirmTone={tone}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>{confirmText}</p>
      </ConfirmDialog>
    </div>
  );
}
