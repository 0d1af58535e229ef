import type { Seeder } from '../../db/seed';
import { DEMO_PASSWORD_HASH_PARAMS, hashPassword } from './password';

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
