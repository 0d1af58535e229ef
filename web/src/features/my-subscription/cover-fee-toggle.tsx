import type { MySubscription } from '@storyhouse/contracts';
import { useEffect, useState } from 'react';
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
  // What the family asked, shown at once (in the same render as the press) until the gift as saved says it.
  const [asked, setAsked] = useState<boolean>();
  const covered = donation.cover_fee?.covered;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved gift's answer replaces what was asked
  useEffect(() => setAsked(undefined), [covered]);
  const fee = donation.cover_fee;
  if (!fee) return null;
  const checked = asked ?? fee.covered;
  const onChange = (cover: boolean) => {
    // Kept focusable while it saves (a disabled box would drop the focus); a second press waits for the first.
    if (change.isPending) return;
    setOutcome(undefined);
    setAsked(cover);
    change.mutate(
      { id: donation.id, cover },
      {
        onSuccess: (after) =>
          setOutcome({ text: t('mySubscription.coverFee.saved', { amount: formatMoney(after.price_usd) }), failed: false }),
        // A refusal puts the box back as the gift is.
        onError: (error) => {
          setAsked(undefined);
          setOutcome({ text: errorMessage(error, 'mySubscription.coverFee.failed'), failed: true });
        },
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
