import { z } from 'zod';
import { Id } from './numbers';
import { text } from './text-fields';

/**
 * What a child profile hears (issue 42, decision 056): the rules the server enforces on every library, stream,
 * download and ZIP call made for the child, as the device keeps them to follow offline.
 */

export const ChildListening = z
  .object({
    profile_id: z.number().int(),
    /** The albums the child may hear, when the parents chose 'age' or 'picked'; null: every album the family may hear. */
    only: z.array(z.number().int()).nullable(),
    /** Albums the parents refused ('never'), in every mode. */
    never: z.array(z.number().int()),
    /** Quiet hours on the family's clock; null: none. */
    quiet: z.object({ from: z.string(), to: z.string(), time_zone: z.string() }).nullable(),
    daily_limit_minutes: z.number().int().nullable(),
    /** Seconds heard today (the family's day), counted by the server from saved places. */
    listened_today_seconds: z.number().int().min(0),
    /** The sleep timer armed by itself when the child starts playing (a SleepChoice); null: none. */
    sleep_timer: z.string().nullable(),
    /**
     * The "one more story" granted tonight, while it lasts: until when on the server's clock, and how many seconds
     * are left (a device whose clock differs counts from when it got the answer: onDeviceClock).
     */
    one_more: z.object({ sku_id: z.number().int(), until: z.string(), seconds_left: z.number().int().min(0) }).nullable(),
    /** Tonight's "one more story" was already given. */
    one_more_used: z.boolean(),
  })
  .meta({ id: 'ChildListening' });
export type ChildListening = z.infer<typeof ChildListening>;

/** GET /crud/my-library/child: the active child's rules; null while the parents listen. */
export const ChildListeningResponse = z.object({ child: ChildListening.nullable() }).meta({ id: 'ChildListeningResponse' });
export type ChildListeningResponse = z.infer<typeof ChildListeningResponse>;

/** POST /crud/my-library/one-more-story: a parent's PIN, on the child's device, and the track the child asked for. */
export const OneMoreStoryBody = z
  .strictObject({
    pin: text().max(8),
    sku_id: Id,
  })
  .meta({ id: 'OneMoreStoryBody' });
export type OneMoreStoryBody = z.infer<typeof OneMoreStoryBody>;
