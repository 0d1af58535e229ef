import type { AdminMediaResponse, MediaKind } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /crud/admin/media (issue 30 item 2): one page of the uploads, newest first, of one kind or all. */
export function getAdminMedia(page: number, kind: MediaKind | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page) });
  if (kind) params.set('kind', kind);
  return api<AdminMediaResponse>(`/crud/admin/media?${params}`, { signal });
}

export const adminMediaQuery = (page: number, kind: MediaKind | undefined) =>
  queryOptions({
    queryKey: ['admin', 'media', page, kind ?? 'all'],
    queryFn: ({ signal }) => getAdminMedia(page, kind, signal),
    retry: false,
  });

export const useAdminMedia = (page: number, kind: MediaKind | undefined) =>
  useQuery({ ...adminMediaQuery(page, kind), placeholderData: keepPreviousData });

/** After an upload: the list (and the audit log) read again. */
export function useMediaUploaded() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['admin', 'media'] });
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}
