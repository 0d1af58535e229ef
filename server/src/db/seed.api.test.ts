import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/factories';
import { demoAccounts } from '../modules/accounts/accounts.seed';
import { verifyPassword } from '../modules/accounts/password';
import type { Database } from './database';
import { isDemoDatabase, isEmptyDatabase, runSeeders, seeders } from './seed';
import type { Seeder } from './seeder';

describe('the demo content', () => {
  let t: TestApp;
  let firstRun: string[];
  beforeAll(async () => {
    // Seeded by hand (not createTestApp's `seed`) to see what the first run reports.
    t = await createTestApp();
    expect(await isEmptyDatabase(t.db)).toBe(true);
    firstRun = await runSeeders(t.db);
  });
  afterAll(() => t.close());

  it('runs every seeder once and records it', async () => {
    expect(firstRun).toEqual(seeders.map((s) => s.name));
    const recorded = await t.db.selectFrom('seed_runs').select('name').orderBy('name').execute();
    expect(recorded.map((r) => r.name)).toEqual(seeders.map((s) => s.name).sort());
    expect(await isEmptyDatabase(t.db)).toBe(false);
    expect(await isDemoDatabase(t.db)).toBe(true);
  });

  it('does nothing the second time', async () => {
    const users = await t.db.selectFrom('users').select('id').execute();
    const items = await t.db.selectFrom('site_navigation').select('id').execute();

    expect(await runSeeders(t.db)).toEqual([]);

    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
    expect(await t.db.selectFrom('site_navigation').select('id').execute()).toHaveLength(items.length);
  });

  it('gives the demo customer past paid orders (a CD, an album, a monthly plan, a monthly gift) through checkout, and a saved test card', async () => {
    const customer = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'family@storyhouse.example')
      .executeTakeFirstOrThrow();
    const orders = await t.db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.status', 'orders.card_last4', 'orders.gift_card_cents', 'order_lines.type'])
      .where('orders.user_id', '=', customer.id)
      .orderBy('orders.created_at')
      .execute();
    expect(orders).toEqual([
      { status: 'paid', card_last4: '4242', gift_card_cents: 0, type: 'subscription' },
      { status: 'paid', card_last4: '4242', gift_card_cents: 0, type: 'physical' },
      { status: 'paid', card_last4: '4242', gift_card_cents: 0, type: 'recurring_donation' },
      { status: 'paid', card_last4: '4242', gift_card_cents: 0, type: 'digital_album' },
    ]);
    // Issue 28 item 6: the plan renewed twice since (three paid invoices), the monthly gift not yet.
    const invoices = await t.db
      .selectFrom('test_processor_invoices as i')
      .innerJoin('recurring_items as r', 'r.subscription_id', 'i.subscription_id')
      .select(['r.type', 'i.status'])
      .where('r.user_id', '=', customer.id)
      .orderBy('r.type')
      .execute();
    expect(invoices).toEqual([
      { type: 'recurring_donation', status: 'paid' },
      { type: 'subscription', status: 'paid' },
      { type: 'subscription', status: 'paid' },
      { type: 'subscription', status: 'paid' },
    ]);
    const cards = await t.db
      .selectFrom('test_processor_cards')
      .innerJoin('payment_customers', 'payment_customers.customer_id', 'test_processor_cards.customer_id')
      .select('test_processor_cards.id')
      .where('payment_customers.user_id', '=', customer.id)
      .execute();
    expect(cards).toHaveLength(1);
    // The cart it used is empty again; the address book holds the address once.
    expect(
      await t.db
        .selectFrom('cart_lines')
        .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
        .select('sku_id')
        .where('carts.user_id', '=', customer.id)
        .execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('addresses').select('id').where('user_id', '=', customer.id).execute()).toHaveLength(1);
  });

  it('creates the demo accounts with scrypt-hashed passwords at the cheap demo cost, never the password itself', async () => {
    const users = await t.db.selectFrom('users').selectAll().orderBy('id').execute();

    expect(users.map((u) => [u.email, u.is_admin])).toEqual([
      ['family@storyhouse.example', false],
      ['admin@storyhouse.example', true],
    ]);
    for (const account of demoAccounts) {
      const user = users.find((u) => u.email === account.email);
      // Public test accounts: the cheap cost (password.ts DEMO_PASSWORD_HASH_PARAMS); real accounts get 2^17.
      expect(user?.password_hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
      expect(user?.password_hash).not.toContain(account.password);
      expect(await verifyPassword(account.password, user?.password_hash ?? '')).toBe(true);
      expect(await verifyPassword(`${account.password}!`, user?.password_hash ?? '')).toBe(false);
    }
  });

  it('gives each demo account its own salt', async () => {
    const hashes = (await t.db.selectFrom('users').select('password_hash').execute()).map((u) => u.password_hash?.split('$')[4]);

    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('serves a navigation in English, Spanish and Russian, with dropdown children', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/content/entry/list/site-navigation' });

    type Item = { title: string; lang_code: string; children: Item[] };
    const items: Item[] = res.json().items;
    const titles = (lang: string) => items.filter((i) => i.lang_code === lang).map((i) => i.title);
    expect(titles('en')).toEqual(['Home', 'Shop', 'Listen', 'About us', 'Support us']);
    expect(titles('es')).toEqual(['Inicio', 'Tienda', 'Escuchar', 'Quiénes somos', 'Apóyanos']);
    expect(titles('ru')).toEqual(['Главная', 'Магазин', 'Слушать', 'О нас', 'Поддержать']);
    const listen = items.find((i) => i.title === 'Listen');
    expect(listen?.children.map((c) => c.title)).toEqual(['Free streaming', 'Get a free MP3', 'Bible lessons']);
    expect(listen?.children.every((c) => c.lang_code === 'en' && c.children.length === 0)).toBe(true);
  });
});

describe('runSeeders', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('undoes a failing seeder completely and runs it again next time', async () => {
    let fail = true;
    const flaky: Seeder = {
      name: 'test.flaky',
      async run(db) {
        await db.insertInto('users').values({ email: 'half-written@example.test' }).execute();
        if (fail) throw new Error('demo data source unavailable');
      },
    };

    await expect(runSeeders(database.db, [flaky])).rejects.toThrow('demo data source unavailable');
    expect(await database.db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom('seed_runs').selectAll().execute()).toEqual([]);

    fail = false;
    expect(await runSeeders(database.db, [flaky])).toEqual(['test.flaky']);
    expect(await database.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'half-written@example.test' }]);
  });

  it('runs a seeder added later on a database seeded before it existed', async () => {
    const first: Seeder = { name: 'test.first', run: async () => {} };
    const later: Seeder = { name: 'test.later', run: async () => {} };
    await runSeeders(database.db, [first]);

    expect(await runSeeders(database.db, [first, later])).toEqual(['test.later']);
  });
});

describe('isEmptyDatabase', () => {
  it('is false for a database with users but no demo content (it is never seeded automatically)', async () => {
    const database = await createTestDatabase();
    try {
      await createUser(database.db);

      expect(await isEmptyDatabase(database.db)).toBe(false);
      expect(await isDemoDatabase(database.db)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
