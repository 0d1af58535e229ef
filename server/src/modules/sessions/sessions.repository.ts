import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { SessionRow } from './session';

export function sessionsRepository(db: Db) {
  return {
    async find(id: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'masquerade_admin_id', 'profile_id', 'data', 'last_seen_at', 'expires_at'])
        .where('id', '=', id)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst() as Promise<SessionRow | undefined>;
    },
    async create(id: string, expiresAt: Date, userId: number | null = null, masqueradeAdminId: number | null = null) {
      await db
        .insertInto('sessions')
        .values({ id, user_id: userId, masquerade_admin_id: masqueradeAdminId, expires_at: expiresAt })
        .execute();
    },
    /** Ends every session of a user but one (a password change keeps the session that made it). */
    async endOtherSessions(userId: number, keepId: string | undefined) {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepId) q = q.where('id', '<>', keepId);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async touch(id: string, expiresAt: Date) {
      await db.updateTable('sessions').set({ last_seen_at: sql`now()`, expires_at: expiresAt }).where('id', '=', id).execute();
    },
    async delete(id: string) {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    async deleteExpired() {
      const r = await db.deleteFrom('sessions').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
