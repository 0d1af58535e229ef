import type { ContactMessage, LangCode } from '@storyhouse/contracts';
import type { Db } from '../../db/database';

/** The only SQL of contact messages. */
export function contactRepository(db: Db) {
  return {
    async insert(lang: LangCode, message: ContactMessage): Promise<number> {
      const row = await db
        .insertInto('contact_messages')
        .values({ lang_code: lang, ...message })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
