import { isQueueableStream, isQueueableTranscript, type ListeningQueue, type QueueItem } from '@storyhouse/contracts';
import type { QueueTrack } from './player-state';
import type { QueueState, RepeatMode, StopAfter } from './queue';

/**
 * The queue as it is kept, on the device and the server (contracts'
 * ListeningQueue), and back. Apart from queue.ts so the shell's first
 * download (player.tsx uses queue.ts) does not carry the contracts' schemas.
 */

/** Only what the server can keep: a free MP3's token link, say, plays but is not kept. */
export const keepable = (track: QueueTrack) => isQueueableStream(track.url);

/** A track as the queue is kept. */
export function toItem(track: QueueTrack): QueueItem {
  return {
    id: track.id,
    title: track.title.slice(0, 300),
    url: track.url,
    ...(track.albumKey ? { album_key: track.albumKey.slice(0, 200) } : {}),
    ...(track.album ? { album: track.album.slice(0, 300) } : {}),
    ...(track.artwork && /^\/media\//.test(track.artwork) ? { artwork: track.artwork } : {}),
    ...(track.preview ? { preview: true } : {}),
    ...(track.resume ? { keeps_place: true } : {}),
    ...(track.transcriptUrl && isQueueableTranscript(track.transcriptUrl) ? { transcript_url: track.transcriptUrl } : {}),
  };
}

/** A kept track as the player plays it; its place, where kept, is `positionSeconds` (the current one's) or the server's. */
export function fromItem(item: QueueItem, positionSeconds = 0): QueueTrack {
  const skuId = Number(item.id.split(':')[1]);
  return {
    id: item.id,
    title: item.title,
    url: item.url,
    ...(item.album_key ? { albumKey: item.album_key } : {}),
    ...(item.album ? { album: item.album } : {}),
    ...(item.artwork ? { artwork: item.artwork } : {}),
    ...(item.preview ? { preview: true } : {}),
    ...(item.keeps_place ? { resume: { skuId, positionSeconds } } : {}),
    ...(item.transcript_url ? { transcriptUrl: item.transcript_url } : {}),
  };
}

/** The player's queue as it is kept: the tracks that can be, the current one's place among them. */
export function toKept(
  state: QueueState,
  extra: { positionSeconds: number; repeat: RepeatMode; stopAfter: StopAfter | null; changedAt: Date },
): ListeningQueue {
  const current = state.tracks[state.index];
  const tracks = state.tracks.filter(keepable);
  const index = current && keepable(current) ? tracks.indexOf(current) : -1;
  return {
    tracks: tracks.map(toItem),
    index,
    position_seconds: index >= 0 ? Math.min(86_400, Math.max(0, Math.floor(extra.positionSeconds))) : 0,
    repeat: extra.repeat,
    stop_after: extra.stopAfter,
    changed_at: extra.changedAt.toISOString(),
  };
}

/** A kept queue as the player takes it back. */
export function fromKept(kept: ListeningQueue): QueueState & { positionSeconds: number } {
  return {
    tracks: kept.tracks.map((item, i) => fromItem(item, i === kept.index ? kept.position_seconds : 0)),
    index: kept.index,
    positionSeconds: kept.position_seconds,
  };
}

/** Which of two kept queues is newer (the device's and the server's): the newest change wins. */
export function newer(a: ListeningQueue | null, b: ListeningQueue | null): ListeningQueue | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b.changed_at) > Date.parse(a.changed_at) ? b : a;
}
