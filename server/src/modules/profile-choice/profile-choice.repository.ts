import type { AgeBand, Avatar } from '@storyhouse/contracts';
import type { Db } from '../../db/database';

/** Whom a session may speak for, and the session's choice (decision 051): the only SQL of choosing a profile. */
export function profileChoiceRepository(db: Db) {
  return {
    /** The family's child profiles as a device shows them to choose from, oldest first. */
    children(userId: number) {
      return (
        db
          .selectFrom('profiles')
          .select(['id', 'nickname', 'avatar', 'age_band'])
          .where('user_id', '=', userId)
          .orderBy('id')
          // The age band's check keeps it to the list (migration 0072); avatars are written only from AVATARS.
          .$narrowType<{ avatar: Avatar; age_band: AgeBand }>()
          .execute()
      );
    },

    async firstName(userId: number) {
      const row = await db.selectFrom('users').select('fname').where('id', '=', userId).executeTakeFirst();
      return row?.fname.trim() ?? '';
    },

    /** The session now speaks for `profileId` (null: the parents); the caller checked it is the account's own. */
    async speakFor(sessionId: string, profileId: number | null) {
      await db.updateTable('sessions').set({ profile_id: profileId }).where('id', '=', sessionId).execute();
    },
  };
}
