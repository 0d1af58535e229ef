import {
  AGE_BANDS,
  type ChildListening,
  childTimeRefusal,
  familyDay,
  nightOf,
  ONE_MORE_STORY_MINUTES,
  quietHours,
} from '@storyhouse/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { ChildProfile } from '../accounts/child-profile';
import { verifyParentPin } from '../profiles/parent-pin';

/**
 * What a child profile may hear, and when (issue 42, decision 056): THE rule
 * the library, the streams, downloads and ZIPs ask for a request made for a
 * child. The parents (no profile) are never limited here; what the family
 * may hear at all stays entitlements/access.ts.
 *
 * Albums: `listens` 'all' = everything the family may hear, 'age' = albums
 * whose age band is the child's or younger (no band: for everyone), 'picked'
 * = only albums with a 'pick' row; a 'never' row refuses an album in every
 * mode. Time: quiet hours on the family's clock, and a daily limit counted
 * from saved places (countListening); a "one more story" lets one track play
 * past both, once a night.
 */

/** The album half of the rule as SQL on a product id column (`product`): true for the parents. */
export function albumAllowed(profile: ChildProfile | undefined, product: RawBuilder<unknown>): RawBuilder<boolean> {
  if (!profile) return sql<boolean>`true`;
  const never = sql`not exists (select 1 from profile_albums pa
    where pa.profile_id = ${profile.id} and pa.product_id = ${product} and pa.rule = 'never')`;
  if (profile.listens === 'picked') {
    return sql<boolean>`(${never} and exists (select 1 from profile_albums pa
      where pa.profile_id = ${profile.id} and pa.product_id = ${product} and pa.rule = 'pick'))`;
  }
  if (profile.listens === 'age') {
    const bands = sql`array[${sql.join(AGE_BANDS.map((b) => sql`${b}::text`))}]`;
    // An album without a band is for everyone; an album of an older band is not (ageBandAtMost in contracts).
    return sql<boolean>`(${never} and not exists (select 1 from products ab
      where ab.id = ${product} and ab.age_band is not null
        and coalesce(array_position(${bands}, ab.age_band), ${AGE_BANDS.length + 1}) > array_position(${bands}, ${profile.age_band}::text)))`;
  }
  return sql<boolean>`${never}`;
}

