import type { TaxIdBody, TaxIdResponse } from '@storyhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const taxIdKey = ['account', 'tax-id'] as const;

/** GET /crud/account/tax-id (decision 068): the donor's Spanish NIF or NIE for their gift receipts. */
export const useTaxId = () =>
  useQuery({
    queryKey: taxIdKey,
    queryFn: ({ signal }) => api<TaxIdResponse>('/crud/account/tax-id', { signal }),
  });

/** PUT /crud/account/tax-id: set or removed ('' ); a 400 names the field. */
export function useSaveTaxId() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxIdBody) => api<TaxIdResponse>('/crud/account/tax-id', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(taxIdKey, saved),
  });
}
