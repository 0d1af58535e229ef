import type { Product } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';
import { withFirstError } from '../../../lib/first-error';
import { catalogueKeys } from './catalogue-keys';

/**
 * GET /crud/product-by-slug/{slug}/skus (spec §7): the story page's product with its skus and tracks, each track
 * with the access rule's verdict for this listener (search's Play from here reads it too).
 */
const productPath = (slug: string) => `/crud/product-by-slug/${encodeURIComponent(slug)}/skus`;
export const getProductBySlug = (slug: string, signal?: AbortSignal) => api<Product>(productPath(slug), { signal });

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: catalogueKeys.product(slug),
    queryFn: ({ signal }) => getProductBySlug(slug, signal),
    staleTime: 60_000,
    ...firstData<Product>(productPath(slug)),
  });

export const useProduct = (slug: string) => withFirstError(useQuery(productQuery(slug)), productPath(slug));
