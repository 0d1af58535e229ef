import type { AdminRenewalsResponse } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { useI18n } from '../../../lib/i18n';
import type { RenewalStatus, RenewalType } from './api/renewals';

type I18n = ReturnType<typeof useI18n>;

/** The renewals' kinds and states in words; the Record types make a new code without words a compile error. */
const typeWords: Record<RenewalType, MessageKey> = {
  subscription: 'admin.renewals.type.subscription',
  recurring_donation: 'admin.renewals.type.recurring_donation',
};

const statusWords: Record<RenewalStatus, MessageKey> = {
  active: 'admin.renewals.state.active',
  past_due: 'admin.renewals.state.past_due',
  cancelled: 'admin.renewals.state.cancelled',
};

export const renewalTypeLabel = (t: I18n['t'], type: RenewalType) => t(typeWords[type]);
export const renewalStatusLabel = (t: I18n['t'], status: RenewalStatus) => t(statusWords[status]);

/** What one period costs: "$10.00 a month", "$99.00 a year". */
export const renewalAmount = (
  { t, formatMoney }: Pick<I18n, 't' | 'formatMoney'>,
  renewal: Pick<AdminRenewalsResponse['items'][number], 'amount_usd' | 'interval'>,
) =>
  t(renewal.interval === 'year' ? 'admin.renewals.perYear' : 'admin.renewals.perMonth', {
    amount: formatMoney(renewal.amount_usd),
  });
