import type { AdminProduct, AdminProductCoverBody, AdminProductsResponse } from '@storyhouse/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /crud/admin/products?search=: the products "Use as cover" chooses from, by a part of their title or address. */
export const useCoverProducts = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'catalogue', 'cover-choice', search],
    queryFn: ({ signal }) =>
      api<AdminProductsResponse>(`/crud/admin/products?${new URLSearchParams({ search, page: '1' })}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });

/** PUT /crud/admin/products/{id}/cover: an uploaded picture becomes the product's cover; the catalogue and audit log read again. */
export function useUseAsCover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, image }: { productId: number } & AdminProductCoverBody) =>
      api<AdminProduct>(`/crud/admin/products/${productId}/cover`, { method: 'PUT', body: { image } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'catalogue'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
