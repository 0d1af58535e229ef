import type { AdminNavigationBody, AdminNavigationResponse, LangCode } from '@storyhouse/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const path = (lang: LangCode) => `/crud/admin/navigation/${lang}`;

/** GET /crud/admin/navigation/{lang} (issue 30 item 3): a language's menu as stored, with its version. */
export const adminNavigationQuery = (lang: LangCode) =>
  queryOptions({
    queryKey: ['admin', 'navigation', lang],
    queryFn: ({ signal }) => api<AdminNavigationResponse>(path(lang), { signal }),
    retry: false,
    // The page edits a copy; reading the menu again under it would only hide that another admin saved.
    refetchOnWindowFocus: false,
  });

export const useAdminNavigation = (lang: LangCode) => useQuery(adminNavigationQuery(lang));

/**
 * PUT /crud/admin/navigation/{lang}: the whole menu replaces the stored one
 * (409 navigation_changed when another admin saved since `version`). The
 * site's own menu and the audit log are read again, so this admin sees the
 * header change at once.
 */
export function useSaveNavigation(lang: LangCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminNavigationBody) => api<AdminNavigationResponse>(path(lang), { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(adminNavigationQuery(lang).queryKey, saved);
      // The shell's menu (features/cms siteNavigationQuery, which a feature may not import).
      void client.invalidateQueries({ queryKey: ['cms', 'site-navigation'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
