import { sql } from 'kysely';
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
    /** The account an e-mail names, whatever its case (users_email_key is on lower(email)). */
    findByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'is_admin', 'sign_in_locked_at'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },
    /** Inserts an admin; undefined when an account with this e-mail appeared meanwhile (users_email_key). */
    async insertAdmin(values: { email: string; password_hash: string }) {
      const row = await db
        .insertInto('users')
        .values({ ...values, is_admin: true })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
    /** An admin who can sign in: the admin right granted, the sign-in unlocked (`npm run create-admin`). */
    async makeAdmin(id: number) {
      await db
        .updateTable('users')
        .set({ is_admin: true, sign_in_locked_at: null, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },
    async count() {
      const r = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /**
     * Issue 27 item 12: the address a family last gave at checkout becomes
     * the account's (street, city, state, postal code, country, phone), so
     * settings show it and the next checkout starts from it (GET /crud/user).
     * The account's names and e-mail stay the family's own.
     */
    async keepCheckoutAddress(
      id: number,
      address: { line1: string; city: string; state: string; postal_code: string; country_id: number; phone: string },
    ) {
      await db
        .updateTable('users')
        .set({
          address: address.line1,
          city: address.city,
          state: address.state,
          zip: address.postal_code,
          country_id: address.country_id,
          phone: address.phone,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
