import { z } from 'zod';
import { AgeBand } from './age-band-schema';
import { isTimeZone, TimeOfDay } from './bedtime';
import { Id, IdParam } from './numbers';
import { AVATARS } from './profile-values';
import { isSleepChoice } from './sleep-choices';
import { requiredText, text } from './text-fields';

/** Issue 42 (decision 051): a family's child profiles. */
export const MAX_CHILD_PROFILES = 6;

export const Avatar = z.enum(AVATARS);
export type Avatar = z.infer<typeof Avatar>;

/** What a child profile may hear: everything the family may, albums for its age band and younger, or hand-picked ones. */
export const LISTENS = ['all', 'age', 'picked'] as const;
export const Listens = z.enum(LISTENS);
export type Listens = z.infer<typeof Listens>;

/** A profile as a device shows it to choose whom it listens as ("Who's listening?"). */
export const ProfileChoice = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: Avatar,
  age_band: AgeBand,
});
export type ProfileChoice = z.infer<typeof ProfileChoice>;

/** A child's nickname as the parents type it: trimmed, 1 to 40 characters (no full name is asked). */
export const NICKNAME_MAX = 40;
/** A daily limit in minutes: from five minutes to twelve hours. */
export const DAILY_LIMIT_MIN = 5;
export const DAILY_LIMIT_MAX = 720;
/** At most this many albums hand-picked or refused for one child (the catalogue is far smaller). */
export const PROFILE_ALBUMS_MAX = 500;

const AlbumIds = z.array(Id).max(PROFILE_ALBUMS_MAX);

/** What the parents set for a child: who (nickname, avatar, age band) and the rules. */
const childProfileFields = {
  nickname: requiredText(NICKNAME_MAX),
  avatar: Avatar,
  age_band: AgeBand,
  /** What the child may hear: everything the family may, their age band and younger, or the `picked` albums only. */
  listens: Listens,
  /** Albums the child may hear when `listens` is 'picked' (kept whatever `listens` is, so switching back keeps them). */
  picked: AlbumIds,
  /** Albums the child never hears, whatever the rest says. */
  never: AlbumIds,
  /** Quiet hours on the family's clock ('HH:MM'): both or neither; `to` earlier than `from` spans midnight. */
  quiet_from: TimeOfDay.nullable(),
  quiet_to: TimeOfDay.nullable(),
  /** The IANA time zone of the quiet hours and of "a day" for the daily limit. */
  time_zone: text().refine(isTimeZone, { error: 'validation.bedtimeTimeZone' }),
  /** Minutes the child may listen a day, or null for no limit. */
  daily_limit_minutes: z.number().int().min(DAILY_LIMIT_MIN).max(DAILY_LIMIT_MAX).nullable(),
  /** The sleep timer the player arms for this child, or null for none. */
  sleep_timer: text().refine(isSleepChoice, { error: 'validation.invalid' }).nullable(),
};

type ProfileRules = { quiet_from?: string | null; quiet_to?: string | null; picked?: number[]; never?: number[] };

/** The rules a whole or partial profile must keep together: quiet hours both or neither, an album never both picked and refused. */
function checkRules(value: ProfileRules, ctx: z.core.$RefinementCtx<ProfileRules>) {
  if ('quiet_from' in value || 'quiet_to' in value) {
    if (((value.quiet_from ?? null) === null) !== ((value.quiet_to ?? null) === null))
      ctx.addIssue({
        code: 'custom',
        message: 'validation.quietHoursBoth',
        path: [value.quiet_from ? 'quiet_to' : 'quiet_from'],
      });
    else if (value.quiet_from && value.quiet_from === value.quiet_to)
      ctx.addIssue({ code: 'custom', message: 'validation.bedtimeSameHours', path: ['quiet_to'] });
  }
  const never = new Set(value.never ?? []);
  if ((value.picked ?? []).some((id) => never.has(id)))
    ctx.addIssue({ code: 'custom', message: 'validation.pickedAndNever', path: ['never'] });
}

