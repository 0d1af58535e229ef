import type { AdminRenewalsResponse } from '@storyhouse/contracts';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useCancelRenewal } from './api/renewals';
import { renewalAmount } from './renewal-words';

export type Renewal = AdminRenewalsResponse['items'][number];
type When = 'period_end' | 'now';

/**
 * Issue 29 item 4: a plan or monthly gift cancelled on the family's behalf.
 * The dialog offers the end of the period and, for a plan, now with the
 * unused part refunded; the family's own rules decide (spec §4: a plan whose
 * period ends within a month stops only at its end), so the server may
 * refuse, and its message is what the admin reads. `onResult` gets the
 * outcome in words, for the page to announce.
 */
export function RenewalCancel({
  renewal,
  onClose,
  onResult,
}: {
  renewal: Renewal | undefined;
  onClose: () => void;
  onResult: (result: { ok: boolean; message: string }) => void;
}) {
  const i18n = useI18n();
  const { t, formatDate } = i18n;
  const errorMessage = useErrorMessage();
  const cancel = useCancelRenewal();
  const groupId = useId();
  const [when, setWhen] = useState<When>('period_end');
  // The dialog keeps its last words while it closes; each one opens at the safe choice.
  const [shown, setShown] = useState(renewal);
  useEffect(() => {
    if (!renewal) return;
    setShown(renewal);
    setWhen('period_end');
  }, [renewal]);

  const who = shown ? shown.customer.name || shown.customer.email : '';
  const plan = shown?.type === 'subscription';

  const confirm = () => {
    const target = renewal;
    onClose();
    if (!target) return;
    const choice = target.type === 'subscription' ? when : 'period_end';
    cancel.mutate(
      { id: target.subscription_id, when: choice },
      {
        onSuccess: (after) =>
          onResult({
            ok: true,
            message:
              choice === 'now' || after.cancel_at === null
                ? t('admin.renewals.cancelledNow', { title: target.title, who })
                : t('admin.renewals.cancelledAtEnd', { title: target.title, who, date: formatDate(after.cancel_at) }),
          }),
        onError: (error) => onResult({ ok: false, message: errorMessage(error) }),
      },
    );
  };

  return (
    <ConfirmDialog
      open={renewal !== undefined}
      title={t('admin.renewals.cancelTitle', { title: shown?.title ?? '', who })}
      confirmLabel={t('admin.renewals.cancelConfirm')}
      cancelLabel={t('admin.renewals.keep')}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {shown ? (
        <>
          <p>{t('admin.renewals.cancelText', { amount: renewalAmount(i18n, shown), email: shown.customer.email })}</p>
          <p>{t('admin.renewals.rules')}</p>
          <fieldset className="admin-choice">
            <legend id={groupId}>{t('admin.renewals.when')}</legend>
            <label className="admin-choice__option">
              <input
                type="radio"
                name={groupId}
                checked={!plan || when === 'period_end'}
                onChange={() => setWhen('period_end')}
              />
              {shown.current_period_end
                ? t('admin.renewals.atEndOn', { date: formatDate(shown.current_period_end) })
                : t('admin.renewals.atEnd')}
            </label>
            {plan ? (
              <label className="admin-choice__option">
                <input type="radio" name={groupId} checked={when === 'now'} onChange={() => setWhen('now')} />
                {t('admin.renewals.now')}
              </label>
            ) : null}
          </fieldset>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
