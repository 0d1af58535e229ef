import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartKeys } from './cart-keys';

/** The shape of contracts' QuantityResponse: the sum of the lines' quantities. */
export const getCartQuantity = () => api<{ quantity: number }>('/crud/cart-session/skus/quantity');

export const cartQuantityQuery = () => queryOptions({ queryKey: cartKeys.quantity, queryFn: getCartQuantity });

export const useCartQuantityQuery = () => useQuery(cartQuantityQuery());
