// A scratch PostgreSQL database for `npm run bench` (never the tests):
// created beside any database the given URL reaches, with a unique name, and
// dropped (connections and all) by drop().
import pg from 'pg';

export interface ScratchDatabase {
  /** The scratch database's URL. */
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `storyhouse_bench_${Date.now()}_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await admin(adminUrl, (c) => c.query(`create database "${name}"`));
  return {
    url: url.toString(),
    drop: () => admin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}

/** Runs fn with a client of its own on url, closed afterwards. */
export async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
