import type { Db } from '../../db/database';

export function accountsRepository(db: Db) {
  return {
    findById(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'fname', 'lname', 'address', 'city', 'country_id', 'state', 'zip', 'phone', 'is_admin', 'layout'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async count() {
      const r = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
