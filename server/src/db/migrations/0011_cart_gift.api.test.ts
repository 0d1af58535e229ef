import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database, Db } from '../database';
import type { Carts } from '../schema';

/** 0011_cart_gift: a cart is a gift to a whole recipient or no gift, whatever code writes it. */
describe('0011_cart_gift', () => {
  let database: Database;
  let db: Db;
  let seq = 0;
  const insert = async (values: Partial<Insertable<Carts>>) => {
    const user = await db
      .insertInto('users')
      .values({ email: `gift-cart-${++seq}@example.test`, fname: 'A', lname: 'B' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return db
      .insertInto('carts')
      .values({ user_id: user.id, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it('holds no gift, or a name, an e-mail and a message together', async () => {
    await expect(insert({})).resolves.toBeDefined();
    await expect(insert({ gift_name: 'Rose', gift_email: 'rose@example.test', gift_message: '' })).resolves.toBeDefined();
    for (const half of [
      { gift_name: 'Rose' },
      { gift_email: 'rose@example.test' },
      { gift_message: 'Hello' },
      { gift_name: 'Rose', gift_email: 'rose@example.test' },
    ]) {
      await expect(insert(half)).rejects.toThrow(/carts_gift_check/);
    }
  });
});
