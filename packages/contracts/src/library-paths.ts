/**
 * The library's plain values, apart from its schemas (library.ts): the storefront's pages link to the library and
 * the player keeps places without loading zod for it (issue 46).
 */

/** The free story of the week's library page (spec §2: /library/album/free-story). */
export const FREE_STORY_ALBUM = 'free-story';

/**
 * A place this close to a track's end counts as heard to the end (the closing
 * music, or a player reporting just before `ended`): the server keeps it as 0,
 * so the story leaves Continue listening and starts over next time; the
 * player starts such a place from 0.
 */
export const FINISHED_WITHIN_SECONDS = 10;

/** The library album address's parameter that starts its player on arrival (libraryPaths.listen). */
export const LISTEN_PARAM = 'play';

/** The library's addresses, one home for both sides. */
export const libraryPaths = {
  progress: (skuId: number) => `/crud/my-library/progress/${skuId}`,
  album: (id: number | typeof FREE_STORY_ALBUM) => `/library/album/${id}`,
  /**
   * "Listen now" after paying (decision 071): the library album, its player started at the first track or at the
   * one track bought (`?play=first`, `?play={skuId}`).
   */
  listen: (id: number, trackId: number | null = null) => `/library/album/${id}?${LISTEN_PARAM}=${trackId ?? 'first'}`,
  trackFile: (skuId: number) => `/crud/my-library/skus/${skuId}/download`,
  albumZip: (productId: number) => `/crud/my-library/product/${productId}/download`,
} as const;
