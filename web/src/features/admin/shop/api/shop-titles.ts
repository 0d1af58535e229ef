import type { AdminShopTitle, AdminShopTitlesResponse, TitlesBody } from '@storyhouse/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const shopTitlesKey = ['admin', 'shop-titles'] as const;

/** GET /crud/admin/shop-titles (decision 038): the plans, funds and gift card with their titles. */
export const adminShopTitlesQuery = () =>
  queryOptions({
    queryKey: shopTitlesKey,
    queryFn: ({ signal }) => api<AdminShopTitlesResponse>('/crud/admin/shop-titles', { signal }),
    retry: false,
  });

export const useAdminShopTitles = () => useQuery(adminShopTitlesQuery());

/** PUT /crud/admin/shop-titles/{skuId}: its titles in English, Spanish and Russian (a 400 names the field). */
export function useRetitleSku(skuId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TitlesBody) => api<AdminShopTitle>(`/crud/admin/shop-titles/${skuId}`, { method: 'PUT', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: shopTitlesKey });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
