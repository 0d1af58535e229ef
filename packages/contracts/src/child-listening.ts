import { z } from 'zod';
import { type ClockHours, withinHours } from './family-clock';
import { text } from './text-fields';

/**
 * What a child profile hears (issue 42, decision 056): the rules the server enforces on every library, stream,
 * download and ZIP call made for the child, as the device keeps them to follow offline.
 */

/** "One more story": the one track plays until it ends or this many minutes after the PIN, whichever comes first. */
export const ONE_MORE_STORY_MINUTES = 45;

export const childListeningPath = '/crud/my-library/child';
export const oneMoreStoryPath = '/crud/my-library/one-more-story';

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
    /** The "one more story" granted tonight, while it lasts. */
    one_more: z.object({ sku_id: z.number().int(), until: z.string() }).nullable(),
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
    sku_id: z.number().int().positive(),
  })
  .meta({ id: 'OneMoreStoryBody' });
export type OneMoreStoryBody = z.infer<typeof OneMoreStoryBody>;

/** Whether the child may hear an album (the rule's album half; the server's is the same, in child-rules). */
export function childMayHearAlbum(rules: Pick<ChildListening, 'only' | 'never'>, productId: number) {
  return !rules.never.includes(productId) && (rules.only === null || rules.only.includes(productId));
}

/** Why a child's play is refused now, if it is: quiet hours, or the daily limit reached. */
export type TimeRefusal = 'quiet_time' | 'daily_limit_reached';

/**
 * The time rules at `nowMs` for a full track (`skuId`): quiet hours, then the daily limit; a "one more story" for
 * that track lets it play while it lasts.
 */
export function childTimeRefusal(
  rules: Pick<ChildListening, 'quiet' | 'daily_limit_minutes' | 'listened_today_seconds' | 'one_more'>,
  skuId: number,
  nowMs: number,
): TimeRefusal | null {
  if (rules.one_more && rules.one_more.sku_id === skuId && Date.parse(rules.one_more.until) > nowMs) return null;
  if (rules.quiet && withinHours(quietHours(rules.quiet), nowMs)) return 'quiet_time';
  if (rules.daily_limit_minutes !== null && rules.listened_today_seconds >= rules.daily_limit_minutes * 60) {
    return 'daily_limit_reached';
  }
  return null;
}

export const quietHours = (quiet: NonNullable<ChildListening['quiet']>): ClockHours => ({
  from: quiet.from,
  to: quiet.to,
  timeZone: quiet.time_zone,
});
