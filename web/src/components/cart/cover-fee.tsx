import { coverFeeCents } from '@storyhouse/contracts';
import { useI18n } from '../../lib/i18n';
import { useFeeRuleQuery } from './api/get-fee-rule';

/**
 * Decision 067: "Add $0.62 so all of my gift goes to the ministry", the
 * cents computed from the ministry's fee rule by the same arithmetic the
 * server charges with (coverFeeCents). Shown once the gift has an amount
 * and the rule is known; the server adds its own figure, never this one.
 */
export function CoverFee({
  giftUsd,
  checked,
  onChange,
}: {
  /** The gift in dollars (rounded to the cent); 0 or less when none is chosen yet. */
  giftUsd: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t, formatMoney } = useI18n();
  const rule = useFeeRuleQuery(giftUsd > 0);
  if (!rule.data || !(giftUsd > 0)) return null;
  const added = coverFeeCents(Math.round(giftUsd * 100), rule.data);
  if (added === 0) return null;
  return (
    <label className="field field--checkbox cover-fee">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />{' '}
      {t('donations.coverFee', { amount: formatMoney(added / 100) })}
    </label>
  );
}
