import type { MonthlyFundsResponse } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { mySubscriptionKeys } from './get-my-subscriptions';

/** Decision 070: GET /crud/stripe/subscription/funds, the monthly funds a gift may move to, in the site's language. */
export const getMonthlyFunds = (signal?: AbortSignal) => api<MonthlyFundsResponse>('/crud/stripe/subscription/funds', { signal });

export function useMonthlyFunds() {
  const { lang } = useI18n();
  return useQuery({
    queryKey: [...mySubscriptionKeys.funds, lang],
    queryFn: ({ signal }) => getMonthlyFunds(signal),
    staleTime: 5 * 60_000,
  });
}
