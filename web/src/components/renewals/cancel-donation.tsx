import { useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { useErrorMessage } from '../../ui/use-error-message';
import { ConfirmDialog } from '../dialog/confirm-dialog';
import './cancel-donation.css';

/** The state of the call that stops a monthly donation, as TanStack Query's mutation reports it. */
export interface DonationCancel {
  mutate: () => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * Spec §4 Recurring donation item: active (Cancel), cancelling (the button
 * disabled), cancelled. Cancelling asks first; a refusal shows the
 * server's message and the button comes back. Shown on My orders and on My
 * subscription (issue 28), each passing the call that stops the donation.
 */
export function CancelDonation({ title, cancelled, cancel }: { title: string; cancelled: boolean; cancel: DonationCancel }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const [asking, setAsking] = useState(false);

  const done = cancelled || cancel.isSuccess;
  return (
    <div className="cancel-donation">
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
      <span className="cancel-donation__state" role="status">
        {done ? t('orders.donation.cancelled') : ''}
      </span>
      {cancel.isError && (
        <p className="cancel-donation__error" role="alert">
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
          cancel.mutate();
        }}
        onCancel={() => setAsking(false)}
      >
        <p>{t('orders.donation.confirmText', { title })}</p>
      </ConfirmDialog>
    </div>
  );
}
