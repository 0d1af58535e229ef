import type { ShippingTiersResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cartKeys } from '../../../components/cart/api/cart-keys';
import { api } from '../../../lib/api-client';

/**
 * GET /crud/shipping-tiers/{cartId}?country_id (spec §7 Cart, issue 27 item
 * 7): the methods an address in that country chooses from, with this cart's
 * prices, before the address is saved.
 */
export const getShippingTiers = (cartId: number, countryId: number) =>
  api<ShippingTiersResponse>(`/crud/shipping-tiers/${cartId}?country_id=${countryId}`);

/** Under the cart's key: any cart change (a quantity, the address) asks for the prices again. */
export const shippingTiersQuery = (cartId: number, countryId: number) =>
  queryOptions({
    queryKey: [...cartKeys.all, 'shipping-tiers', cartId, countryId],
    queryFn: () => getShippingTiers(cartId, countryId),
  });

/** The methods for the cart `cartId` shipping to `countryId`; not asked while the address is not complete (null). */
export const useShippingTiers = (cartId: number, countryId: number | null) =>
  useQuery({ ...shippingTiersQuery(cartId, countryId ?? 0), enabled: countryId !== null });
