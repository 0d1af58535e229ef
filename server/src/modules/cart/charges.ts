import type { AddressResponse, CartAddresses, FreeShippingStatus, ShippingType } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { type PricedSku, priceCents } from '../catalogue/pricing';
import { addressesRepository } from './addresses.repository';
import { type ShippingRate, shippingCharge } from './shipping';
import { type TaxRate, taxCents, taxRateFor } from './tax';

/**
 * What a signed-in cart's shipping and tax depend on beyond its lines and
 * coupon (issue 12 item 7): its addresses, its method, the shipping rates
 * and the tax rates of the shipping address's country.
 */
export interface CartCharges {
  shippingAddress: AddressResponse | null;
  billingAddress: AddressResponse | null;
  shippingType: ShippingType;
  rates: readonly ShippingRate[];
  taxRates: readonly TaxRate[];
}

type ChargedLine = PricedSku & { type: string; quantity: number; is_shipped_free: boolean };

export interface Charges {
  shippingCents: number;
  taxCents: number;
  freeShipping: FreeShippingStatus | null;
  addresses: CartAddresses;
}

export const NO_CHARGES: Charges = {
  shippingCents: 0,
  taxCents: 0,
  freeShipping: null,
  addresses: { shipping: null, billing: null },
};

/**
 * Shipping and tax of the cart's lines, in cents. `discountCents` is the
 * coupon's discount on the lines (shared among them for tax). Tax follows
 * the shipping address: none without one.
 */
export function cartCharges(lines: readonly ChargedLine[], discountCents: number, charges: CartCharges | undefined): Charges {
  if (!charges) return NO_CHARGES;
  const address = charges.shippingAddress;
  const shipping = shippingCharge(lines, address?.country_id ?? null, charges.shippingType, charges.rates);
  const tax = address
    ? taxCents(
        lines.map((l) => ({ type: l.type, cents: priceCents(l) * l.quantity })),
        discountCents,
        taxRateFor(charges.taxRates, address.state),
      )
    : 0;
  return {
    shippingCents: shipping.cents,
    taxCents: tax,
    freeShipping: shipping.freeShipping,
    addresses: { shipping: address, billing: charges.billingAddress },
  };
}

/** The cart's method: the carts check keeps it economy (the default) or priority. */
export const shippingTypeOf = (value: string | undefined): ShippingType => (value === 'priority' ? 'priority' : 'economy');

/** What cartCharges needs, from what the total query read (cart.repository findTotalSource); the rates only with a shipping address. */
export function chargesOf(source: {
  cart: { shipping_type: string };
  shippingAddress: AddressResponse | null;
  billingAddress: AddressResponse | null;
  shippingRates: readonly ShippingRate[];
  taxRates: readonly TaxRate[];
}): CartCharges {
  const { shippingAddress } = source;
  return {
    shippingAddress,
    billingAddress: source.billingAddress,
    shippingType: shippingTypeOf(source.cart.shipping_type),
    rates: shippingAddress ? source.shippingRates : [],
    taxRates: shippingAddress ? source.taxRates : [],
  };
}

/** Loads what cartCharges needs for a cart; the rates only when it has a shipping address. */
export async function loadCharges(
  db: Db,
  cart: { shipping_type: string; shipping_address_id: number | null; billing_address_id: number | null },
): Promise<CartCharges> {
  const repo = addressesRepository(db);
  const ids = [cart.shipping_address_id, cart.billing_address_id].filter((id): id is number => id !== null);
  const found = await repo.addressesById(ids);
  const byId = (id: number | null) => found.find((a) => a.id === id) ?? null;
  const shippingAddress = byId(cart.shipping_address_id);
  return {
    shippingAddress,
    billingAddress: byId(cart.billing_address_id),
    shippingType: shippingTypeOf(cart.shipping_type),
    rates: shippingAddress ? await repo.shippingRates() : [],
    taxRates: shippingAddress ? await repo.taxRates(shippingAddress.country_id) : [],
  };
}
