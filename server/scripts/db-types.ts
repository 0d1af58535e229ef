// Regenerates src/db/schema.ts from the migrated schema (kysely-codegen over a
// scratch PostgreSQL database), so database types never drift from migrations.
// Needs a PostgreSQL server: DATABASE_URL or the local one on 127.0.0.1:5432.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { connectPostgres } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratch = `storyhouse_types_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${scratch}`);
const url = base.replace(/\/[^/]*$/, `/${scratch}`);
try {
  const database = connectPostgres(url, 1);
  await migrateToLatest(database.db);
  await database.close();
  execFileSync(
    'npx',
    [
      'kysely-codegen',
      '--dialect',
      'postgres',
      '--url',
      url,
      '--out-file',
      'src/db/schema.ts',
      '--exclude-pattern',
      'kysely_*',
      '--runtime-enums',
      'false',
    ],
    { stdio: 'inherit' },
  );
} finally {
  await admin.query(`drop database ${scratch}`);
  await admin.end();
}
