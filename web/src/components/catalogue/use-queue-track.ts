import type { Product } from '@storyhouse/contracts';
import { useCallback } from 'react';
import { useSession } from '../session/api/get-session';
import { type QueueContext, queueTrack } from './track-format';

/**
 * queueTrack for the listener of this page: a signed-in listener's full
 * recordings carry their place, so the player resumes them and keeps it.
 */
export function useQueueTrack() {
  const signedIn = useSession().data?.logged_in === true;
  return useCallback(
    (track: Parameters<typeof queueTrack>[0], albumKey: string, context: Omit<QueueContext, 'signedIn'> = {}) =>
      queueTrack(track, albumKey, { ...context, signedIn }),
    [signedIn],
  );
}

/**
 * A story's tracks as the player queues them for this listener, under the story page's album key (so its buttons
 * know them as the album's wherever they were played from: the story page, a search result).
 */
export function storyQueue(
  product: Pick<Product, 'slug' | 'title' | 'primary_image' | 'tracks'>,
  queueTrack: ReturnType<typeof useQueueTrack>,
) {
  const albumKey = `story:${product.slug}`;
  const context = { album: product.title, artwork: product.primary_image };
  return { albumKey, context, queue: product.tracks.map((track) => queueTrack(track, albumKey, context)) };
}
