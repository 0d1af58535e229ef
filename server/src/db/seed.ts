import { sql } from 'kysely';
import { accountsSeeder } from '../modules/accounts/accounts.seed';
import { couponsSeeder } from '../modules/cart/coupons.seed';
import { catalogueSeeder, fundsSeeder } from '../modules/catalogue/catalogue.seed';
import {
  donationsPageSeeder,
  freeMp3RecordingSeeder,
  giftCardPagesSeeder,
  givingNavigationSeeder,
  navigationSeeder,
  pagesSeeder,
  russianNavigationSeeder,
  subscriptionPagesSeeder,
} from '../modules/cms/cms.seed';
import { guestBookSeeder } from '../modules/guest-book/guest-book.seed';
import { ordersSeeder } from '../modules/orders/orders.seed';
import { profileSeeder } from '../modules/profile/profile.seed';
import type { Db } from './database';

/**
 * A piece of demo content. Each capability adds its seeder to the list
 * below; each runs once per database (recorded in seed_runs), inside a
 * transaction, so a later capability's demo data also reaches a database
 * that was seeded before it existed.
 */
export interface Seeder {
  name: string;
  run(db: Db): Promise<void>;
  /**
   * false: runs outside a transaction, for a seeder that goes through
   * services keeping transactions of their own (demo orders through
   * checkout); it is recorded once it has finished.
   */
  transaction?: false;
}

export const seeders: Seeder[] = [
  accountsSeeder,
  navigationSeeder,
  russianNavigationSeeder,
  catalogueSeeder,
  pagesSeeder,
  freeMp3RecordingSeeder,
  subscriptionPagesSeeder,
  guestBookSeeder,
  // Before the demo gift cards: the past orders are paid by card, not from their balance.
  ordersSeeder,
  profileSeeder,
  couponsSeeder,
  fundsSeeder,
  donationsPageSeeder,
  giftCardPagesSeeder,
  givingNavigationSeeder,
];

/** True when the database holds no content and has never been seeded. */
export async function isEmptyDatabase(db: Db) {
  const r = await sql<{ empty: boolean }>`
    select not exists (select 1 from seed_runs) and not exists (select 1 from users) as empty`.execute(db);
  return Boolean(r.rows[0]?.empty);
}

export async function isDemoDatabase(db: Db) {
  const r = await db.selectFrom('seed_runs').select('name').limit(1).execute();
  return r.length > 0;
}

/** Runs the seeders that have not run on this database; returns their names. */
export async function runSeeders(db: Db, list: Seeder[] = seeders): Promise<string[]> {
  const done = new Set((await db.selectFrom('seed_runs').select('name').execute()).map((r) => r.name));
  const ran: string[] = [];
  for (const seeder of list) {
    if (done.has(seeder.name)) continue;
    if (seeder.transaction === false) {
      await seeder.run(db);
      await db.insertInto('seed_runs').values({ name: seeder.name }).execute();
    } else {
      await db.transaction().execute(async (trx) => {
        await seeder.run(trx);
        await trx.insertInto('seed_runs').values({ name: seeder.name }).execute();
      });
    }
    ran.push(seeder.name);
  }
  return ran;
}
