import { sql } from 'kysely';
import type { Db } from '../../db/database';

export function adminRepository(db: Db) {
  return {
    /** The admin's user list: newest first, optionally filtered by e-mail or name. */
    async listUsers(page: number, perPage: number, search: string) {
      let q = db.selectFrom('users');
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb('email', 'ilike', like), eb(sql<string>`fname || ' ' || lname`, 'ilike', like)]));
      }
      const [rows, total] = await Promise.all([
        q
          .select(['id', 'email', 'fname', 'lname', 'is_admin'])
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.n) };
    },

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
