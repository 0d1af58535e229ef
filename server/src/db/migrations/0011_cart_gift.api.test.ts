import { describe, expect, it } from 'vitest';
import { insertUserCart, useMigratedDatabase } from '../../../test/migration-table';

/** 0011_cart_gift: a cart is a gift to a whole recipient or no gift, whatever code writes it. */
describe('0011_cart_gift', () => {
  const t = useMigratedDatabase();

  it('holds no gift, or a name, an e-mail and a message together', async () => {
    await expect(insertUserCart(t.db, {})).resolves.toBeDefined();
    await expect(
      insertUserCart(t.db, { gift_name: 'Rose', gift_email: 'rose@example.test', gift_message: '' }),
    ).resolves.toBeDefined();
    for (const half of [
      { gift_name: 'Rose' },
      { gift_email: 'rose@example.test' },
      { gift_message: 'Hello' },
      { gift_name: 'Rose', gift_email: 'rose@example.test' },
    ]) {
      await expect(insertUserCart(t.db, half)).rejects.toThrow(/carts_gift_check/);
    }
  });
});
