import { sql } from 'kysely';
import type { Db } from '../../db/database';

export function loginRepository(db: Db) {
  return {
    /** Credentials by e-mail, case-insensitively (the unique index is on lower(email)). */
    findCredentials(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'password_hash', 'is_admin', 'sign_in_locked_at'])
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    async emailOf(userId: number): Promise<string | undefined> {
      return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
    },
  };
}
