import { useState } from 'react';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { useI18n } from '../../lib/i18n';
import { useErrorMessage } from '../../ui/use-error-message';
import { useCancelRecurringDonation } from './api/cancel-recurring-donation';

/**
 * Spec §4 Recurring donation item: active (Cancel), cancelling (the button
 * disabled), cancelled. Cancelling asks first; a refusal shows the
 * server's message and the button comes back.
 */
export function CancelDonation({ id, title, cancelled }: { id: number; title: string; cancelled: boolean }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const cancel = useCancelRecurringDonation();
  const [asking, setAsking] = useState(false);

  const done = cancelled || cancel.isSuccess;
  return (
    <div className="order__donation">
      {!done && (
        <button
          type="button"
          className="button button--secondary"
          disabled={cancel.isPending}
          aria-label={cancel.isPending ? undefined : t('orders.donation.cancelLabel', { title })}
          onClick={() => setAsking(true)}
        >
          {cancel.isPending ? t('orders.donation.cancelling') : t('orders.donation.cancel')}
        </button>
      )}
      {/* Present from the start, so the change to Cancelled is announced. */}
      <span className="order__donation-state" role="status">
        {done ? t('orders.donation.cancelled') : ''}
      </span>
      {cancel.isError && (
        <p className="order__donation-error" role="alert">
          {errorMessage(cancel.error)}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={t('orders.donation.confirmTitle')}
        confirmLabel={t('orders.donation.confirm')}
        cancelLabel={t('orders.donation.keep')}
        onConfirm={() => {
          setAsking(false);
          cancel.mutate(id);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>{t('orders.donation.confirmText', { title })}</p>
      </ConfirmDialog>
    </div>
  );
}
