import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from './migrations';

/** Runs every pending migration (forward-only); throws with the failing one's name. */
// biome-ignore lint/suspicious/noExplicitAny: any schema may be migrated
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return report(await migrator(db).migrateToLatest());
}

/**
 * Runs the migrations up to and including `name` (and no further): the
 * migration tests write data as the code before a migration wrote it.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema may be migrated
export async function migrateTo(db: Kysely<any>, name: keyof typeof migrations & string): Promise<string[]> {
  return report(await migrator(db).migrateTo(name));
}

// biome-ignore lint/suspicious/noExplicitAny: any schema may be migrated
function migrator(db: Kysely<any>) {
  return new Migrator({ db, provider: { getMigrations: async () => migrations as Record<string, Migration> } });
}

function report({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The known migrations not yet applied to `db` (readiness: a server whose code is ahead of its database is not ready). */
// biome-ignore lint/suspicious/noExplicitAny: any schema may be migrated
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  return (await migrator(db).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
