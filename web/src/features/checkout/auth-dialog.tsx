import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { useI18n } from '../../lib/i18n';

/**
 * The built-in test processor's stand-in for a bank's 3-D Secure page
 * (issue 13 item 1): a charge on a card that requires authentication waits
 * for the cardholder, who completes or fails it here. A modal dialog
 * (focus kept inside, labelled by its title); Escape fails it, as closing
 * a bank's page does. The page then confirms the order (payment-form.tsx).
 */
export function AuthDialog({ open, amount, onAnswer }: { open: boolean; amount: number; onAnswer: (approve: boolean) => void }) {
  const { t, formatMoney } = useI18n();
  return (
    <ConfirmDialog
      open={open}
      title={t('payment.auth.title')}
      confirmLabel={t('payment.auth.approve')}
      cancelLabel={t('payment.auth.fail')}
      confirmTone="primary"
      onConfirm={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    >
      <p className="auth-dialog__bank">{t('payment.auth.bank')}</p>
      <p>{t('payment.auth.text', { amount: formatMoney(amount) })}</p>
    </ConfirmDialog>
  );
}
