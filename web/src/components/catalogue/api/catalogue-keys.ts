import type { AgeBand, LangCode, ProductSort } from '@storyhouse/contracts';

/** The shop list's state, as its query params carry it (spec §2 Store product list). */
export interface ProductListParams {
  page: number;
  search: string;
  /** A language, or every language. */
  lang: LangCode | 'all';
  /** The shop's age band filter (age_band); none: every product. My Library has none. */
  ageBand?: AgeBand | null;
  /** The shop's order (sort); none: its own (newest first, or the best match while searching). */
  sort?: ProductSort | null;
}

/**
 * Query keys of the catalogue. Every key starts with ['catalogue'] so that a
 * cart change refreshes the in-cart flags of whatever list or story is shown.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  products: (params: ProductListParams) => ['catalogue', 'products', params] as const,
  product: (slug: string) => ['catalogue', 'product', slug] as const,
  freeStreaming: (lang: LangCode) => ['catalogue', 'free-streaming', lang] as const,
  freeStreamingAlbum: (id: number) => ['catalogue', 'free-streaming-album', id] as const,
  recommendedAlbums: (lang: LangCode) => ['catalogue', 'recommended-albums', lang] as const,
  topStories: (lang: LangCode) => ['catalogue', 'top-stories', lang] as const,
  freeStory: (lang: LangCode) => ['catalogue', 'free-story', lang] as const,
};
