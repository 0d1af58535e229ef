import type { ChildListening } from './child-listening';
import { type ClockHours, withinHours } from './family-clock';

/**
 * The child's rules as plain functions (issue 42, decision 056), apart from the schemas (child-listening.ts) so
 * that the web's shell, which follows them on every play, does not download zod: '@storyhouse/contracts/child-rules'.
 */

/** "One more story": the one track plays until it ends or this many minutes after the PIN, whichever comes first. */
export const ONE_MORE_STORY_MINUTES = 45;

export const childListeningPath = '/crud/my-library/child';
export const oneMoreStoryPath = '/crud/my-library/one-more-story';

/** Whether the child may hear an album (the rule's album half; the server's is the same, in child-rules). */
export function childMayHearAlbum(rules: Pick<ChildListening, 'only' | 'never'>, productId: number) {
  return !rules.never.includes(productId) && (rules.only === null || rules.only.includes(productId));
}

/** The rules with the one more story's end on this device's clock (`receivedAtMs`: when the answer came). */
export function onDeviceClock(rules: ChildListening, receivedAtMs: number): ChildListening {
  if (!rules.one_more) return rules;
  const until = new Date(receivedAtMs + rules.one_more.seconds_left * 1000).toISOString();
  return { ...rules, one_more: { ...rules.one_more, until } };
}

/** Why a child's play is refused now, if it is: quiet hours, or the daily limit reached. */
export type TimeRefusal = 'quiet_time' | 'daily_limit_reached';

/**
 * The time rules at `nowMs` for a full track (`skuId`): quiet hours, then the daily limit; a "one more story" for
 * that track lets it play while it lasts.
 */
export function childTimeRefusal(
  rules: Pick<ChildListening, 'quiet' | 'daily_limit_minutes' | 'listened_today_seconds'> & {
    one_more: { sku_id: number; until: string } | null;
  },
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
