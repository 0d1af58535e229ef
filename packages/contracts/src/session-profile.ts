import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './accounts-password';
import { Id } from './numbers';
import { ProfileChoice } from './profiles';
import { SessionResponse } from './session';
import { text } from './text-fields';

/** The family PIN of the grown-ups lock: four digits (decision 051). */
export const ParentPin = text().regex(/^[0-9]{4}$/, { error: 'errors.pin_format' });

/** The parents' own profile as "Who's listening?" shows it: it has no row, so no id. */
export const ParentsChoice = z.object({
  id: z.null(),
  /** The account's first name, or "Grown-ups" in the site language when it has none. */
  nickname: z.string(),
});
export type ParentsChoice = z.infer<typeof ParentsChoice>;

/** GET /crud/session/profiles: whom this session may speak for, the parents first. */
export const SessionProfilesResponse = z
  .object({
    profiles: z.array(z.union([ParentsChoice, ProfileChoice])),
    /** The child profile the session speaks for; null: the parents. */
    active: z.number().int().nullable(),
    /** Whether the family PIN is set: without it a child profile could not be left, so none is chosen. */
    pin_set: z.boolean(),
  })
  .meta({ id: 'SessionProfiles' });
export type SessionProfilesResponse = z.infer<typeof SessionProfilesResponse>;

/**
 * POST /crud/session/profile: the session speaks for a child profile (`profile_id`) or the parents (null).
 * Leaving a child profile takes the family PIN; the answer is the session as GET /crud/session says it.
 */
export const ChooseProfileInput = z.strictObject({
  profile_id: Id.nullable(),
  pin: ParentPin.optional(),
});
export type ChooseProfileInput = z.input<typeof ChooseProfileInput>;
export const ChooseProfileResponse = SessionResponse;

/** PUT /crud/user/parent-pin: sets or resets the family PIN with the account password. */
export const ParentPinInput = z.strictObject({
  password: text().min(1, { error: 'errors.current_password_required' }).max(PASSWORD_MAX_LENGTH),
  pin: ParentPin,
});
export type ParentPinInput = z.input<typeof ParentPinInput>;
export const ParentPinResponse = z.object({ pin_set: z.literal(true) }).meta({ id: 'ParentPinSet' });
export type ParentPinResponse = z.infer<typeof ParentPinResponse>;
