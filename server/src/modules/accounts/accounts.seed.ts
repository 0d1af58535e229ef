import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Seeder } from '../../db/seeder';
import { DEMO_PASSWORD_HASH_PARAMS, hashPassword, verifyPassword } from './password';

/** Demo accounts, shown in the README and the start-up log. */
export const demoAccounts = [
  {
    role: 'customer',
    email: 'family@storyhouse.example',
    password: 'listen-along',
    fname: 'Grace',
    lname: 'Miller',
    is_admin: false,
  },
  {
    role: 'admin',
    email: 'admin@storyhouse.example',
    password: 'storyhouse-admin',
    fname: 'Daniel',
    lname: 'Ortiz',
    is_admin: true,
  },
] as const;

export const accountsSeeder: Seeder = {
  name: 'accounts.demo-users',
  async run(db) {
    for (const a of demoAccounts) {
      await db
        .insertInto('users')
        .values({
          email: a.email,
          // Public test accounts (README): the cheap hash (password.ts), so signing them in costs nothing.
          password_hash: await hashPassword(a.password, DEMO_PASSWORD_HASH_PARAMS),
          fname: a.fname,
          lname: a.lname,
          is_admin: a.is_admin,
          country_id: 33,
          city: 'Greenville',
          state: 'SC',
          zip: '29601',
        })
        .execute();
    }
  },
};

/** Whether the demo admin exists, is still an admin, and still signs in with the README's password. */
export async function demoAdminHasPublicPassword(db: Db) {
  const admin = demoAccounts.find((a) => a.is_admin);
  if (!admin) return false;
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where(sql<string>`lower(email)`, '=', admin.email)
    .where('is_admin', '=', true)
    .executeTakeFirst();
  // The demo hash is the cheap one (about a millisecond); a changed password is checked at its own cost, once per start.
  return row?.password_hash ? verifyPassword(admin.password, row.password_hash) : false;
}
