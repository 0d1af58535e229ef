import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export function captchaRepository(db: Db) {
  return {
    /**
     * A named server secret, created at random on first use. Every instance
     * reads the same row (the first insert wins), so no secret lives in the
     * repository or has to be configured.
     */
    async secret(name: string): Promise<string> {
      await db
        .insertInto('app_secrets')
        .values({ name, value: randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },

    /**
     * Records a solved challenge as used; false when it already was (a replay).
     * An expired challenge is refused before it gets here, so its row is only
     * kept until the hourly sweep (deleteExpired).
     */
    async spend(id: string, expiresAt: Date): Promise<boolean> {
      const row = await db
        .insertInto('captcha_spent')
        .values({ signature: id, expires_at: expiresAt })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteExpired() {
      await db.deleteFrom('captcha_spent').where('expires_at', '<', sql<Date>`now()`).execute();
    },
  };
}
