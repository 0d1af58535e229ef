import type { ProductListResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueKeys, type ProductListParams } from '../../../components/catalogue/api/catalogue-keys';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

/**
 * GET /crud/product/skus (spec §7): one page of available products, with the
 * tracks matching the search; the server builds the same address for a
 * page it renders (server/src/modules/web/first-data.ts shop).
 */
function productsPath({ page, search, lang, ageBand, sort }: ProductListParams) {
  const query = new URLSearchParams({ page: String(page), available: '1', lang_code: lang });
  if (search) query.set('search', search);
  if (ageBand) query.set('age_band', ageBand);
  if (sort) query.set('sort', sort);
  return `/crud/product/skus?${query}`;
}

export const getProducts = (params: ProductListParams, signal?: AbortSignal) =>
  api<ProductListResponse>(productsPath(params), { signal });

export const productsQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: catalogueKeys.products(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    staleTime: 60_000,
    ...firstData<ProductListResponse>(productsPath(params)),
  });

/** The previous page stays on screen while the next one loads, so paging does not flash empty. */
export const useProducts = (params: ProductListParams) =>
  useQuery({ ...productsQuery(params), placeholderData: keepPreviousData });
