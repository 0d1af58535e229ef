import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from './migrations';

/** Runs every pending migration (forward-only); throws with the failing one's name. */
// biome-ignore lint/suspicious/noExplicitAny: any schema may be migrated
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
  });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
