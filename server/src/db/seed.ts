import { sql } from 'kysely';
import type { Config } from '../config';
import { accountsSeeder, demoAccounts, demoAdminHasPublicPassword } from '../modules/accounts/accounts.seed';
import { couponsSeeder, couponTitlesSeeder } from '../modules/cart/coupons.seed';
import { ageBandsSeeder, catalogueSeeder, fundsSeeder, skuTitlesSeeder } from '../modules/catalogue/catalogue.seed';
import {
  donationsPageSeeder,
  freeMp3RecordingSeeder,
  giftCardPagesSeeder,
  givingNavigationSeeder,
  navigationSeeder,
  pagesSeeder,
  privacyChildrenSeeder,
  russianNavigationSeeder,
  subscriptionPagesSeeder,
  visualDemoPagesSeeder,
} from '../modules/cms/cms.seed';
import { guestBookSeeder } from '../modules/guest-book/guest-book.seed';
import { ordersSeeder } from '../modules/orders/orders.seed';
import { profileSeeder } from '../modules/profile/profile.seed';
import { profilesSeeder } from '../modules/profiles/profiles.seed';
import { returnReasonsSeeder } from '../modules/returns/returns.seed';
import { stockSeeder } from '../modules/stock/stock.seed';
import { subscriptionsSeeder } from '../modules/subscriptions/subscriptions.seed';
import { transcriptsSeeder } from '../modules/transcripts/transcripts.seed';
import type { Database, Db } from './database';
import type { Seeder } from './seeder';
import { JOB_LOCKS, oneAtATime } from './single-runner';

/** The demo content, in the order it runs: each capability adds its seeders (db/seeder.ts) here. */
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
  fundsSeeder,
  // The demo plan and monthly gift, paid by card too: before the demo gift cards.
  subscriptionsSeeder,
  profileSeeder,
  profilesSeeder,
  couponsSeeder,
  couponTitlesSeeder,
  skuTitlesSeeder,
  ageBandsSeeder,
  donationsPageSeeder,
  giftCardPagesSeeder,
  givingNavigationSeeder,
  privacyChildrenSeeder,
  // After every seeder that writes a demo page's text: it rewrites those still as the demo first wrote them.
  visualDemoPagesSeeder,
  // Issue 43: after the catalogue, whose tracks they belong to.
  transcriptsSeeder,
  // Decision 061: after the demo orders (paid before the shelf was counted), every CD and book counted; the reasons.
  stockSeeder,
  returnReasonsSeeder,
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

/**
 * Whether this server loads the demo content (README, DEMO_CONTENT): "on" always, "auto" outside production only,
 * "off" never. Production needs "on" because the demo admin's password is published (issue 26 item 2).
 */
export function demoContentEnabled(config: Pick<Config, 'DEMO_CONTENT' | 'NODE_ENV'>) {
  return config.DEMO_CONTENT === 'on' || (config.DEMO_CONTENT === 'auto' && config.NODE_ENV !== 'production');
}

export interface DemoContentAtStartup {
  /** The seeders run now. */
  seeded: string[];
  /** This server serves the demo content: the start-up log lists the demo accounts. */
  demo: boolean;
  /** For the start-up log: a production server where the demo admin signs in with its published password. */
  warning: string | null;
  /** For the start-up log: a production database with no admin yet, and how to make one. */
  notice: string | null;
}

/**
 * What start-up (main.ts) does with the demo content: when enabled, it is loaded into an empty database, and a
 * database seeded before gets the seeders added since; a database holding anything else is never touched.
 * `list`: the seeders (tests pass a few).
 */
export async function demoContentAtStartup(
  config: Pick<Config, 'DEMO_CONTENT' | 'NODE_ENV'>,
  db: Db,
  list: Seeder[] = seeders,
): Promise<DemoContentAtStartup> {
  const demo = demoContentEnabled(config) && ((await isEmptyDatabase(db)) || (await isDemoDatabase(db)));
  const seeded = demo ? await runSeeders(db, list) : [];
  let warning: string | null = null;
  if (config.NODE_ENV === 'production' && demo) {
    const emails = demoAccounts.map((a) => a.email).join(', ');
    warning = `DEMO_CONTENT=on: this production server holds the demo accounts (${emails}), whose passwords are public (README, this log). For a public demo site only; a real site leaves DEMO_CONTENT unset (or off) and makes its admin with npm run create-admin.`;
  } else if (config.NODE_ENV === 'production' && (await demoAdminHasPublicPassword(db))) {
    // A database seeded before demo content needed opting in to: say so on every start until the account is dealt with.
    warning = `This production database holds the demo admin ${demoAccounts.find((a) => a.is_admin)?.email} with the password the README publishes: anyone can sign in as an admin. Make your own admin (npm run create-admin), then change that account's password or take its admin role away; or, for a public demo site, set DEMO_CONTENT=on.`;
  }
  let notice: string | null = null;
  if (config.NODE_ENV === 'production' && !demo) {
    const admin = await db.selectFrom('users').select('id').where('is_admin', '=', true).limit(1).executeTakeFirst();
    if (!admin) notice = 'No admin account yet: make the first one with npm run create-admin.';
  }
  return { seeded, demo, warning, notice };
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

/**
 * demoContentAtStartup as start-up runs it (main.ts): one server at a time, so servers starting at once on an empty
 * PostgreSQL database load the demo content once; the others wait, then find it loaded (issue 31: the second of two
 * used to stop at start-up on a duplicate key).
 */
export function demoContentAtStartupOnce(
  config: Pick<Config, 'DEMO_CONTENT' | 'NODE_ENV'>,
  database: Database,
  list: Seeder[] = seeders,
) {
  return oneAtATime(database, JOB_LOCKS.demoContent, () => demoContentAtStartup(config, database.db, list));
}
