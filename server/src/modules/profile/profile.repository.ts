import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface ProfileValues {
  email: string;
  fname: string;
  lname: string;
  address: string | null;
  city: string | null;
  country_id: number | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
}

/** PostgreSQL's unique_violation: users_email_key said no (a concurrent sign-up with the same e-mail). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export function profileRepository(db: Db) {
  return {
    countries() {
      return db.selectFrom('countries').select(['id', 'country_name', 'code']).orderBy('country_name').execute();
    },
    async countryExists(id: number) {
      return (await db.selectFrom('countries').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
    states() {
      return db.selectFrom('states').select(['code', 'name', 'country_id']).orderBy('country_id').orderBy('name').execute();
    },
    /** Another account holds this e-mail, whatever its case (users_email_key is on lower(email)). */
    async emailTaken(email: string, exceptUserId?: number) {
      let q = db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase());
      if (exceptUserId !== undefined) q = q.where('id', '<>', exceptUserId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    async insertUser(values: ProfileValues & { password_hash: string }) {
      const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async updateUser(id: number, values: ProfileValues) {
      const r = await db
        .updateTable('users')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** Whether account `id` exists and is an admin's (undefined: no such account). */
    accountRole(id: number) {
      return db.selectFrom('users').select('is_admin').where('id', '=', id).executeTakeFirst();
    },
    async setLayout(id: number, layout: 'list' | 'grid') {
      await db.updateTable('users').set({ layout }).where('id', '=', id).execute();
    },
    address(id: number, userId: number) {
      return db
        .selectFrom('addresses')
        .select(['id', 'user_id', 'fname', 'lname', 'email', 'phone', 'line1', 'country_id', 'state', 'city', 'postal_code'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /** The gift cards a user received, newest first, with the sender's name when known. */
    receivedGiftCards(userId: number) {
      return db
        .selectFrom('gift_cards')
        .leftJoin('users as sender', 'sender.id', 'gift_cards.purchaser_user_id')
        .select([
          'gift_cards.id',
          'gift_cards.created_at',
          'gift_cards.original_amount_cents',
          'gift_cards.balance_cents',
          'sender.fname',
          'sender.lname',
        ])
        .where('gift_cards.recipient_user_id', '=', userId)
        .orderBy('gift_cards.created_at', 'desc')
        .orderBy('gift_cards.id', 'desc')
        .execute();
    },
  };
}
