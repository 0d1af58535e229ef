import type { AdminMediaResponse, MediaKind } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export interface AdminMediaFilter {
  page: number;
  kind?: MediaKind | undefined;
  /** Part of a file's name: the media library's search. */
  search?: string;
}

/** GET /crud/admin/media: one page of the uploads, newest first, of one kind or all, by a part of their name. */
export function getAdminMedia({ page, kind, search }: AdminMediaFilter, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page) });
  if (kind) params.set('kind', kind);
  if (search) params.set('search', search);
  return api<AdminMediaResponse>(`/crud/admin/media?${params}`, { signal });
}

export const adminMediaQuery = (filter: AdminMediaFilter) =>
  queryOptions({
    queryKey: ['admin', 'media', filter.page, filter.kind ?? 'all', filter.search ?? ''],
    queryFn: ({ signal }) => getAdminMedia(filter, signal),
    retry: false,
  });

/** The Media page's list and the media library's: the previous page shown while the next loads. */
export const useAdminMedia = (filter: AdminMediaFilter, { enabled = true } = {}) =>
  useQuery({ ...adminMediaQuery(filter), placeholderData: keepPreviousData, enabled });

/** After an upload: the lists (and the audit log) read again. */
export function useMediaUploaded() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['admin', 'media'] });
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}
