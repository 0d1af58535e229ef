import { api } from '../../../lib/api-client';

/** Spec §4 Cart: quantity is 1 when adding; an sku already in the cart stays as it is. */
export const addSku = (skuId: number) =>
  api<unknown>('/crud/cart-session/skus', { method: 'POST', body: { sku_id: skuId, quantity: 1, auto_update: false } });

export const addManySkus = (skuIds: number[]) =>
  api<unknown>('/crud/cart-session/skus/many', { method: 'POST', body: { sku_ids: skuIds } });
