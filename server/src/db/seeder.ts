import type { Db } from './database';

/**
 * A piece of demo content. Each capability's `*.seed.ts` exports its
 * seeders and the registry (db/seed.ts) lists them; each runs once per
 * database (recorded in seed_runs), inside a transaction, so a later
 * capability's demo data also reaches a database that was seeded before it
 * existed. The type lives apart from the registry so that the seeders
 * import only it and the registry alone imports the modules (decision 031).
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
