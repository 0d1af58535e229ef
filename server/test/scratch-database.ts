// Scratch PostgreSQL databases, for the tests (test/global-setup.ts,
// test/database.ts) and the bench fixtures (bench/*-fixture.ts): created
// beside any database a URL reaches, dropped connections and all.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** The scratch database's URL. */
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>;
}

/**
 * Creates database `name` (by default a new `storyhouse_bench_…` name) on
 * the server `adminUrl` reaches: empty, or a copy of `template` (the tests'
 * migrated one).
 */
export async function createScratchDatabase(
  adminUrl: string,
  name = `storyhouse_bench_${Date.now()}_${process.pid}_${randomBytes(3).toString('hex')}`,
  template?: string,
): Promise<ScratchDatabase> {
  await withAdmin(adminUrl, async (client) => {
    const statement = `create database "${name}"${template ? ` template "${template}"` : ''}`;
    // PostgreSQL refuses to copy a template another session is copying at that instant; try again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await client.query(statement);
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt === 20) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  });
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => withAdmin(adminUrl, (client) => dropDatabase(client, name)),
  };
}

/** Drops a database if it is there, closing its connections. */
export async function dropDatabase(client: pg.Client, name: string) {
  await client.query(`drop database if exists "${name}" with (force)`);
}

/** The names of the server's databases that start with `prefix`. */
export async function databasesStartingWith(client: pg.Client, prefix: string): Promise<string[]> {
  const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
    prefix,
  ]);
  return rows.map((r) => r.datname);
}

/** Runs fn with a client of its own on url, closed afterwards. */
export async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The same server URL pointing at another database. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
