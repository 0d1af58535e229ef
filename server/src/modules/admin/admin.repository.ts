import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { failureKey } from '../login/login.repository';
import { LOGIN_CHALLENGE_AFTER } from '../login/login.service';

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
          .leftJoin('rate_limits', (join) =>
            join
              .on('rate_limits.key', '=', sql<string>`${failureKey('')} || lower(users.email)`)
              .on('rate_limits.window_ends_at', '>', sql<Date>`now()`)
              .on('rate_limits.hits', '>=', LOGIN_CHALLENGE_AFTER),
          )
          .select(['users.id', 'users.email', 'users.fname', 'users.lname', 'users.is_admin', 'rate_limits.key as lock_key'])
          .orderBy('users.id', 'desc')
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
