import { type FreeStory, formatClock, type Track } from '@storyhouse/contracts';
import type { QueueTrack } from '../player/player';

/** A track's length in whole seconds as m:ss (spec §3 Free story duration). */
export const formatDuration = (seconds: number) => formatClock(Math.round(seconds));

/** What the player is told about where a track comes from (Media Session) and who listens. */
export interface QueueContext {
  /** The album's title, for the lock screen. */
  album?: string;
  /** The album's cover (a mediaPaths.image URL), for the lock screen. */
  artwork?: string | null;
  /** A signed-in listener's place in a full recording is kept on the server (issue 14 item 5). */
  signedIn?: boolean;
}

type QueueableTrack = Pick<Track, 'sku_id' | 'title' | 'preview_url' | 'download_url' | 'plays_in_full'> & {
  /** Its words for reading along (catalogue and library tracks); the free story has none here. */
  transcript_url?: string | null;
  /** Where the listener stopped (library tracks); a catalogue track starts at 0. */
  position_seconds?: number;
  /** When that place was heard (library tracks). */
  position_heard_at?: string | null;
};

/** A full recording's id in the queue (a preview's differs, so the two never pass for each other). */
export const fullTrackId = (skuId: number) => `full:${skuId}`;

/**
 * What the player queues for a track: its full recording when the server
 * says this listener may hear it (`plays_in_full`, spec §6: free, free
 * streaming, owned, or a plan), else its preview. The server decides again
 * when it streams; the web never works the rule out itself.
 */
export function queueTrack(track: QueueableTrack, albumKey: string, context: QueueContext = {}): QueueTrack {
  const about = {
    title: track.title,
    albumKey,
    ...(context.album ? { album: context.album } : {}),
    ...(context.artwork ? { artwork: context.artwork } : {}),
    // The server answers a preview's text to who may hear only the preview (issue 43): the same address for both.
    ...(track.transcript_url ? { transcriptUrl: track.transcript_url } : {}),
  };
  if (!track.plays_in_full) return { id: `preview:${track.sku_id}`, url: track.preview_url, ...about, preview: true };
  return {
    id: fullTrackId(track.sku_id),
    url: track.download_url,
    ...about,
    // Only a full recording has a place worth keeping, and only a signed-in listener a place to keep it.
    ...(context.signedIn ? { resume: resumeOf(track) } : {}),
  };
}

const resumeOf = (track: QueueableTrack) => ({
  skuId: track.sku_id,
  positionSeconds: track.position_seconds ?? 0,
  heardAt: track.position_heard_at,
});

/** The free story of the week: free for everyone, so always its full recording (spec §2 Home, My Library). */
export function queueFreeStory(story: FreeStory, signedIn = false): QueueTrack {
  const track = {
    sku_id: story.id,
    title: story.title,
    preview_url: story.full_download_url,
    download_url: story.full_download_url,
    plays_in_full: true,
  };
  return queueTrack(track, `free-story:${story.product_id}`, {
    album: story.product_title,
    artwork: story.primary_image,
    signedIn,
  });
}
