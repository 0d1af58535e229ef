import type { AddressResponse, AddressType, ShippingType } from '@storyhouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ShippingRate } from './shipping';
import type { TaxRate } from './tax';

/** Spec §3 Address, the columns the API shows. */
export const ADDRESS_COLUMNS = [
  'id',
  'user_id',
  'fname',
  'lname',
  'email',
  'phone',
  'line1',
  'country_id',
  'state',
  'city',
  'postal_code',
] as const;

export type AddressValues = Omit<AddressResponse, 'id' | 'user_id'>;

/**
 * The SQL of the address book, the cart's addresses and shipping method,
 * and the shipping and tax rates. Built over the database or a transaction.
 */
export function addressesRepository(db: Db) {
  return {
    /** Whether the country is one of GET /crud/countries (the same table the profile module serves). */
    async countryExists(id: number) {
      return (await db.selectFrom('countries').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /**
     * The user's address with exactly these values, or a new one: saving the
     * same address twice (a step back and forward at checkout) does not fill
     * the address book with copies.
     */
    async saveAddress(userId: number, values: AddressValues): Promise<AddressResponse> {
      const same = await db
        .selectFrom('addresses')
        .select(ADDRESS_COLUMNS)
        .where('user_id', '=', userId)
        .where('fname', '=', values.fname)
        .where('lname', '=', values.lname)
        .where('email', '=', values.email)
        .where('phone', '=', values.phone)
        .where('line1', '=', values.line1)
        .where('country_id', '=', values.country_id)
        .where('state', '=', values.state)
        .where('city', '=', values.city)
        .where('postal_code', '=', values.postal_code)
        .orderBy('id')
        .executeTakeFirst();
      if (same) return same;
      return db
        .insertInto('addresses')
        .values({ ...values, user_id: userId })
        .returning(ADDRESS_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** One of the user's addresses; undefined for an unknown id or anyone else's. */
    ownAddress(userId: number, id: number) {
      return db
        .selectFrom('addresses')
        .select(ADDRESS_COLUMNS)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Addresses by id (the cart's shipping and billing ones). */
    addressesById(ids: readonly number[]): Promise<AddressResponse[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('addresses').select(ADDRESS_COLUMNS).where('id', 'in', ids).execute();
    },

    /** Sets the cart's shipping or billing address (the carts foreign keys keep it the cart owner's). */
    async setCartAddress(cartId: number, type: AddressType, addressId: number) {
      const column = type === 'shipping' ? 'shipping_address_id' : 'billing_address_id';
      await db
        .updateTable('carts')
        .set({ [column]: addressId, updated_at: sql<Date>`now()` })
        .where('id', '=', cartId)
        .execute();
    },

    /** The user's carts forget their shipping and billing addresses (the address book keeps them). */
    async forgetCartAddresses(userId: number) {
      await db
        .updateTable('carts')
        .set({ shipping_address_id: null, billing_address_id: null, updated_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .execute();
    },

    async setShippingType(cartId: number, shippingType: ShippingType) {
      await db
        .updateTable('carts')
        .set({ shipping_type: shippingType, updated_at: sql<Date>`now()` })
        .where('id', '=', cartId)
        .execute();
    },

    /** Every shipping rate (one per zone and method: a handful of rows). */
    shippingRates(): Promise<ShippingRate[]> {
      return db.selectFrom('shipping_rates').select(['zone', 'method', 'first_item_cents', 'additional_item_cents']).execute();
    },

    /** The country's tax rates (its own and its states'), the rate in parts per million (6.25% is 62500). */
    taxRates(countryId: number): Promise<TaxRate[]> {
      return db
        .selectFrom('tax_rates')
        .select(['state', sql<number>`(rate_percent * 10000)::integer`.as('rate_ppm'), 'taxable_types'])
        .where('country_id', '=', countryId)
        .execute();
    },
  };
}
