import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Users' password hashes and the e-mailed reset links (stored as SHA-256 of their tokens). */
export function passwordsRepository(db: Db) {
  return {
    /** The account of an e-mail address, case-insensitively (the unique index is on lower(email)). */
    async findUserByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },
    async passwordHash(userId: number) {
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
      return row?.password_hash;
    },
    /** null: no password logs in (only a reset link opens the account). */
    async setPasswordHash(userId: number, passwordHash: string | null) {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    },
    async insertResetToken(userId: number, tokenHash: string, expiresAt: Date) {
      await db
        .insertInto('password_reset_tokens')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
        .execute();
    },
    /** The user of a token that is neither used nor expired. */
    async findUsableToken(tokenHash: string) {
      return db
        .selectFrom('password_reset_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },
    /**
     * Marks a usable token used, atomically: of two requests racing with the
     * same link only one gets the user back.
     */
    async consumeToken(tokenHash: string) {
      return db
        .updateTable('password_reset_tokens')
        .set({ used_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
    },
    /** Every outstanding link of a user stops working (the password just changed). */
    async retireTokens(userId: number) {
      await db
        .updateTable('password_reset_tokens')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
    /** Spent and expired links are of no use to anyone (periodic sweep). */
    async deleteStaleTokens() {
      const r = await db
        .deleteFrom('password_reset_tokens')
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', sql<Date>`now()`)]))
        .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
