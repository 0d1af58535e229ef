import type { ProductListResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueKeys, type ProductListParams } from '../../../components/catalogue/api/catalogue-keys';
import { api } from '../../../lib/api-client';

/** GET /crud/product/skus (spec §7): one page of available products, with the tracks matching the search. */
export function getProducts({ page, search, lang }: ProductListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), available: '1', lang_code: lang });
  if (search) query.set('search', search);
  return api<ProductListResponse>(`/crud/product/skus?${query}`, { signal });
}

export const productsQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: catalogueKeys.products(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    staleTime: 60_000,
  });

/** The previous page stays on screen while the next one loads, so paging does not flash empty. */
export const useProducts = (params: ProductListParams) =>
  useQuery({ ...productsQuery(params), placeholderData: keepPreviousData });
