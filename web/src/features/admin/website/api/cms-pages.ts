import type {
  AdminCmsEntriesQuery,
  AdminCmsEntriesResponse,
  AdminCmsEntry,
  CmsEntryFieldsInput,
  CreateCmsEntryBody,
} from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const ENTRIES = '/crud/admin/cms/entries';

export const cmsPagesKeys = {
  all: ['admin', 'cms'] as const,
  list: (query: AdminCmsEntriesQuery) => ['admin', 'cms', 'list', query] as const,
  entry: (id: number) => ['admin', 'cms', 'one', id] as const,
};

/** GET /crud/admin/cms/entries (issue 30 item 3): the pages by type, language, status and a search. */
export function getCmsPages(query: AdminCmsEntriesQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return api<AdminCmsEntriesResponse>(`${ENTRIES}?${params}`, { signal });
}

export const useCmsPages = (query: AdminCmsEntriesQuery) =>
  useQuery(
    queryOptions({
      queryKey: cmsPagesKeys.list(query),
      queryFn: ({ signal }) => getCmsPages(query, signal),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );

/** GET /crud/admin/cms/entries/{id}: a page as its editor opens it (draft, published fields, translations, version). */
export const getCmsPageEntry = (id: number, signal?: AbortSignal) => api<AdminCmsEntry>(`${ENTRIES}/${id}`, { signal });

export const useCmsPageEntry = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: cmsPagesKeys.entry(id),
      queryFn: ({ signal }) => getCmsPageEntry(id, signal),
      retry: false,
      // What the editor shows is what it saves against: never refreshed under the admin's hands (a reload is theirs to ask).
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
    }),
  );

/** A change answers the page as it now is: the editor shows it, the lists and the audit log are read again. */
function useEntryChange<V>(change: (vars: V) => Promise<AdminCmsEntry>, { live = false } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (entry) => {
      client.setQueryData(cmsPagesKeys.entry(entry.id), entry);
      // A publish changes what the site shows: this tab's pages and navigation are read again.
      if (live) void client.invalidateQueries({ queryKey: ['cms'] });
      void client.invalidateQueries({ queryKey: cmsPagesKeys.all, predicate: (q) => q.queryKey[2] !== 'one' });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** POST /crud/admin/cms/entries: a new page as a draft, or a page's version in another language (201). */
export const useCreateCmsPage = () =>
  useEntryChange((body: CreateCmsEntryBody) => api<AdminCmsEntry>(ENTRIES, { method: 'POST', body }));

/** PUT /crud/admin/cms/entries/{id}: saves the draft with the version read; 409 cms_entry_changed when someone else saved since. */
export const useSaveCmsPage = (id: number) =>
  useEntryChange((body: { updated_at: string; fields: CmsEntryFieldsInput }) =>
    api<AdminCmsEntry>(`${ENTRIES}/${id}`, { method: 'PUT', body }),
  );

/** POST /crud/admin/cms/entries/{id}/publish: the saved draft becomes the page the site shows. */
export const usePublishCmsPage = (id: number) =>
  useEntryChange((updated_at: string) =>
    api<AdminCmsEntry>(`${ENTRIES}/${id}/publish`, { method: 'POST', body: { updated_at } }),
  );
