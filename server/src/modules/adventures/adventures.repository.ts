import type { AdventuresSignUp } from '@storyhouse/contracts';
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
  };
}
