import { z } from 'zod';
import { IMAGE, QUEUE_MAX_TRACKS, REPEAT_MODES, STOP_AFTER, STREAM, TRANSCRIPT } from './queue-values';
import { text } from './text-fields';

/**
 * The player's queue, kept per account (GET/PUT /crud/my-library/queue):
 * what plays now, what comes after it, and how it goes on (repeat, stop
 * after). The device keeps the same document (localStorage, per account), so
 * the queue survives a reload and follows the family to another device. Its
 * plain values (limits, addresses, modes) are in queue-values.ts: the player
 * keeps a queue without loading these schemas.
 */

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
