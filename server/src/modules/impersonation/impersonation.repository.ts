import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** An admin's impersonations of users (masquerade_log) and who they are. */
export function impersonationRepository(db: Db) {
  return {
    findUser(id: number) {
      return db.selectFrom('users').select(['id', 'is_admin']).where('id', '=', id).executeTakeFirst();
    },

    async emailOf(id: number) {
      return (await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst())?.email;
    },

    async logStart(adminId: number, userId: number) {
      await db.insertInto('masquerade_log').values({ admin_id: adminId, user_id: userId }).execute();
    },

    /** Closes the admin's open impersonation of the user (finish, logout, or a login over it). */
    async logEnd(adminId: number, userId: number) {
      await db
        .updateTable('masquerade_log')
        .set({ ended_at: sql<Date>`now()` })
        .where('admin_id', '=', adminId)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .execute();
    },
  };
}
