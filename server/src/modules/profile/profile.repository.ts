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

/** The account's address (issue 27 item 12: what checkout keeps there and starts from). */
export const ADDRESS_FIELDS = [
  'address',
  'city',
  'country_id',
  'state',
  'zip',
  'phone',
] as const satisfies readonly (keyof ProfileValues)[];

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
    /**
     * Another account holds this e-mail, whatever its case (users_email_key is on lower(email)), or keeps it
     * reserved: it is the old address of another account's e-mail change that can still be undone.
     */
    async emailTaken(email: string, exceptUserId?: number) {
      const lower = email.toLowerCase();
      let q = db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', lower);
      if (exceptUserId !== undefined) q = q.where('id', '<>', exceptUserId);
      if ((await q.executeTakeFirst()) !== undefined) return true;
      let reserved = db
        .selectFrom('email_change_tokens')
        .select('id')
        .where(sql<string>`lower(old_email)`, '=', lower)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`);
      if (exceptUserId !== undefined) reserved = reserved.where('user_id', '<>', exceptUserId);
      return (await reserved.executeTakeFirst()) !== undefined;
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
    /** Account `id`'s e-mail and whether it is an admin's (undefined: no such account). */
    accountRole(id: number) {
      return db.selectFrom('users').select(['email', 'is_admin']).where('id', '=', id).executeTakeFirst();
    },
    async insertEmailChangeToken(values: {
      user_id: number;
      old_email: string;
      new_email: string;
      token_hash: string;
      expires_at: Date;
    }) {
      await db.insertInto('email_change_tokens').values(values).execute();
    },
    /**
     * Marks a usable undo link used, atomically: of two requests racing with
     * the same link only one gets the change back.
     */
    consumeEmailChangeToken(tokenHash: string) {
      return db
        .updateTable('email_change_tokens')
        .set({ used_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['id', 'user_id', 'old_email'])
        .executeTakeFirst();
    },
    /**
     * The undo links of the changes made after change `sinceId` stop working: undoing a change undoes those
     * too. Earlier changes' links stay, so undoing a later change never cancels the first owner's link.
     */
    async retireEmailChangeTokensAfter(userId: number, sinceId: number) {
      await db
        .updateTable('email_change_tokens')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('id', '>', sinceId)
        .where('used_at', 'is', null)
        .execute();
    },
    async setEmail(id: number, email: string) {
      await db.updateTable('users').set({ email, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
    },
    /** Spent and expired undo links are of no use to anyone (periodic sweep); their addresses go with them. */
    async deleteStaleEmailChangeTokens() {
      const r = await db
        .deleteFrom('email_change_tokens')
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', sql<Date>`now()`)]))
        .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    /** The account's address fields as saved (undefined: no such account). */
    accountAddress(id: number) {
      return db.selectFrom('users').select(ADDRESS_FIELDS).where('id', '=', id).executeTakeFirst();
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
