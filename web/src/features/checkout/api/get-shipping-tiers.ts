import type { ShippingTiersResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cartKeys } from '../../../components/cart/api/cart-keys';
import { api } from '../../../lib/api-client';

/** GET /crud/shipping-tiers/{cartId} (spec §7 Cart): the methods the cart's shipping address chooses from, with prices. */
export const getShippingTiers = (cartId: number) => api<ShippingTiersResponse>(`/crud/shipping-tiers/${cartId}`);

/** Under the cart's key: any cart change (a quantity, the address) asks for the prices again. */
export const shippingTiersQuery = (cartId: number) =>
  queryOptions({ queryKey: [...cartKeys.all, 'shipping-tiers', cartId], queryFn: () => getShippingTiers(cartId) });

/** The methods for the cart `cartId`; not asked while there is no cart or no shipping address to price. */
export const useShippingTiers = (cartId: number | null, enabled: boolean) =>
  useQuery({ ...shippingTiersQuery(cartId ?? 0), enabled: enabled && cartId !== null });