/**
 * POST /crud/profiles: a new child profile. The rules may be left out: everything the family may hear, no quiet
 * hours, no limit, no sleep timer, the UTC clock (the form sends the device's zone).
 */
export const ChildProfileCreate = z
  .strictObject({
    ...childProfileFields,
    listens: Listens.default('all'),
    picked: AlbumIds.default([]),
    never: AlbumIds.default([]),
    quiet_from: childProfileFields.quiet_from.default(null),
    quiet_to: childProfileFields.quiet_to.default(null),
    time_zone: childProfileFields.time_zone.default('UTC'),
    daily_limit_minutes: childProfileFields.daily_limit_minutes.default(null),
    sleep_timer: childProfileFields.sleep_timer.default(null),
  })
  .superRefine(checkRules);
export type ChildProfileCreate = z.infer<typeof ChildProfileCreate>;

/**
 * PATCH /crud/profiles/{id}: the fields to change (the others stay). Quiet hours change together (both, or both
 * null); `picked` and `never` each replace the whole list.
 */
export const ChildProfileUpdate = z
  .strictObject(childProfileFields)
  .partial()
  .superRefine((value, ctx) => {
    if ('quiet_from' in value !== 'quiet_to' in value)
      ctx.addIssue({
        code: 'custom',
        message: 'validation.quietHoursBoth',
        path: ['quiet_from' in value ? 'quiet_to' : 'quiet_from'],
      });
    checkRules(value, ctx);
  });
export type ChildProfileUpdate = z.infer<typeof ChildProfileUpdate>;

export const ChildProfileParams = z.strictObject({ id: IdParam });

/** An album as the parents' Family page names it (recently heard, the checklist). */
export const FamilyAlbum = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The cover's address (the media images' route), or null. */
  image: z.string().nullable(),
});
export type FamilyAlbum = z.infer<typeof FamilyAlbum>;

/** A child profile as its parents see it: who, the rules, and what the child listened to lately. */
export const ChildProfileView = z
  .object({
    id: z.number().int(),
    nickname: z.string(),
    avatar: Avatar,
    age_band: AgeBand,
    listens: Listens,
    picked: z.array(z.number().int()),
    never: z.array(z.number().int()),
    quiet_from: z.string().nullable(),
    quiet_to: z.string().nullable(),
    time_zone: z.string(),
    daily_limit_minutes: z.number().int().nullable(),
    sleep_timer: z.string().nullable(),
    /** The last seven days on the child's clock, oldest first (today last), with the minutes listened each. */
    week: z.array(z.object({ day: z.string(), minutes: z.number().int() })),
    /** The albums the child heard last, most recent first (at most five). */
    recent: z.array(FamilyAlbum.extend({ heard_at: z.string() })),
  })
  .meta({ id: 'ChildProfile' });
export type ChildProfileView = z.infer<typeof ChildProfileView>;

/** GET /crud/profiles: the family's children, whether a PIN guards the grown-ups lock, and the albums to pick from. */
export const ChildProfilesResponse = z.object({
  items: z.array(ChildProfileView),
  max: z.number().int(),
  has_pin: z.boolean(),
  /** The albums the family may hear (owned, in its plan, or free to stream), by title: what a child's rules choose from. */
  albums: z.array(FamilyAlbum),
});
export type ChildProfilesResponse = z.infer<typeof ChildProfilesResponse>;

/** PUT/DELETE /crud/my-library/favourites/{productId}. */
export const FavouriteParams = z.strictObject({ productId: IdParam });

/** GET /crud/my-library/favourites: the listener's favourite albums (the active profile's own), newest first. */
export const FavouritesResponse = z.object({ items: z.array(FamilyAlbum) });
export type FavouritesResponse = z.infer<typeof FavouritesResponse>;

export const FavouriteResponse = z.object({ product_id: z.number().int(), favourite: z.boolean() });
export type FavouriteResponse = z.infer<typeof FavouriteResponse>;
