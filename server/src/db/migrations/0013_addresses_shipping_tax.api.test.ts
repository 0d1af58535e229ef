import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { illinoisAddress } from '../../../test/factories';
import { insertUserCart, useMigratedDatabase } from '../../../test/migration-table';
import type { Addresses } from '../schema';

/**
 * 0013_addresses_shipping_tax: an address is complete, a cart's address is
 * its owner's, and the rate tables hold only rates the rules can use,
 * whatever code writes them.
 */
describe('0013_addresses_shipping_tax', () => {
  const t = useMigratedDatabase();
  let seq = 0;
  const newUser = async () =>
    (
      await t.db
        .insertInto('users')
        .values({ email: `address-${++seq}@example.test`, fname: 'A', lname: 'B' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const insertAddress = async (values: Partial<Insertable<Addresses>>, userId?: number) =>
    t.db
      .insertInto('addresses')
      .values({ ...illinoisAddress, user_id: userId ?? (await newUser()), ...values })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('stores a complete address only, with a listed state for the US and Canada', async () => {
    await expect(insertAddress({})).resolves.toBeDefined();
    await expect(insertAddress({ country_id: 87, state: 'ON' })).resolves.toBeDefined();
    await expect(insertAddress({ country_id: 88, state: 'San Juan' })).resolves.toBeDefined();
    for (const [bad, constraint] of [
      [{ fname: ' ' }, 'addresses_complete_check'],
      [{ postal_code: '' }, 'addresses_complete_check'],
      [{ city: 'x'.repeat(101) }, 'addresses_length_check'],
      [{ email: 'not an e-mail' }, 'addresses_email_check'],
      [{ state: 'ON' }, 'addresses_listed_state_fkey'],
      [{ country_id: 87, state: 'IL' }, 'addresses_listed_state_fkey'],
      [{ country_id: 9999 }, 'addresses_country_id_fkey'],
    ] as const) {
      await expect(insertAddress(bad)).rejects.toThrow(constraint);
    }
    await expect(insertAddress({ country_id: null as unknown as number })).rejects.toThrow(/null/);
  });

  it("keeps a cart's addresses its owner's, none on a guest cart, and clears them when the address goes", async () => {
    const cart = await insertUserCart(t.db);
    const { user_id } = await t.db.selectFrom('carts').select('user_id').where('id', '=', cart.id).executeTakeFirstOrThrow();
    const mine = await insertAddress({}, user_id ?? undefined);
    const theirs = await insertAddress({});
    const set = (values: { shipping_address_id?: number; billing_address_id?: number }) =>
      t.db.updateTable('carts').set(values).where('id', '=', cart.id).execute();

    await expect(set({ shipping_address_id: mine.id, billing_address_id: mine.id })).resolves.toBeDefined();
    await expect(set({ shipping_address_id: theirs.id })).rejects.toThrow(/carts_shipping_address_fkey/);
    await expect(set({ billing_address_id: theirs.id })).rejects.toThrow(/carts_billing_address_fkey/);
    await expect(t.db.updateTable('carts').set({ shipping_type: 'express' }).where('id', '=', cart.id).execute()).rejects.toThrow(
      /check/,
    );

    const session = await t.db
      .insertInto('sessions')
      .values({ id: `guest-${++seq}`, expires_at: new Date(Date.now() + 60_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      t.db.insertInto('carts').values({ session_id: session.id, shipping_address_id: theirs.id }).execute(),
    ).rejects.toThrow(/carts_address_owner_check/);

    await t.db.deleteFrom('addresses').where('id', '=', mine.id).execute();
    const after = await t.db
      .selectFrom('carts')
      .select(['user_id', 'shipping_address_id', 'billing_address_id', 'shipping_type'])
      .where('id', '=', cart.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ user_id, shipping_address_id: null, billing_address_id: null, shipping_type: 'economy' });
  });

  it('holds a rate for every zone and method, and only usable ones', async () => {
    const rates = await t.db.selectFrom('shipping_rates').selectAll().orderBy('zone').orderBy('method').execute();
    expect(rates.map((r) => `${r.zone}/${r.method}`)).toEqual([
      'canada/international',
      'international/international',
      'us/economy',
      'us/priority',
    ]);
    const insert = (zone: string, method: string, first = 100, additional = 50) =>
      t.db
        .insertInto('shipping_rates')
        .values({ zone, method, first_item_cents: first, additional_item_cents: additional })
        .execute();
    await expect(insert('us', 'economy')).rejects.toThrow(/shipping_rates_pkey/);
    for (const [zone, method] of [
      ['us', 'international'],
      ['canada', 'priority'],
      ['international', 'economy'],
      ['mars', 'international'],
    ]) {
      await expect(insert(zone ?? '', method ?? '')).rejects.toThrow(/check/);
    }
    await t.db.deleteFrom('shipping_rates').where('zone', '=', 'canada').execute();
    await expect(insert('canada', 'international', -1)).rejects.toThrow(/check/);
    await expect(insert('canada', 'international', 100, -1)).rejects.toThrow(/check/);
  });

  it('holds one tax rate per place, on taxable types only, for a listed state or the whole country', async () => {
    const il = await t.db.selectFrom('tax_rates').select(['country_id', 'state', 'rate_percent', 'taxable_types']).execute();
    expect(il).toEqual([
      { country_id: 33, state: 'IL', rate_percent: expect.stringMatching(/^6\.25/), taxable_types: ['physical', 'book'] },
    ]);

    const insert = (values: { country_id: number; state?: string | null; rate_percent?: number; taxable_types?: string[] }) =>
      t.db
        .insertInto('tax_rates')
        .values({ rate_percent: 5, ...values })
        .execute();
    await expect(insert({ country_id: 33, state: null })).resolves.toBeDefined();
    await expect(insert({ country_id: 33, state: null })).rejects.toThrow(/tax_rates_place_key/);
    await expect(insert({ country_id: 33, state: 'IL' })).rejects.toThrow(/tax_rates_place_key/);
    await expect(insert({ country_id: 33, state: 'ON' })).rejects.toThrow(/tax_rates_state_fkey/);
    await expect(insert({ country_id: 9999 })).rejects.toThrow(/fkey/);
    for (const rate of [0, -1, 100]) await expect(insert({ country_id: 87, rate_percent: rate })).rejects.toThrow(/check/);
    for (const types of [[], ['gift_card'], ['physical', 'donation']]) {
      await expect(insert({ country_id: 87, taxable_types: types })).rejects.toThrow(/tax_rates_types_check/);
    }
    await expect(
      insert({ country_id: 87, state: 'QC', rate_percent: 9.975, taxable_types: ['physical', 'digital_album'] }),
    ).resolves.toBeDefined();
  });
});
