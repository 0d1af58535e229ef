import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { type ChildProfile, findChildProfile } from '../accounts/child-profile';
import { checkCurrentPassword } from '../passwords/passwords.service';
import { hasParentPin, setParentPin, verifyParentPin } from '../profiles/parent-pin';
import { profileChoiceRepository } from './profile-choice.repository';

/** The signed-in family and the session speaking for it, as the guards give them. */
interface Speaking {
  userId: number;
  sessionId: string;
  /** The child profile the session speaks for now; undefined: the parents. */
  profile: ChildProfile | undefined;
}

/**
 * "Who's listening?" (decision 051): a session speaks for the parents or one child profile of its own account.
 * From the parents to a child needs nothing more (the parents are there); leaving a child, for the parents or
 * another child, takes the family PIN, counted by parent-pin.ts (five wrong, locked fifteen minutes).
 */
export function profileChoiceService(db: Db) {
  const repo = profileChoiceRepository(db);

  return {
    async choices(userId: number, active: number | null, parentsName: string) {
      const [children, firstName, pinSet] = await Promise.all([
        repo.children(userId),
        repo.firstName(userId),
        hasParentPin(db, userId),
      ]);
      return {
        profiles: [{ id: null, nickname: firstName || parentsName }, ...children],
        active,
        pin_set: pinSet,
      };
    },

    /** Makes the session speak for `profileId` (null: the parents); answers the profile it now speaks for. */
    async choose({ userId, sessionId, profile }: Speaking, profileId: number | null, pin: string | undefined) {
      if ((profile?.id ?? null) === profileId) return profile;
      const chosen = profileId === null ? undefined : await findChildProfile(db, userId, profileId);
      // Another family's id finds nothing, as a made-up one does.
      if (profileId !== null && !chosen) throw new AppError('not_found', 'profile_not_found');
      if (profile) {
        await verifyParentPin(db, userId, pin ?? '');
      } else if (!(await hasParentPin(db, userId))) {
        // Without a PIN nobody could leave the child's profile on this device again: the parents set one first.
        throw new AppError('conflict', 'pin_not_set');
      }
      await repo.speakFor(sessionId, profileId);
      return chosen;
    },

    /** Sets or resets the family PIN with the account password, under the password change's own limit. */
    async setPin(userId: number, password: string, pin: string) {
      await checkCurrentPassword(db, userId, password, 'password');
      await setParentPin(db, userId, pin);
    },
  };
}
