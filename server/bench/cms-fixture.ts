// The CMS part of `npm run bench` (never the tests): a scratch PostgreSQL
// database, migrated by the server's own migrator and loaded with the demo
// content (its seeders include the CMS demo pages, the home page among them).
// drop() removes the database.
import { connectPostgres } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { runSeeders } from '../src/db/seed';
import { createScratchDatabase } from '../test/scratch-database';

export interface CmsFixture {
  /** The scratch database's name (a template for copies of it: scripts/bench-helpers.mjs demoDatabase). */
  name: string;
  /** The scratch database's URL, for the server under test. */
  url: string;
  /** The seeders that ran. */
  seeded: string[];
  drop(): Promise<void>;
}

export async function createCmsFixture(opts: {
  /** Any database on the server; the scratch one is created beside it. */
  adminUrl: string;
  /** Its name; by default a new `storyhouse_bench_…` one. */
  name?: string;
}): Promise<CmsFixture> {
  const { name, url, drop } = await createScratchDatabase(opts.adminUrl, opts.name);
  const database = connectPostgres(url, 2);
  try {
    await migrateToLatest(database.db);
    const seeded = await runSeeders(database.db);
    await database.close();
    return { name, url, seeded, drop };
  } catch (err) {
    await database.close();
    await drop();
    throw err;
  }
}
