import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { ORDER_NUMBER_PATTERN } from '../../lib/order-number';
import type { Database, Db } from '../database';
import { migrateTo } from '../migrate';

/**
 * 0050_order_numbers_fulfilment over orders written before it: each gets a
 * number of its own in the new form; the table then refuses a missing, a
 * repeated or a malformed number, and a tracking link that is not a web
 * address or comes before the parcel left (issue 27 item 8).
 */
describe('0050_order_numbers_fulfilment', () => {
  let database: Database;
  let db: Db;
  const before: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    db = database.db;
    await migrateTo(db, '0021_sku_titles');
    const { id: user } = await db
      .insertInto('users')
      .values({ email: 'before@example.test', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) {
      // The columns as they were before 0050 (no number yet).
      const { rows } = await sql<{ id: number }>`
        insert into orders (user_id, lang_code, subtotal_cents, total_cents) values (${user}, 'en', 999, 999) returning id
      `.execute(db);
      before.push(rows[0]?.id as number);
    }
    await migrateTo(db, '0050_order_numbers_fulfilment');
  });
  afterAll(() => database?.close());

  it('numbers every order placed before, each its own', async () => {
    const rows = await db.selectFrom('orders').select(['id', 'number']).orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual(before);
    for (const r of rows) expect(r.number).toMatch(ORDER_NUMBER_PATTERN);
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
  });

  it('refuses an order without a number, with another’s, or with one not in the form', async () => {
    const [first, second] = await db.selectFrom('orders').select(['id', 'number']).orderBy('id').execute();
    const set = (number: string | null) =>
      db
        .updateTable('orders')
        .set({ number: number as string })
        .where('id', '=', second?.id ?? 0)
        .execute();
    await expect(set(null)).rejects.toThrow(/null/);
    await expect(set(first?.number ?? '')).rejects.toThrow(/orders_number_key/);
    await expect(set('SH-1OI0-AB')).rejects.toThrow(/orders_number_format/);
    await expect(set(String(second?.id))).rejects.toThrow(/orders_number_format/);
  });

  it('keeps a tracking link to the web, and only once the parcel has left', async () => {
    const id = before[0] ?? 0;
    const track = (values: { shipped_at?: Date | null; tracking_url?: string | null; tracking_number?: string | null }) =>
      db.updateTable('orders').set(values).where('id', '=', id).execute();
    await expect(track({ tracking_number: '9400' })).rejects.toThrow(/orders_tracking_after_shipping/);
    await expect(track({ shipped_at: new Date(), tracking_url: 'javascript:alert(1)' })).rejects.toThrow(/check/);
    await expect(
      track({ shipped_at: new Date(), tracking_number: '9400', tracking_url: 'https://tools.usps.com/go/Track?n=9400' }),
    ).resolves.toBeDefined();
  });
});
