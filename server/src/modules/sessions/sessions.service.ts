import type { Db } from '../../db/database';
import { sessionsRepository } from './sessions.repository';

/**
 * Ends every session of a user but `keepId` (none when undefined): a
 * password change keeps the session that made it, a reset by e-mail keeps
 * none. Returns how many ended.
 */
export function endOtherSessions(db: Db, userId: number, keepId: string | undefined) {
  return sessionsRepository(db).endOtherSessions(userId, keepId);
}
