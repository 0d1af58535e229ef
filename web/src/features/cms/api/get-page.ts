import type { ContentByUrlResponse, LangCode } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';
import { withFirstError } from '../../../lib/first-error';
import { cmsPagePath } from './cms-page-path';

/** GET /crud/content/entry/by/url (spec §7): the CMS page at a path of the site. */
export const getCmsPage = (path: string, signal?: AbortSignal) => api<ContentByUrlResponse>(cmsPagePath(path), { signal });

export const cmsPageQuery = (lang: LangCode, path: string) =>
  queryOptions({
    queryKey: ['cms', 'page', lang, path] as const,
    queryFn: ({ signal }) => getCmsPage(path, signal),
    // A page that is not there stays not there: the app's default retries no 4xx (app/app.tsx).
    staleTime: 60_000,
    ...firstData<ContentByUrlResponse>(cmsPagePath(path)),
  });

export const useCmsPage = (lang: LangCode, path: string) => withFirstError(useQuery(cmsPageQuery(lang, path)), cmsPagePath(path));
