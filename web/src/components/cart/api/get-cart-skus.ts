import type { CartLine } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartKeys } from './cart-keys';

export const getCartSkus = () => api<CartLine[]>('/crud/cart-session/skus');

export const cartSkusQuery = () => queryOptions({ queryKey: cartKeys.skus, queryFn: getCartSkus });

export const useCartSkus = () => useQuery(cartSkusQuery());
