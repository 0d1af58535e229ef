/**
 * What a signed-in family keeps in this browser (issue 32 item 3), named in
 * one home: the keep feature and the player write it, the service worker
 * reads it, signing out (features/accounts/api/logout.ts) empties the cache.
 */

/** The Cache Storage cache of kept albums: their tracks and covers under the URLs the player asks for, and the record of what is kept (the service worker answers from it, sw/kept-media.ts). */
export const KEPT_CACHE = 'storyhouse-kept';
