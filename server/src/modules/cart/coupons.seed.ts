import type { Seeder } from '../../db/seeder';
import { couponRepository } from './coupons.repository';

/**
 * Demo coupons (README "Demo coupons"), one for each thing a family may
 * meet: a percentage, an amount, a free order (the free-purchase path), an
 * expired code and a used-up one. A code that exists already is left as it
 * is.
 */
export const couponsSeeder: Seeder = {
  name: 'cart.demo-coupons',
  async run(db) {
    await couponRepository(db).insertMissing([
      { code: 'FAMILY10', title: '10% off for families', percent_off: 10 },
      { code: 'STORY5', title: '$5 off your stories', amount_off_cents: 500 },
      { code: 'GRACE100', title: 'A gift: your order is free', percent_off: 100 },
      { code: 'SPRING2025', title: 'Spring 2025: 20% off', percent_off: 20, expires_at: '2025-06-01T00:00:00Z' },
      { code: 'THANKYOU', title: 'Thank you: 15% off', percent_off: 15, max_redemptions: 50, redemptions: 50 },
    ]);
  },
};
