import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/factories';
import { loadConfig } from '../config';
import { demoAccounts } from '../modules/accounts/accounts.seed';
import { hashPassword } from '../modules/accounts/password';
import type { Database, Db } from './database';
import { demoContentAtStartup, demoContentAtStartupOnce, runSeeders, seeders } from './seed';

/**
 * What start-up (main.ts) does with the demo content (issue 26 item 2): its admin's password is published, so a
 * production server loads it only when told to (DEMO_CONTENT=on); outside production `npm start` loads it as before.
 */

/** A production server's configuration with the defaults the README gives (DEMO_CONTENT unset: auto). */
const production = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test', ...env });
/** The quick start's configuration: nothing set. */
const development = (env: Record<string, string> = {}) => loadConfig(env);

const demoAdmin = demoAccounts.find((a) => a.is_admin);
/** The demo accounts and coupons, GRACE100 among them: all of the demo content these tests look at, quick to load. */
const accountsAndCoupons = seeders.filter((s) => s.name === 'accounts.demo-users' || s.name === 'cart.demo-coupons');

async function contents(db: Db) {
  const users = await db.selectFrom('users').select(['email', 'is_admin']).orderBy('id').execute();
  const grace = await db.selectFrom('coupons').select('id').where(sql<string>`upper(code)`, '=', 'GRACE100').executeTakeFirst();
  const runs = await db.selectFrom('seed_runs').select('name').execute();
  return { users, grace100: grace !== undefined, seedRuns: runs.length };
}

describe('demo content at start-up', () => {
  const open: Database[] = [];
  const fresh = async () => {
    const database = await createTestDatabase();
    open.push(database);
    return database.db;
  };
  afterAll(() => Promise.all(open.map((d) => d.close())));

  it('a production server with the default DEMO_CONTENT loads nothing into an empty database: no demo admin, no GRACE100', async () => {
    const db = await fresh();
    expect(production().DEMO_CONTENT).toBe('auto');

    const startup = await demoContentAtStartup(production(), db);

    expect(startup).toEqual({
      seeded: [],
      demo: false,
      warning: null,
      notice: 'No admin account yet: make the first one with npm run create-admin.',
    });
    expect(await contents(db)).toEqual({ users: [], grace100: false, seedRuns: 0 });
  });

  it('nor with DEMO_CONTENT=off', async () => {
    const db = await fresh();

    expect((await demoContentAtStartup(production({ DEMO_CONTENT: 'off' }), db)).seeded).toEqual([]);
    expect((await demoContentAtStartup(development({ DEMO_CONTENT: 'off' }), db)).seeded).toEqual([]);
    expect(await contents(db)).toEqual({ users: [], grace100: false, seedRuns: 0 });
  });

  describe('with DEMO_CONTENT=on in production (a public demo site)', () => {
    let db: Db;
    let startup: Awaited<ReturnType<typeof demoContentAtStartup>>;
    beforeAll(async () => {
      db = await fresh();
      startup = await demoContentAtStartup(production({ DEMO_CONTENT: 'on' }), db, accountsAndCoupons);
    });

    it('loads the demo content, its admin and GRACE100 included', async () => {
      expect(startup).toMatchObject({ seeded: accountsAndCoupons.map((s) => s.name), demo: true, notice: null });
      expect(await contents(db)).toMatchObject({
        users: demoAccounts.map((a) => ({ email: a.email, is_admin: a.is_admin })),
        grace100: true,
      });
    });

    it('warns in the start-up log that the demo accounts have public passwords', () => {
      expect(startup.warning).toMatch(/^DEMO_CONTENT=on: this production server holds the demo accounts/);
      expect(startup.warning).toContain(demoAdmin?.email);
      expect(startup.warning).toContain('passwords are public');
      expect(startup.warning).toContain('npm run create-admin');
    });

    it('and on every later start, which loads nothing new', async () => {
      const again = await demoContentAtStartup(production({ DEMO_CONTENT: 'on' }), db, accountsAndCoupons);

      expect(again.seeded).toEqual([]);
      expect(again.demo).toBe(true);
      expect(again.warning).toBe(startup.warning);
    });
  });

  it('outside production the default loads the demo content into an empty database, as the quick start promises', async () => {
    const db = await fresh();
    expect(development().DEMO_CONTENT).toBe('auto');

    const startup = await demoContentAtStartup(development(), db, accountsAndCoupons);

    expect(startup).toEqual({ seeded: accountsAndCoupons.map((s) => s.name), demo: true, warning: null, notice: null });
    expect(await contents(db)).toMatchObject({ grace100: true, seedRuns: accountsAndCoupons.length });
    expect((await contents(db)).users).toContainEqual({ email: demoAdmin?.email, is_admin: true });
    // A later start serves the same demo database (lists its accounts again) and loads the seeders added since.
    expect(
      await demoContentAtStartup(development(), db, [...accountsAndCoupons, { name: 'test.later', run: async () => {} }]),
    ).toMatchObject({
      seeded: ['test.later'],
      demo: true,
    });
  });

  it('never loads it into a database holding anything else, even with DEMO_CONTENT=on', async () => {
    const db = await fresh();
    await createUser(db, { email: 'pastor@ministry.example', is_admin: true });

    expect(await demoContentAtStartup(production({ DEMO_CONTENT: 'on' }), db)).toEqual({
      seeded: [],
      demo: false,
      warning: null,
      notice: null,
    });
    expect(await demoContentAtStartup(development(), db)).toMatchObject({ seeded: [], demo: false });
    expect(await contents(db)).toEqual({
      users: [{ email: 'pastor@ministry.example', is_admin: true }],
      grace100: false,
      seedRuns: 0,
    });
  });

  it('a production database seeded before (the demo admin with its published password) is left alone, with a warning until that password changes', async () => {
    const db = await fresh();
    await runSeeders(db, accountsAndCoupons);

    const startup = await demoContentAtStartup(production(), db);

    expect(startup).toMatchObject({ seeded: [], demo: false, notice: null });
    expect(startup.warning).toMatch(new RegExp(`demo admin ${demoAdmin?.email} with the password the README publishes`));

    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword('a password only the ministry knows') })
      .where('email', '=', demoAdmin?.email ?? '')
      .execute();
    expect((await demoContentAtStartup(production(), db)).warning).toBeNull();
  });
});

describe('two servers starting at once on an empty database (issue 31)', () => {
  it('load the demo content once: one loads it, the other waits and finds it there; both start', async () => {
    const database = await createTestDatabase();
    try {
      const both = await Promise.all([
        demoContentAtStartupOnce(development(), database, accountsAndCoupons),
        demoContentAtStartupOnce(development(), database, accountsAndCoupons),
      ]);

      expect(both.map((s) => s.seeded.length).sort()).toEqual([0, accountsAndCoupons.length]);
      expect(both.every((s) => s.demo)).toBe(true);
      expect(await contents(database.db)).toMatchObject({ grace100: true, seedRuns: accountsAndCoupons.length });
      expect((await contents(database.db)).users).toHaveLength(demoAccounts.length);
    } finally {
      await database.close();
    }
  });
});
