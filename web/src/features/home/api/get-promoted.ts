import type { LangCode, ProductsResponse, TopStoriesResponse } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../../../components/catalogue/api/catalogue-keys';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

/** What the ministry promotes on the home page, per language (spec §7 promoted skus; the free story: catalogue/api/get-free-story.ts). */
const promotedStaleTime = 5 * 60_000;

/** GET /crud/promoted-sku/recommended-albums/{lang} */
export const useRecommendedAlbums = (lang: LangCode) => {
  const path = `/crud/promoted-sku/recommended-albums/${lang}`;
  return useQuery({
    queryKey: catalogueKeys.recommendedAlbums(lang),
    queryFn: ({ signal }) => api<ProductsResponse>(path, { signal }),
    staleTime: promotedStaleTime,
    ...firstData<ProductsResponse>(path),
  });
};

/** GET /crud/promoted-sku/top-stories/{lang} */
export const useTopStories = (lang: LangCode) => {
  const path = `/crud/promoted-sku/top-stories/${lang}`;
  return useQuery({
    queryKey: catalogueKeys.topStories(lang),
    queryFn: ({ signal }) => api<TopStoriesResponse>(path, { signal }),
    staleTime: promotedStaleTime,
    ...firstData<TopStoriesResponse>(path),
  });
};
