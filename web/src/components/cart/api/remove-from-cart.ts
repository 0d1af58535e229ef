import { api } from '../../../lib/api-client';

export const removeSku = (skuId: number) =>
  api<unknown>(`/crud/cart-session/skus?sku_id=${encodeURIComponent(skuId)}`, { method: 'DELETE' });