/** The albums of `productIds` the profile may hear (all of them for the parents). */
export async function allowedAlbums(db: Db, profile: ChildProfile | undefined, productIds: readonly number[]) {
  if (!profile || productIds.length === 0) return new Set(productIds);
  const { rows } = await sql<{ id: number }>`select p.id from products p
    where p.id in (${sql.join(productIds)}) and ${albumAllowed(profile, sql`p.id`)}`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/** 403 not_for_this_profile unless the child may hear the album (nothing for the parents). */
export async function assertAlbumAllowed(db: Db, profile: ChildProfile | undefined, productId: number) {
  if (!profile) return;
  if (!(await allowedAlbums(db, profile, [productId])).has(productId)) {
    throw new AppError('not_allowed', 'not_for_this_profile');
  }
}

/** The profile's time facts the rule needs that the session does not carry. */
async function timeFacts(db: Db, profile: ChildProfile, nowMs: number) {
  const today = familyDay(nowMs, profile.time_zone);
  const row = await db
    .selectFrom('profiles')
    .select([
      'one_more_sku_id',
      'one_more_until',
      sql<string | null>`to_char(one_more_night, 'YYYY-MM-DD')`.as('one_more_night'),
      (eb) =>
        eb
          .selectFrom('profile_listening_days')
          .select('seconds')
          .whereRef('profile_id', '=', 'profiles.id')
          .where('day', '=', sql<Date>`${today}::date`)
          .as('seconds'),
    ])
    .where('id', '=', profile.id)
    .executeTakeFirstOrThrow();
  return row;
}

const quietOf = (profile: ChildProfile) =>
  profile.quiet_from && profile.quiet_to
    ? { from: profile.quiet_from, to: profile.quiet_to, time_zone: profile.time_zone }
    : null;

/** The night (YYYY-MM-DD) `nowMs` belongs to on the child's clock: the night a "one more story" is counted in. */
const nightFor = (profile: ChildProfile, nowMs: number) => {
  const quiet = quietOf(profile);
  return quiet ? nightOf(quietHours(quiet), nowMs) : familyDay(nowMs, profile.time_zone);
};

/** The child's rules as the device follows them (GET /crud/my-library/child), at `nowMs`. */
export async function childListening(db: Db, profile: ChildProfile, nowMs = Date.now()): Promise<ChildListening> {
  const [facts, albums] = await Promise.all([
    timeFacts(db, profile, nowMs),
    db.selectFrom('profile_albums').select(['product_id', 'rule']).where('profile_id', '=', profile.id).execute(),
  ]);
  let only: number[] | null = null;
  if (profile.listens === 'picked') only = albums.filter((a) => a.rule === 'pick').map((a) => a.product_id);
  else if (profile.listens === 'age') {
    const { rows } = await sql<{ id: number }>`select p.id from products p
      where ${albumAllowed(profile, sql`p.id`)} order by p.id`.execute(db);
    only = rows.map((r) => r.id);
  }
  const until = facts.one_more_until ? new Date(facts.one_more_until) : null;
  return {
    profile_id: profile.id,
    only,
    never: albums.filter((a) => a.rule === 'never').map((a) => a.product_id),
    quiet: quietOf(profile),
    daily_limit_minutes: profile.daily_limit_minutes,
    listened_today_seconds: facts.seconds ?? 0,
    sleep_timer: profile.sleep_timer,
    one_more:
      facts.one_more_sku_id !== null && until && until.getTime() > nowMs
        ? {
            sku_id: facts.one_more_sku_id,
            until: until.toISOString(),
            seconds_left: Math.floor((until.getTime() - nowMs) / 1000),
          }
        : null,
    one_more_used: facts.one_more_night === nightFor(profile, nowMs),
  };
}

/**
 * 403 quiet_time (with the time stories are back) or daily_limit_reached when
 * the child may not play a full track (`skuId`) now; nothing for the parents.
 */
export async function assertMayPlayNow(db: Db, profile: ChildProfile | undefined, skuId: number, nowMs = Date.now()) {
  if (!profile) return;
  const quiet = quietOf(profile);
  if (!quiet && profile.daily_limit_minutes === null) return;
  const facts = await timeFacts(db, profile, nowMs);
  const until = facts.one_more_until ? new Date(facts.one_more_until).toISOString() : null;
  const refusal = childTimeRefusal(
    {
      quiet,
      daily_limit_minutes: profile.daily_limit_minutes,
      listened_today_seconds: facts.seconds ?? 0,
      one_more: facts.one_more_sku_id !== null && until ? { sku_id: facts.one_more_sku_id, until } : null,
    },
    skuId,
    nowMs,
  );
  if (refusal === 'quiet_time') throw new AppError('not_allowed', 'quiet_time', { until: quiet?.to ?? '' });
  if (refusal) throw new AppError('not_allowed', refusal);
}

/**
 * "One more story" (POST /crud/my-library/one-more-story): with the parents'
 * PIN, the child may play track `skuId` past quiet hours or the daily limit,
 * until it ends or ONE_MORE_STORY_MINUTES pass; once a night (409
 * one_more_story_used for a second ask). The PIN's own answers
 * (parent-pin.ts) come first, so a wrong PIN never uses the night's story.
 */
export async function grantOneMoreStory(db: Db, profile: ChildProfile, pin: string, skuId: number, nowMs = Date.now()) {
  await verifyParentPin(db, profile.user_id, pin);
  const night = nightFor(profile, nowMs);
  const granted = await db
    .updateTable('profiles')
    .set({
      one_more_night: sql<Date>`${night}::date`,
      one_more_sku_id: skuId,
      one_more_until: new Date(nowMs + ONE_MORE_STORY_MINUTES * 60_000),
    })
    .where('id', '=', profile.id)
    .where((eb) => eb.or([eb('one_more_night', 'is', null), eb('one_more_night', '<>', sql<Date>`${night}::date`)]))
    .executeTakeFirst();
  if (Number(granted.numUpdatedRows) === 0) throw new AppError('conflict', 'one_more_story_used');
}

/** The "one more story" track was heard to its end: the grant ends with it. */
export async function endOneMoreStory(db: Db, profile: ChildProfile, skuId: number) {
  await db
    .updateTable('profiles')
    .set({ one_more_until: new Date() })
    .where('id', '=', profile.id)
    .where('one_more_sku_id', '=', skuId)
    .where('one_more_until', '>', new Date())
    .execute();
}

/** A saved place counts at most this much when the track had no saved place before (the player saves every 15 s). */
export const FIRST_SAVE_CAP_SECONDS = 60;

/**
 * The seconds a progress save adds to the child's listening: the forward
 * distance from the last saved place of that track, capped by the wall time
 * since that save (a first save of a track: by FIRST_SAVE_CAP_SECONDS).
 * Going back, or a place heard before the saved one, adds nothing.
 */
export function heardSince(before: { position: number; at: number } | null, position: number, atMs: number): number {
  const from = before?.position ?? 0;
  const cap = before ? (atMs - before.at) / 1000 : FIRST_SAVE_CAP_SECONDS;
  return Math.max(0, Math.floor(Math.min(position - from, cap)));
}

/** Adds `seconds` to the child's listening of the family-clock day of `atMs` (profile_listening_days). */
export async function addListening(db: Db, profile: ChildProfile, seconds: number, atMs: number) {
  if (seconds <= 0) return;
  const day = familyDay(atMs, profile.time_zone);
  await db
    .insertInto('profile_listening_days')
    .values({ profile_id: profile.id, day: sql<Date>`${day}::date`, seconds })
    .onConflict((oc) =>
      oc.columns(['profile_id', 'day']).doUpdateSet({ seconds: sql`profile_listening_days.seconds + excluded.seconds` }),
    )
    .execute();
}
