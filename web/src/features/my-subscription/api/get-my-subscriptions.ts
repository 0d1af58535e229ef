import type { MySubscription, MySubscriptionsResponse } from '@storyhouse/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

/** Every key of this feature starts here: a change of plan refreshes the plan and its invoices. */
export const mySubscriptionKeys = {
  all: ['my-subscription'] as const,
  list: ['my-subscription', 'list'] as const,
  invoices: (id: string) => ['my-subscription', 'invoices', id] as const,
  receipts: (id: string) => ['my-subscription', 'receipts', id] as const,
  funds: ['my-subscription', 'funds'] as const,
};

/** Issue 28, spec §7: GET /crud/stripe/customer/my/subscriptions, the family's live plan and monthly donations. */
const mySubscriptionsPath = '/crud/stripe/customer/my/subscriptions';
export const getMySubscriptions = (signal?: AbortSignal) => api<MySubscriptionsResponse>(mySubscriptionsPath, { signal });

export const mySubscriptionsQuery = () =>
  queryOptions({
    queryKey: mySubscriptionKeys.list,
    queryFn: ({ signal }) => getMySubscriptions(signal),
    // The processor being down is an answer (503 subscription_error_retrieving), shown at once rather than retried.
    retry: false,
    ...firstData<MySubscriptionsResponse>(mySubscriptionsPath),
  });

export const useMySubscriptions = () => useQuery(mySubscriptionsQuery());

/** The family's plan (never a monthly donation): the one named by `id`, else the first. */
export const planOf = (list: readonly MySubscription[], id?: string | null) =>
  list.find((s) => s.type === 'subscription' && (!id || s.id === id));

/**
 * Every change answers the subscription as it now is: it replaces the old
 * one in the list at once (a cancelled donation stays on screen, reading
 * Cancelled), and the invoices are read again (a change of plan or a
 * retried renewal bills).
 */
export function keepAnswer(client: QueryClient, changed: MySubscription) {
  client.setQueryData<MySubscriptionsResponse>(mySubscriptionKeys.list, (old) =>
    old ? { data: old.data.map((s) => (s.id === changed.id ? changed : s)) } : old,
  );
  void client.invalidateQueries({ queryKey: mySubscriptionKeys.invoices(changed.id) });
}
