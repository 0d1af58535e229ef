import type { CartLine } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';
import { cartKeys } from './cart-keys';

const path = '/crud/cart-session/skus';
export const getCartSkus = () => api<CartLine[]>(path);

/** Every change to the cart updates or invalidates it (use-cart.ts), so the page's embedded answer is not asked again at once. */
export const cartSkusQuery = () =>
  queryOptions({ queryKey: cartKeys.skus, queryFn: getCartSkus, staleTime: 30_000, ...firstData<CartLine[]>(path) });

export const useCartSkus = () => useQuery(cartSkusQuery());
