import type { PaymentsKeyResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

const path = '/crud/stripe/token';
/** GET /crud/stripe/token (spec §7 Payments): the publishable key of the card processor in use, and which one it is. */
export const getPaymentsKey = () => api<PaymentsKeyResponse>(path);

/** The processor does not change while the server runs: asked once per visit (the payment page arrives with it). */
export const paymentsKeyQuery = () =>
  queryOptions({
    queryKey: ['payments', 'key'],
    queryFn: getPaymentsKey,
    staleTime: Number.POSITIVE_INFINITY,
    ...firstData<PaymentsKeyResponse>(path),
  });

export const usePaymentsKey = () => useQuery(paymentsKeyQuery());
