import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertUserCart, useMigratedDatabase } from '../../../test/migration-table';
import type { Coupons } from '../schema';

/**
 * 0010_coupons: the table refuses what the rules could never use, whatever
 * code writes to it (an admin screen, a checkout counting redemptions).
 */
describe('0010_coupons', () => {
  const t = useMigratedDatabase();
  let seq = 0;
  const insert = (values: Partial<Insertable<Coupons>>) =>
    t.db
      .insertInto('coupons')
      .values({ code: `C${++seq}`, title: 'A coupon', ...values })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('takes a percentage or an amount off, exactly one of them, within range', async () => {
    await expect(insert({ percent_off: 100 })).resolves.toBeDefined();
    await expect(insert({ amount_off_cents: 1 })).resolves.toBeDefined();
    for (const bad of [
      {},
      { percent_off: 10, amount_off_cents: 500 },
      { percent_off: 0 },
      { percent_off: 101 },
      { amount_off_cents: 0 },
    ]) {
      await expect(insert(bad)).rejects.toThrow(/check/);
    }
  });

  it('keeps redemptions within the limit', async () => {
    await expect(insert({ percent_off: 10, max_redemptions: 5, redemptions: 5 })).resolves.toBeDefined();
    await expect(insert({ percent_off: 10, max_redemptions: 5, redemptions: 6 })).rejects.toThrow(/check/);
    await expect(insert({ percent_off: 10, max_redemptions: 0 })).rejects.toThrow(/check/);
    await expect(insert({ percent_off: 10, redemptions: -1 })).rejects.toThrow(/check/);
  });

  it('holds one coupon per code whatever its case', async () => {
    await insert({ code: 'Family10', percent_off: 10 });

    await expect(insert({ code: 'FAMILY10', percent_off: 20 })).rejects.toThrow(/coupons_code_key/);
  });

  it('leaves a cart without its coupon when the coupon is deleted', async () => {
    const coupon = await insert({ percent_off: 10 });
    const cart = await insertUserCart(t.db, { coupon_id: coupon.id });

    await t.db.deleteFrom('coupons').where('id', '=', coupon.id).execute();

    const row = await t.db.selectFrom('carts').select('coupon_id').where('id', '=', cart.id).executeTakeFirstOrThrow();
    expect(row.coupon_id).toBeNull();
  });
});
