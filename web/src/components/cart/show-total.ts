import type { CartTotal } from '@storyhouse/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { cartKeys } from './api/cart-keys';

/**
 * The answered CartTotal becomes the page's cart at once. A coupon or a
 * gift changes no line, counter or in-cart flag, so nothing else is asked
 * again; a total still on its way (a refetch on focus) is dropped so it
 * cannot undo this one.
 */
export async function showTotal(client: QueryClient, total: CartTotal) {
  await client.cancelQueries({ queryKey: cartKeys.total });
  client.setQueryData(cartKeys.total, total);
}
