import type { LangCode, SearchResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SiteSearchParams {
  lang: LangCode;
  q: string;
  page: number;
}

/** GET /crud/search (issue 4 site search): one ranked page of the site language's pages, products and tracks. */
export function getSiteSearch({ q, page }: SiteSearchParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ q, page: String(page) });
  return api<SearchResponse>(`/crud/search?${query}`, { signal });
}

export const siteSearchQuery = (params: SiteSearchParams) =>
  queryOptions({
    queryKey: ['search', params] as const,
    queryFn: ({ signal }) => getSiteSearch(params, signal),
    staleTime: 60_000,
    enabled: params.q !== '',
  });

/** The previous page stays on screen while the next one loads, so paging does not flash empty. */
export const useSiteSearch = (params: SiteSearchParams) =>
  useQuery({ ...siteSearchQuery(params), placeholderData: keepPreviousData });
