import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type { SessionRow } from '../sessions/session';

/**
 * A live session and its user in one round trip (GET /crud/session and
 * /crud/user run on every page load: issue 5 "Measured").
 */
export async function findSessionWithUser(db: Db, sessionId: string) {
  const query = db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.user_id',
      'sessions.masquerade_admin_id',
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
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', sql<Date>`now()`);
  const [row] = (await db.executeQuery(preparedQuery(query))).rows;
  if (!row) return undefined;
  const session: SessionRow = {
    id: row.session_id,
    user_id: row.user_id,
    masquerade_admin_id: row.masquerade_admin_id,
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
  return { session, user };
}
