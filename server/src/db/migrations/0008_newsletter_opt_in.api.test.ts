import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database, Db } from '../database';
import { migrateTo as migrateToName } from '../migrate';

/**
 * 0008_newsletter_opt_in over a list written before double opt-in: the
 * addresses already on it stay subscribed; a new one starts pending, and a
 * stored link token must be a SHA-256 in hex.
 */
describe('0008_newsletter_opt_in', () => {
  let database: Database;
  let db: Db;
  const migrateTo = (name: Parameters<typeof migrateToName>[1]) => migrateToName(db, name);

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    db = database.db;
    await migrateTo('0007_user_cart');
    await db
      .insertInto('newsletter_subscribers')
      .values({ list_id: 'storyhouse-en', email: 'early@example.test' } as never)
      .execute();
    await migrateTo('0008_newsletter_opt_in');
    // An empty database migrated step by step, not a copy of the template: slow on a busy machine.
  }, 180_000);
  afterAll(() => database.close());

  it('keeps the addresses already on a list subscribed', async () => {
    const row = await db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', 'early@example.test')
      .executeTakeFirst();

    expect(row).toMatchObject({ confirmed_at: row?.created_at, confirm_token_hash: null, confirm_expires_at: null });
  });

  it('adds a new address pending, and refuses a token stored in the clear', async () => {
    const pending = await db
      .insertInto('newsletter_subscribers')
      .values({ list_id: 'storyhouse-en', email: 'new@example.test', confirm_token_hash: 'a'.repeat(64) })
      .returning('confirmed_at')
      .executeTakeFirstOrThrow();

    expect(pending.confirmed_at).toBeNull();
    await expect(
      db
        .insertInto('newsletter_subscribers')
        .values({ list_id: 'storyhouse-en', email: 'clear@example.test', confirm_token_hash: 'x'.repeat(43) })
        .execute(),
    ).rejects.toThrow(/check/);
  });
});
