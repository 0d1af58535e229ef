import type { ContentByUrlResponse } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /crud/admin/cms/entries/{id}/preview (issue 30 item 3): a page's draft
 * as the site will show it, for admins acting as themselves (401/403 for
 * anyone else). Read afresh each time it is opened: a draft changes.
 */
export const getCmsPreview = (id: number, signal?: AbortSignal) =>
  api<ContentByUrlResponse>(`/crud/admin/cms/entries/${id}/preview`, { signal });

export const useCmsPreview = (id: number) =>
  useQuery({
    queryKey: ['cms', 'preview', id],
    queryFn: ({ signal }) => getCmsPreview(id, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
