import type { Db } from '../../db/database';

/**
 * The child profile a session speaks for (issue 42, decision 051): what the
 * server needs on every request made for a child — who, how old, what they may
 * hear and when. Read with the session (session-user.repository.ts), always
 * joined on the session's own account, so a profile id can only ever name a
 * profile of that account.
 */
export interface ChildProfile {
  id: number;
  user_id: number;
  nickname: string;
  avatar: string;
  age_band: string;
  /** 'all' | 'age' | 'picked' (profiles module). */
  listens: string;
  quiet_from: string | null;
  quiet_to: string | null;
  time_zone: string;
  daily_limit_minutes: number | null;
  sleep_timer: string | null;
}

export const CHILD_PROFILE_COLUMNS = [
  'id',
  'user_id',
  'nickname',
  'avatar',
  'age_band',
  'listens',
  'quiet_from',
  'quiet_to',
  'time_zone',
  'daily_limit_minutes',
  'sleep_timer',
] as const;

/** A profile of `userId` by id, or undefined (another family's id finds nothing). */
export function findChildProfile(db: Db, userId: number, profileId: number): Promise<ChildProfile | undefined> {
  return db
    .selectFrom('profiles')
    .select(CHILD_PROFILE_COLUMNS)
    .where('id', '=', profileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
