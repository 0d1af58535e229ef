import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

describe('migrateToLatest', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(() => database.close());

  const tables = async () =>
    (
      await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(database.db)
    ).rows.map((r) => r.table_name);

  it('applies every migration, in order, to an empty database', async () => {
    expect(await tables()).toEqual([]);

    const applied = await migrateToLatest(database.db);

    expect(applied).toEqual(Object.keys(migrations));
    expect(await tables()).toEqual([
      'addresses',
      'admin_audit',
      'adventure_signups',
      'app_secrets',
      'bedtime_settings',
      'captcha_spent',
      'card_expiry_notices',
      'cart_amount_lines',
      'cart_lines',
      'carts',
      'cms_entries',
      'contact_messages',
      'countries',
      'coupon_lookups',
      'coupon_titles',
      'coupons',
      'daily_jobs',
      'email_change_tokens',
      'family_versions',
      'favourites',
      'free_mp3_downloads',
      'free_stories',
      'gift_card_debits',
      'gift_cards',
      'gift_receipts',
      'gift_skus',
      'gifts',
      'giving_fee_rule',
      'guest_book_entries',
      'listening_progress',
      'listening_queues',
      'mail_outbox',
      'masquerade_log',
      'media_files',
      'newsletter_subscribers',
      'newsletter_unsubscribe_tokens',
      'order_lines',
      'order_refunds',
      'order_return_lines',
      'order_returns',
      'orders',
      'ownership',
      'password_reset_tokens',
      'payment_customers',
      'payment_events',
      'product_slug_redirects',
      'products',
      'profile_albums',
      'profile_listening_days',
      'profiles',
      'promoted_skus',
      'rate_limits',
      'receipt_serials',
      'receipt_settings',
      'recurring_items',
      'renewal_failures',
      'renewal_payments',
      'return_reason_titles',
      'return_reasons',
      'seed_runs',
      'sessions',
      'shared_versions',
      'shipping_rates',
      'site_navigation',
      'site_navigation_versions',
      'sku_titles',
      'skus',
      'statement_runs',
      'statement_sends',
      'states',
      'tax_rates',
      'test_processor_cards',
      'test_processor_clock',
      'test_processor_customers',
      'test_processor_events',
      'test_processor_invoices',
      'test_processor_payments',
      'test_processor_refunds',
      'test_processor_setups',
      'test_processor_subscriptions',
      'test_processor_tokens',
      'transcript_cues',
      'transcripts',
      'users',
    ]);
  });

  it('is a no-op the second time', async () => {
    const before = await sql`select name, timestamp from kysely_migration order by name`.execute(database.db);

    const applied = await migrateToLatest(database.db);

    expect(applied).toEqual([]);
    const after = await sql`select name, timestamp from kysely_migration order by name`.execute(database.db);
    expect(after.rows).toEqual(before.rows);
  });

  it('leaves a schema that keeps e-mails unique regardless of case (spec §3 User)', async () => {
    await database.db.insertInto('users').values({ email: 'grace@example.test' }).execute();

    await expect(database.db.insertInto('users').values({ email: 'Grace@Example.test' }).execute()).rejects.toThrow(
      /users_email_key/,
    );
  });

  it('removes a user’s sessions with the user', async () => {
    const user = await database.db
      .insertInto('users')
      .values({ email: 'leaving@example.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('sessions')
      .values({ id: 'x'.repeat(64), user_id: user.id, expires_at: new Date(Date.now() + 60_000) })
      .execute();

    await database.db.deleteFrom('users').where('id', '=', user.id).execute();

    expect(await database.db.selectFrom('sessions').where('user_id', '=', user.id).selectAll().execute()).toEqual([]);
  });

  it('allows only the three site languages on navigation items', async () => {
    await expect(
      database.db.insertInto('site_navigation').values({ lang_code: 'fr', title: 'Accueil', url: '/' }).execute(),
    ).rejects.toThrow(/check constraint/);
  });
});

it('fails with the name of the migration that failed, and applies nothing of it', async () => {
  const database = await createTestDatabase({ migrated: false });
  try {
    await database.db.schema.createTable('users').addColumn('id', 'integer').execute();

    await expect(migrateToLatest(database.db)).rejects.toThrow(/Migration 0001_foundation failed/);
    const applied = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(database.db);
    expect(applied.rows[0]?.n).toBe(0);
  } finally {
    await database.close();
  }
});
