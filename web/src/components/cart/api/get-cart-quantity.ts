import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartKeys } from './cart-keys';

/** The shape of contracts' QuantityResponse: the sum of the lines' quantities. */
export const getCartQuantity = () => api<{ quantity: number }>('/crud/cart-session/skus/quantity');

export const cartQuantityQuery = () => queryOptions({ queryKey: cartKeys.quantity, queryFn: getCartQuantity });

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
