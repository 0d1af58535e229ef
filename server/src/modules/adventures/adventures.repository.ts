import type { AdventuresSignUp, HandledStatus } from '@storyhouse/contracts';
import type { Db } from '../../db/database';

/** The only SQL of Bible-lesson sign-ups. */
export function adventuresRepository(db: Db) {
  return {
    async insert({ site, ...signUp }: AdventuresSignUp): Promise<number> {
      const row = await db
        .insertInto('adventure_signups')
        .values({ lang_code: site, ...signUp })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** One page of the open or handled requests, newest first, with who handled each; and how many there are. */
    async page(status: HandledStatus, offset: number, limit: number) {
      const base = db.selectFrom('adventure_signups as s').where('s.handled_at', status === 'open' ? 'is' : 'is not', null);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('users as u', 'u.id', 's.handled_by')
          .selectAll('s')
          .select('u.email as handled_by_email')
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },
  };
}
