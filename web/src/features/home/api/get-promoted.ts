import type { FreeStory, LangCode, ProductsResponse, TopStoriesResponse } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../../../components/catalogue/api/catalogue-keys';
import { api } from '../../../lib/api-client';

/** What the ministry promotes on the home page, per language (spec §7 promoted skus and free story). */
const promotedStaleTime = 5 * 60_000;

/** GET /crud/promoted-sku/recommended-albums/{lang} */
export const useRecommendedAlbums = (lang: LangCode) =>
  useQuery({
    queryKey: catalogueKeys.recommendedAlbums(lang),
    queryFn: ({ signal }) => api<ProductsResponse>(`/crud/promoted-sku/recommended-albums/${lang}`, { signal }),
    staleTime: promotedStaleTime,
  });

/** GET /crud/promoted-sku/top-stories/{lang} */
export const useTopStories = (lang: LangCode) =>
  useQuery({
    queryKey: catalogueKeys.topStories(lang),
    queryFn: ({ signal }) => api<TopStoriesResponse>(`/crud/promoted-sku/top-stories/${lang}`, { signal }),
    staleTime: promotedStaleTime,
  });

/** GET /crud/free-story/{lang}?swr=1: the free story of the week (404 item_not_found when there is none). */
export const useFreeStory = (lang: LangCode) =>
  useQuery({
    queryKey: catalogueKeys.freeStory(lang),
    queryFn: ({ signal }) => api<FreeStory>(`/crud/free-story/${lang}?swr=1`, { signal }),
    staleTime: promotedStaleTime,
  });
