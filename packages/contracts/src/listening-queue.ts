import { z } from 'zod';
import { text } from './text-fields';

/**
 * The player's queue, kept per account (GET/PUT /crud/my-library/queue):
 * what plays now, what comes after it, and how it goes on (repeat, stop
 * after). The device keeps the same document (localStorage, per account), so
 * the queue survives a reload and follows the family to another device.
 */

/** At most this many tracks in a queue: a few long albums; a bigger one is refused (400), never half kept. */
export const QUEUE_MAX_TRACKS = 200;

/**
 * The streams a kept queue may name: the server's own addresses of a track
 * (its preview, its full recording, an owner's file), nothing else. Where a
 * stream goes stays the server's decision when it is played.
 */
const STREAM = /^\/crud\/(?:media\/track\/[1-9]\d{0,9}\/(?:preview|full)\.mp3|my-library\/skus\/[1-9]\d{0,9}\/download)$/;
/** A cover: a stored image (mediaPaths.image). */
const IMAGE = /^\/media\/[A-Za-z0-9._\-/]{1,300}$/;
/** A track's words for reading along (transcriptPaths.track): the server's own address, answered under its access rule. */
const TRANSCRIPT = /^\/crud\/transcripts\/track\/[1-9]\d{0,9}$/;

/** Whether a stream's address can be kept in a queue (a free MP3's token link, say, cannot). */
export const isQueueableStream = (url: string) => STREAM.test(url);
/** Whether a transcript's address can be kept with its track in a queue. */
export const isQueueableTranscript = (url: string) => TRANSCRIPT.test(url);

export const QueueItem = z
  .strictObject({
    /** `preview:123` or `full:123`: the player's id of the file (one per recording and kind). */
    id: z
      .string()
      .max(20)
      .regex(/^(?:preview|full):[1-9]\d{0,9}$/),
    title: text().max(300),
    url: z.string().max(100).regex(STREAM),
    /** Tracks of one album share it (`library:12`, `story:noahs-boat`). */
    album_key: text().max(200).optional(),
    /** The album's title and cover, for the lock screen. */
    album: text().max(300).optional(),
    artwork: z.string().max(320).regex(IMAGE).optional(),
    /** Only the preview plays. */
    preview: z.boolean().optional(),
    /** The signed-in listener's place in it is kept (full recordings): the player resumes it. */
    keeps_place: z.boolean().optional(),
    /**
     * Its words for reading along (the track's transcript_url), so a queue brought back still reads along. The same
     * address for a preview: the server cuts the text to what this listener may hear when it is asked.
     */
    transcript_url: z.string().max(40).regex(TRANSCRIPT).optional(),
  })
  .meta({ id: 'QueueItem' });
export type QueueItem = z.infer<typeof QueueItem>;

export const REPEAT_MODES = ['off', 'one', 'all'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];
export const STOP_AFTER = ['track', 'album'] as const;
export type StopAfter = (typeof STOP_AFTER)[number];

export const ListeningQueue = z
  .strictObject({
    tracks: z.array(QueueItem).max(QUEUE_MAX_TRACKS),
    /** The track playing (or paused) in `tracks`; -1 with nothing current. */
    index: z
      .number()
      .int()
      .min(-1)
      .max(QUEUE_MAX_TRACKS - 1),
    /** Where the current track was, in seconds, when the queue was last kept. */
    position_seconds: z.number().min(0).max(86_400),
    repeat: z.enum(REPEAT_MODES),
    /** Stop at the end of the current track or of its album, instead of going on. */
    stop_after: z.enum(STOP_AFTER).nullable(),
    /** When the family last changed it, on the device that did: the newest change wins across devices. */
    changed_at: text()
      .max(40)
      .pipe(z.iso.datetime({ offset: true })),
  })
  .refine((q) => q.index < q.tracks.length, { error: 'validation.invalid', path: ['index'] })
  .meta({ id: 'ListeningQueue' });
export type ListeningQueue = z.infer<typeof ListeningQueue>;

/** GET /crud/my-library/queue: null before the family played anything here or elsewhere. */
export const ListeningQueueResponse = z.object({ queue: ListeningQueue.nullable() }).meta({ id: 'ListeningQueueResponse' });
export type ListeningQueueResponse = z.infer<typeof ListeningQueueResponse>;

export const listeningQueuePath = '/crud/my-library/queue';
