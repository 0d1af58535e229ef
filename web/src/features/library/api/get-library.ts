import type { MyLibraryResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListParams } from '../../../components/catalogue/api/catalogue-keys';
import { listSearchParams } from '../../../components/catalogue/list-controls';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

/**
 * The query keys of My Library: `libraryKeys.all` covers every page and
 * album. Never cached for long: a purchase, a claimed gift or a story
 * heard halfway on another device changes them.
 */
export const libraryKeys = {
  all: ['library'] as const,
  list: (params: ProductListParams) => ['library', 'list', params] as const,
  album: (id: number | 'free-story') => ['library', 'album', id] as const,
};

/** Spec §7 GET /crud/my-library?page (with the screen's search and lang_code): one page of what the family owns. */
function libraryPath(params: ProductListParams) {
  // All languages is the library's default filter (contracts MyLibraryQuery): left out, as in the page's address.
  const query = listSearchParams(params, 'all');
  query.set('page', String(params.page));
  return `/crud/my-library?${query}`;
}

export const getLibrary = (params: ProductListParams, signal?: AbortSignal) =>
  api<MyLibraryResponse>(libraryPath(params), { signal });

/** A signed-in family's page arrives with its first page of the library (issue 27): the first render takes it from there. */
export const libraryQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: libraryKeys.list(params),
    queryFn: ({ signal }) => getLibrary(params, signal),
    ...firstData<MyLibraryResponse>(libraryPath(params)),
  });

/** The previous answer stays on screen while the next page or search loads, so the list does not flash empty. */
export const useLibrary = (params: ProductListParams) => useQuery({ ...libraryQuery(params), placeholderData: keepPreviousData });
