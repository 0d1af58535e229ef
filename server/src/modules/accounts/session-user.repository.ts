import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type { SessionRow } from '../sessions/session';
import type { ChildProfile } from './child-profile';

/**
 * A live session and its user in one round trip (GET /crud/session and
 * /crud/user run on every page load: issue 5 "Measured").
 */
export async function findSessionWithUser(db: Db, sessionId: string) {
  const query = db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    // The profile only as one of the session's own account (issue 42): never another family's.
    .leftJoin('profiles', (j) =>
      j.onRef('profiles.id', '=', 'sessions.profile_id').onRef('profiles.user_id', '=', 'sessions.user_id'),
    )
    .select([
      'sessions.id as session_id',
      'sessions.user_id',
      'sessions.masquerade_admin_id',
      'sessions.profile_id',
      'sessions.data',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id as uid',
      'users.email',
      'users.fname',
      'users.lname',
      'users.address',
      'users.city',
      'users.country_id',
      'users.state',
      'users.zip',
      'users.phone',
      'users.is_admin',
      'users.layout',
      'profiles.id as child_id',
      'profiles.nickname as child_nickname',
      'profiles.avatar as child_avatar',
      'profiles.age_band as child_age_band',
      'profiles.listens as child_listens',
      'profiles.quiet_from as child_quiet_from',
      'profiles.quiet_to as child_quiet_to',
      'profiles.time_zone as child_time_zone',
      'profiles.daily_limit_minutes as child_daily_limit_minutes',
      'profiles.sleep_timer as child_sleep_timer',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', sql<Date>`now()`);
  const [row] = (await db.executeQuery(preparedQuery(query))).rows;
  if (!row) return undefined;
  const session: SessionRow = {
    id: row.session_id,
    user_id: row.user_id,
    masquerade_admin_id: row.masquerade_admin_id,
    profile_id: row.profile_id,
    data: row.data as Record<string, unknown>,
    last_seen_at: row.last_seen_at,
    expires_at: row.expires_at,
  };
  const user =
    row.uid === null
      ? undefined
      : {
          id: row.uid,
          email: row.email as string,
          fname: row.fname as string,
          lname: row.lname as string,
          address: row.address,
          city: row.city,
          country_id: row.country_id,
          state: row.state,
          zip: row.zip,
          phone: row.phone,
          is_admin: row.is_admin as boolean,
          layout: row.layout as string,
        };
  const profile: ChildProfile | undefined =
    row.child_id === null || row.uid === null
      ? undefined
      : {
          id: row.child_id,
          user_id: row.uid,
          nickname: row.child_nickname as string,
          avatar: row.child_avatar as string,
          age_band: row.child_age_band as string,
          listens: row.child_listens as string,
          quiet_from: row.child_quiet_from,
          quiet_to: row.child_quiet_to,
          time_zone: row.child_time_zone as string,
          daily_limit_minutes: row.child_daily_limit_minutes,
          sleep_timer: row.child_sleep_timer,
        };
  return { session, user, profile };
}
