import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { createProduct, createUser } from '../../../test/factories';
import type { Database, Db } from '../database';
import { migrateTo } from '../migrate';

/**
 * 0051_gift_orders_give_the_buyer_nothing over what earlier gift orders
 * recorded: the CD a gift order shipped to its recipient is no longer the
 * buyer's; what the buyer bought for themselves, and what a recipient
 * claimed, stay (issue 27 item 11).
 */
describe('0051_gift_orders_give_the_buyer_nothing', () => {
  let database: Database;
  let db: Db;
  const kept: number[] = [];
  let dropped = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    db = database.db;
    await migrateTo(db, '0050_order_numbers_fulfilment');
    const buyer = await createUser(db);
    const recipient = await createUser(db);
    const ruth = await createProduct(db, { slug: 'ruth', title: 'Ruth' }, { album: 899, cd: 546 });
    const order = (number: string, gift: boolean) =>
      db
        .insertInto('orders')
        .values({
          user_id: buyer.id,
          number,
          lang_code: 'en',
          subtotal_cents: 1445,
          total_cents: 1445,
          ...(gift ? { gift_email: recipient.email, gift_name: 'Ana' } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const giftOrder = await order('SH-2345-67', true);
    const ownOrder = await order('SH-2345-68', false);
    const { id: gift } = await db
      .insertInto('gifts')
      .values({
        order_id: giftOrder.id,
        kind: 'downloads',
        hash_sha256: 'a'.repeat(64),
        recipient_email: recipient.email,
        recipient_name: 'Ana',
        sender_user_id: buyer.id,
        claimed_by_user_id: recipient.id,
        claimed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const own = (user_id: number, sku_id: number, type: string, by: { order_id?: number; gift_id?: number }) =>
      db
        .insertInto('ownership')
        .values({ user_id, sku_id, product_id: ruth.id, type, ...by })
        .returning('id')
        .executeTakeFirstOrThrow();
    dropped = (await own(buyer.id, ruth.cd, 'physical', { order_id: giftOrder.id })).id;
    kept.push((await own(buyer.id, ruth.album, 'digital_album', { order_id: ownOrder.id })).id);
    kept.push((await own(recipient.id, ruth.album, 'digital_album', { gift_id: gift })).id);
    await migrateTo(db, '0051_gift_orders_give_the_buyer_nothing');
  });
  afterAll(() => database?.close());

  it('takes from the buyer what their gift order shipped to someone else, and nothing else', async () => {
    const rows = await db.selectFrom('ownership').select('id').orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual(kept);
    expect(rows.map((r) => r.id)).not.toContain(dropped);
  });
});
