import { type LangCode, langCodes } from '@storyhouse/contracts';
import type { Db } from '../../db/database';

/**
 * The language a user's e-mails go out in when nothing else says: the one
 * they last ordered in (the site they read), else English. The back office
 * writes to families in it (a password-reset link, a giving statement).
 */
export async function lastOrderLang(db: Db, userId: number): Promise<LangCode> {
  const row = await db
    .selectFrom('orders')
    .select('lang_code')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return langCodes.find((l) => l === row?.lang_code) ?? 'en';
}
