import type { SubscriptionOffersResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../../../components/catalogue/api/catalogue-keys';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

/** GET /crud/subscription-skus: the monthly and annual plans with their in-cart flags. */
const offersPath = '/crud/subscription-skus';
export const getSubscriptionOffers = (signal?: AbortSignal) => api<SubscriptionOffersResponse>(offersPath, { signal });

// Under catalogueKeys.all, so a cart change refreshes which plan is marked in the cart (use-cart.ts).
export const subscriptionOffersQuery = () =>
  queryOptions({
    queryKey: [...catalogueKeys.all, 'subscription-offers'] as const,
    queryFn: ({ signal }) => getSubscriptionOffers(signal),
    staleTime: 5 * 60_000,
    ...firstData<SubscriptionOffersResponse>(offersPath),
  });

export const useSubscriptionOffers = () => useQuery(subscriptionOffersQuery());
