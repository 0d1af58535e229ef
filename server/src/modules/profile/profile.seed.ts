import { randomBytes } from 'node:crypto';
import type { Seeder } from '../../db/seeder';

const code = () => randomBytes(8).toString('hex').toUpperCase();

/**
 * Demo gift cards the demo customer received (spec §2 Settings: the gift
 * card records table), one from the demo admin and one anonymous, and the
 * customer's saved address. Runs after accounts.demo-users.
 */
export const profileSeeder: Seeder = {
  name: 'profile.demo-gift-cards',
  async run(db) {
    const customer = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'family@storyhouse.example')
      .executeTakeFirst();
    const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@storyhouse.example').executeTakeFirst();
    if (!customer) return;
    const day = 24 * 60 * 60 * 1000;
    await db
      .insertInto('gift_cards')
      .values([
        {
          code: code(),
          purchaser_user_id: admin?.id ?? null,
          recipient_user_id: customer.id,
          original_amount_cents: 5000,
          balance_cents: 3250,
          created_at: new Date(Date.now() - 40 * day),
          claimed_at: new Date(Date.now() - 39 * day),
        },
        {
          code: code(),
          purchaser_user_id: null,
          recipient_user_id: customer.id,
          original_amount_cents: 2500,
          balance_cents: 2500,
          created_at: new Date(Date.now() - 5 * day),
          claimed_at: new Date(Date.now() - 5 * day),
        },
      ])
      .execute();
    // The demo orders (orders.seed.ts, run first) saved this address already.
    const saved = await db.selectFrom('addresses').select('id').where('user_id', '=', customer.id).executeTakeFirst();
    if (saved) return;
    await db
      .insertInto('addresses')
      .values({
        user_id: customer.id,
        fname: 'Grace',
        lname: 'Miller',
        email: 'family@storyhouse.example',
        phone: '+1 864 555 0100',
        line1: '12 Elm Street',
        country_id: 33,
        state: 'SC',
        city: 'Greenville',
        postal_code: '29601',
      })
      .execute();
  },
};
