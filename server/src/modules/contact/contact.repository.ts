import type { ContactMessage, HandledStatus, LangCode } from '@storyhouse/contracts';
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

    /** One page of the open or handled messages, newest first, with who handled each; and how many there are. */
    async page(status: HandledStatus, offset: number, limit: number) {
      const base = db.selectFrom('contact_messages as m').where('m.handled_at', status === 'open' ? 'is' : 'is not', null);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('users as u', 'u.id', 'm.handled_by')
          .selectAll('m')
          .select('u.email as handled_by_email')
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },
  };
}
