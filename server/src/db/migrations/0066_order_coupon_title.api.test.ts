import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { createUser } from '../../../test/factories';
import type { Database, Db } from '../database';
import { migrateTo } from '../migrate';

/**
 * 0065_coupon_titles and 0066_order_coupon_title (decision 038): a coupon's
 * Spanish and Russian titles, and an order keeping its coupon's title. The
 * orders paid before 0066 read their coupon's title in their language, else
 * its English one; an order without a coupon has none.
 */
describe('0065_coupon_titles, 0066_order_coupon_title', () => {
  let database: Database;
  let db: Db;
  const orders: Record<'es' | 'ru' | 'en' | 'none', number> = { es: 0, ru: 0, en: 0, none: 0 };

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    db = database.db;
    await migrateTo(db, '0065_coupon_titles');
    const buyer = await createUser(db);
    const { id: couponId } = await db
      .insertInto('coupons')
      .values({ code: 'FAMILY10', title: '10% off for families', percent_off: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('coupon_titles').values({ coupon_id: couponId, lang_code: 'es', title: '10 % para familias' }).execute();
    let n = 0;
    const order = async (lang: string, coupon: boolean) =>
      (
        await db
          .insertInto('orders')
          .values({
            user_id: buyer.id,
            number: `SH-2345-7${++n + 1}`,
            lang_code: lang,
            subtotal_cents: 1000,
            discount_cents: coupon ? 100 : 0,
            total_cents: coupon ? 900 : 1000,
            coupon_id: coupon ? couponId : null,
            coupon_code: coupon ? 'FAMILY10' : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    orders.es = await order('es', true);
    orders.ru = await order('ru', true);
    orders.en = await order('en', true);
    orders.none = await order('es', false);
    await migrateTo(db, '0066_order_coupon_title');
  });
  afterAll(() => database?.close());

  it('gives each earlier order its coupon’s title in its language, else the English one', async () => {
    const rows = await db.selectFrom('orders').select(['id', 'coupon_title']).execute();
    const title = (id: number) => rows.find((r) => r.id === id)?.coupon_title;
    expect(title(orders.es)).toBe('10 % para familias');
    expect(title(orders.ru)).toBe('10% off for families');
    expect(title(orders.en)).toBe('10% off for families');
    expect(title(orders.none)).toBeNull();
  });

  it('refuses a title in English (the coupon’s own), in no language, or empty', async () => {
    const { id } = await db.selectFrom('coupons').select('id').executeTakeFirstOrThrow();
    for (const row of [
      { coupon_id: id, lang_code: 'en', title: 'Twice' },
      { coupon_id: id, lang_code: 'fr', title: 'Pour les familles' },
      { coupon_id: id, lang_code: 'ru', title: '  ' },
    ]) {
      await expect(db.insertInto('coupon_titles').values(row).execute()).rejects.toThrow(/check constraint/);
    }
  });
});
