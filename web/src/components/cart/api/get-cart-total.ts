import type { CartTotal } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartKeys } from './cart-keys';

export const getCartTotal = () => api<CartTotal>('/crud/cart-session/total');

export const cartTotalQuery = () => queryOptions({ queryKey: cartKeys.total, queryFn: getCartTotal });

export const useCartTotalQuery = () => useQuery(cartTotalQuery());
