import type { CartTotal } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';
import { cartKeys } from './cart-keys';

const path = '/crud/cart-session/total';
export const getCartTotal = () => api<CartTotal>(path);

/** A signed-in family's cart page arrives with its cart and totals (issue 27): the first render takes them from there. */
export const cartTotalQuery = () =>
  queryOptions({ queryKey: cartKeys.total, queryFn: getCartTotal, ...firstData<CartTotal>(path) });

export const useCartTotalQuery = () => useQuery(cartTotalQuery());
