import type { AdminShippingResponse, ShippingRateBody, TaxRateBody } from '@storyhouse/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const shippingKey = ['admin', 'shipping'] as const;

/** GET /crud/admin/shipping (issue 30 item 4): the shipping rates and the tax rates. */
export const adminShippingQuery = () =>
  queryOptions({
    queryKey: shippingKey,
    queryFn: ({ signal }) => api<AdminShippingResponse>('/crud/admin/shipping', { signal }),
    retry: false,
  });

export const useAdminShipping = () => useQuery(adminShippingQuery());

/** Every edit answers the rates as they now are: the page shows them at once; the audit log is read again. */
function useRatesEdit<V>(send: (vars: V) => Promise<AdminShippingResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (rates) => {
      client.setQueryData(shippingKey, rates);
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** POST /crud/admin/shipping-rates: a zone's prices for a method. */
export const useSetShippingRate = () =>
  useRatesEdit((body: ShippingRateBody) => api<AdminShippingResponse>('/crud/admin/shipping-rates', { method: 'POST', body }));

/** POST /crud/admin/tax-rates: adds or changes a place's rate. */
export const useSetTaxRate = () =>
  useRatesEdit((body: TaxRateBody) => api<AdminShippingResponse>('/crud/admin/tax-rates', { method: 'POST', body }));

/** DELETE /crud/admin/tax-rates/{id}. */
export const useRemoveTaxRate = () =>
  useRatesEdit((id: number) => api<AdminShippingResponse>(`/crud/admin/tax-rates/${id}`, { method: 'DELETE' }));
