import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';
import { cartKeys } from './cart-keys';

/** The shape of contracts' QuantityResponse: the sum of the lines' quantities. */
const path = '/crud/cart-session/skus/quantity';
export const getCartQuantity = () => api<{ quantity: number }>(path);

/**
 * Every change to the cart updates or invalidates it, so an answer is good
 * for a while: the page's embedded one (decision 014) is not asked again as
 * soon as the counter mounts.
 */
export const cartQuantityQuery = () =>
  queryOptions({
    queryKey: cartKeys.quantity,
    queryFn: getCartQuantity,
    staleTime: 30_000,
    ...firstData<{ quantity: number }>(path),
  });

export const useCartQuantityQuery = () => useQuery(cartQuantityQuery());

/**
 * How many items the cart holds (the sum of the quantities), 0 while loading
 * or on failure. Apart from use-cart, so the shell's counter loads it first
 * and the cart's changes can wait.
 */
export function useCartCount(): number {
  const { data } = useCartQuantityQuery();
  return data?.quantity ?? 0;
}
