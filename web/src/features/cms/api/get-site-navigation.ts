import type { LangCode, NavigationItem, SiteNavigationResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

const path = '/crud/content/entry/list/site-navigation';
export const getSiteNavigation = () => api<SiteNavigationResponse>(path);

export const siteNavigationQuery = () =>
  queryOptions({
    queryKey: ['cms', 'site-navigation'],
    queryFn: getSiteNavigation,
    staleTime: 5 * 60_000,
    ...firstData<SiteNavigationResponse>(path),
  });

/** Spec §2 Shell: items whose language differs from the site's are hidden. */
export function itemsForLang(items: NavigationItem[], lang: LangCode): NavigationItem[] {
  return items.filter((i) => i.lang_code === lang).map((i) => ({ ...i, children: itemsForLang(i.children, lang) }));
}

export function useSiteNavigation(lang: LangCode) {
  return useQuery({ ...siteNavigationQuery(), select: (d) => itemsForLang(d.items, lang) });
}
