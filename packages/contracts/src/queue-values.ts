/**
 * The player's queue's plain values (listening-queue.ts has its schemas): the
 * player keeps, sends and checks a queue with these, without zod.
 */

/** At most this many tracks in a queue: a few long albums; a bigger one is refused (400), never half kept. */
export const QUEUE_MAX_TRACKS = 200;

/**
 * The streams a kept queue may name: the server's own addresses of a track
 * (its preview, its full recording, an owner's file), nothing else. Where a
 * stream goes stays the server's decision when it is played.
 */
export const STREAM = /^\/crud\/(?:media\/track\/[1-9]\d{0,9}\/(?:preview|full)\.mp3|my-library\/skus\/[1-9]\d{0,9}\/download)$/;
/** A cover: a stored image (mediaPaths.image). */
export const IMAGE = /^\/media\/[A-Za-z0-9._\-/]{1,300}$/;
/** A track's words for reading along (transcriptPaths.track): the server's own address, answered under its access rule. */
export const TRANSCRIPT = /^\/crud\/transcripts\/track\/[1-9]\d{0,9}$/;

/** Whether a stream's address can be kept in a queue (a free MP3's token link, say, cannot). */
export const isQueueableStream = (url: string) => STREAM.test(url);
/** Whether a transcript's address can be kept with its track in a queue. */
export const isQueueableTranscript = (url: string) => TRANSCRIPT.test(url);

export const REPEAT_MODES = ['off', 'one', 'all'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];
export const STOP_AFTER = ['track', 'album'] as const;
export type StopAfter = (typeof STOP_AFTER)[number];

/** GET and PUT: the family's kept queue (ListeningQueueResponse, ListeningQueue). */
export const listeningQueuePath = '/crud/my-library/queue';
