import type { FreeStory, LangCode } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';
import { catalogueKeys } from './catalogue-keys';

/**
 * GET /crud/free-story/{lang}?swr=1: the free story of the week (404
 * item_not_found when there is none); the home page and My Library show it.
 */
export const useFreeStory = (lang: LangCode) => {
  const path = `/crud/free-story/${lang}?swr=1`;
  return useQuery({
    queryKey: catalogueKeys.freeStory(lang),
    queryFn: ({ signal }) => api<FreeStory>(path, { signal }),
    // Chosen by the ministry once a week, like the rest of what the home page promotes.
    staleTime: 5 * 60_000,
    ...firstData<FreeStory>(path),
  });
};
