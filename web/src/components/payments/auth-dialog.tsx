import { useI18n } from '../../lib/i18n';
import { ConfirmDialog } from '../dialog/confirm-dialog';
import './auth-dialog.css';

/**
 * The built-in test processor's stand-in for a bank's 3-D Secure page
 * (issue 13 item 1): a charge on a card that requires authentication waits
 * for the cardholder, who completes or fails it here. A modal dialog
 * (focus kept inside, labelled by its title); Escape fails it, as closing
 * a bank's page does. The page then confirms the order (payment-form.tsx),
 * or the card being added is saved (add-card.tsx).
 */
export function AuthDialog({
  open,
  amount,
  onAnswer,
}: {
  open: boolean;
  /** The charge's amount; none for a card being added (issue 40 item 8), which is checked without a charge. */
  amount?: number;
  onAnswer: (approve: boolean) => void;
}) {
  const { t, formatMoney } = useI18n();
  return (
    <ConfirmDialog
      open={open}
      title={amount === undefined ? t('payment.auth.cardTitle') : t('payment.auth.title')}
      confirmLabel={t('payment.auth.approve')}
      cancelLabel={t('payment.auth.fail')}
      confirmTone="primary"
      onConfirm={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    >
      <p className="auth-dialog__bank">{t('payment.auth.bank')}</p>
      <p>{amount === undefined ? t('payment.auth.cardText') : t('payment.auth.text', { amount: formatMoney(amount) })}</p>
    </ConfirmDialog>
  );
}
