import { api } from '../../../lib/api-client';

export const setSkuQuantity = (skuId: number, quantity: number) =>
  api<unknown>('/crud/cart-session/skus/quantity', { method: 'POST', body: { sku_id: skuId, quantity } });
