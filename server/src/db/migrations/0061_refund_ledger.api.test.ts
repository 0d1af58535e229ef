import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { createUser } from '../../../test/factories';
import type { Database, Db } from '../database';
import { migrateTo } from '../migrate';

/**
 * 0061_refund_ledger over gift cards bought before it: each gift card gift
 * finds its own line (two alike in one order, one each), so a refund of a
 * line takes back only its card (decision 036); a downloads gift has none.
 * A cancel's refund is a source the ledger takes.
 */
describe('0061_refund_ledger', () => {
  let database: Database;
  let db: Db;
  let orderId = 0;
  const lines: number[] = [];
  const gifts: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    db = database.db;
    await migrateTo(db, '0060_navigation_versions');
    const buyer = await createUser(db);
    ({ id: orderId } = await db
      .insertInto('orders')
      .values({ user_id: buyer.id, number: 'SH-2345-69', lang_code: 'en', subtotal_cents: 9500, total_cents: 9500 })
      .returning('id')
      .executeTakeFirstOrThrow());
    // Two $25 cards for Ana, then a $45 one for Ben.
    const cards = [
      { email: 'ana@example.test', cents: 2500 },
      { email: 'ana@example.test', cents: 2500 },
      { email: 'ben@example.test', cents: 4500 },
    ];
    for (const [i, card] of cards.entries()) {
      const line = await db
        .insertInto('order_lines')
        .values({
          order_id: orderId,
          position: i + 1,
          type: 'gift_card',
          title: 'Gift card',
          quantity: 1,
          unit_price_cents: card.cents,
          subtotal_cents: card.cents,
          recipient_email: card.email,
          recipient_name: 'Friend',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      lines.push(line.id);
    }
    // The gifts, written in another order than the lines.
    for (const i of [2, 0, 1]) {
      const card = cards[i]!;
      const gift = await db
        .insertInto('gifts')
        .values({
          order_id: orderId,
          kind: 'gift_card',
          hash_sha256: String(i).repeat(64),
          recipient_email: card.email,
          recipient_name: 'Friend',
          sender_user_id: buyer.id,
          amount_cents: card.cents,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      gifts[i] = gift.id;
    }
    await migrateTo(db, '0061_refund_ledger');
  });
  afterAll(() => database?.close());

  it('ties each gift card to a line of its own: the same recipient and amount, in order', async () => {
    const rows = await db.selectFrom('gifts').select(['id', 'order_line_id']).orderBy('id').execute();
    const lineOf = new Map(rows.map((r) => [r.id, r.order_line_id]));
    expect(lineOf.get(gifts[2]!)).toBe(lines[2]);
    expect(new Set([lineOf.get(gifts[0]!), lineOf.get(gifts[1]!)])).toEqual(new Set([lines[0], lines[1]]));
  });

  it('records a cancel’s refund, and refuses a source it does not know', async () => {
    const refund = (source: string, key: string) =>
      db.insertInto('order_refunds').values({ order_id: orderId, amount_cents: 100, idempotency_key: key, source }).execute();
    await expect(refund('cancellation', 'cancel-sub-1')).resolves.toBeDefined();
    await expect(refund('somebody', 'other-1')).rejects.toThrow(/order_refunds_source_check/);
  });
});
