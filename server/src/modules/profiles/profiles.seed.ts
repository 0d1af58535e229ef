import type { Seeder } from '../../db/seeder';
import { demoAccounts } from '../accounts/accounts.seed';
import { hashPassword } from '../accounts/password';
import { PIN_HASH_PARAMS } from './parent-pin';

/** The demo family's PIN for the grown-ups lock (README "Demo accounts"). */
export const DEMO_FAMILY_PIN = '1234';

/**
 * Issue 42's demo: the demo family has two children, Mia (6-8, everything the family may hear) and Leo (3-5, only
 * albums for his age and younger, quiet hours 19:30-07:00 on the family's clock in Greenville, SC), and the PIN.
 */
export const profilesSeeder: Seeder = {
  name: 'profiles.demo-children',
  async run(db) {
    const family = demoAccounts.find((a) => a.role === 'customer');
    if (!family) return;
    const user = await db.selectFrom('users').select('id').where('email', '=', family.email).executeTakeFirst();
    if (!user) return;
    await db
      .updateTable('users')
      .set({ parent_pin_hash: await hashPassword(DEMO_FAMILY_PIN, PIN_HASH_PARAMS) })
      .where('id', '=', user.id)
      .execute();
    await db
      .insertInto('profiles')
      .values([
        { user_id: user.id, nickname: 'Mia', avatar: 'fox', age_band: '6-8', listens: 'all', time_zone: 'America/New_York' },
        {
          user_id: user.id,
          nickname: 'Leo',
          avatar: 'bear',
          age_band: '3-5',
          listens: 'age',
          quiet_from: '19:30',
          quiet_to: '07:00',
          time_zone: 'America/New_York',
        },
      ])
      .execute();
  },
};
