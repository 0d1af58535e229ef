import type { MySubscription } from '@storyhouse/contracts';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { useErrorMessage } from '../../ui/use-error-message';
import { useSetCoverFee } from './api/cover-fee';

/**
 * Decision 067: a monthly gift covers the card fee or stops, from its next
 * charge; the box says the fee it adds each month, the status line what the
 * next gift will be.
 */
export function CoverFeeToggle({ donation }: { donation: MySubscription }) {
  const { t, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const change = useSetCoverFee();
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean }>();
  const fee = donation.cover_fee;
  if (!fee) return null;
  // While it saves, the box shows what was asked; a refusal puts it back as the gift is.
  const checked = change.isPending && change.variables ? change.variables.cover : fee.covered;
  const onChange = (cover: boolean) => {
    // Kept focusable while it saves (a disabled box would drop the focus); a second press waits for the first.
    if (change.isPending) return;
    setOutcome(undefined);
    change.mutate(
      { id: donation.id, cover },
      {
        onSuccess: (after) =>
          setOutcome({ text: t('mySubscription.coverFee.saved', { amount: formatMoney(after.price_usd) }), failed: false }),
        onError: (error) => setOutcome({ text: errorMessage(error, 'mySubscription.coverFee.failed'), failed: true }),
      },
    );
  };
  return (
    <div className="my-donations__cover-fee">
      <label className="field field--checkbox">
        <input
          type="checkbox"
          checked={checked}
          aria-busy={change.isPending || undefined}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />{' '}
        {t('donations.coverFee', { amount: formatMoney(fee.fee_usd) })}
      </label>
      <p className={`form-status form-status--${outcome?.failed ? 'error' : 'success'}`} role="status">
        {outcome?.text ?? ''}
      </p>
    </div>
  );
}
