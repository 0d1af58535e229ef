import { formatClock, type Track } from '@storyhouse/contracts';
import type { QueueTrack } from '../player/player';

/** A track's length in whole seconds as m:ss (spec §3 Free story duration). */
export const formatDuration = (seconds: number) => formatClock(Math.round(seconds));

/**
 * Whether a visitor may hear the whole recording: free tracks and the tracks
 * of free-streaming albums (issue 3 item 3; the server decides again when it
 * streams). Everything else plays its preview.
 */
export const playsInFull = (track: Pick<Track, 'is_free' | 'is_free_streaming'>) => track.is_free || track.is_free_streaming;

/** What the player queues for a track: its full recording when free, else its preview. */
export function queueTrack(
  track: Pick<Track, 'sku_id' | 'title' | 'preview_url' | 'download_url' | 'is_free' | 'is_free_streaming'>,
  albumKey: string,
): QueueTrack {
  return playsInFull(track)
    ? { id: `full:${track.sku_id}`, title: track.title, url: track.download_url, albumKey }
    : { id: `preview:${track.sku_id}`, title: track.title, url: track.preview_url, albumKey, preview: true };
}
