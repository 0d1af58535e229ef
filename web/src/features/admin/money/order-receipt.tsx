import type { AdminOrder } from '@storyhouse/contracts';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { FormFailure } from '../../../ui/form/submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useResendReceipt } from './api/order-actions';

/**
 * Issue 29 item 2, Resend receipt: the family's receipt e-mail again (a
 * family that lost it, a new address), after the admin confirms to whom.
 * The timeline then lists the e-mail. An order never paid has no receipt.
 */
export function OrderReceipt({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const resend = useResendReceipt(order.id);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState('');

  const confirm = () => {
    setAsking(false);
    setDone('');
    resend.mutate(undefined, { onSuccess: () => setDone(t('admin.order.receiptSent', { email: order.customer.email })) });
  };

  return (
    <section className="admin-part admin-part--action card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.order.receipt')}</h2>
      {order.paid_at === null ? (
        <p>{t('admin.order.receiptNotPaid')}</p>
      ) : (
        <>
          <p>{t('admin.order.receiptText', { email: order.customer.email })}</p>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={resend.isPending || undefined}
            onClick={() => {
              if (!resend.isPending) setAsking(true);
            }}
          >
            {resend.isPending ? t('admin.order.sending') : t('admin.order.resendReceipt')}
          </button>
        </>
      )}
      <FormFailure message={resend.isError ? errorMessage(resend.error) : undefined} />
      <p className="form-status form-status--success" role="status">
        {done}
      </p>
      <ConfirmDialog
        open={asking}
        title={t('admin.order.receiptTitle', { number: order.number })}
        confirmLabel={t('admin.order.resendReceipt')}
        cancelLabel={t('admin.order.cancel')}
        confirmTone="primary"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>{t('admin.order.receiptConfirm', { email: order.customer.email })}</p>
      </ConfirmDialog>
    </section>
  );
}
