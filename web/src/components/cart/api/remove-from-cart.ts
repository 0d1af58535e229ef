import type { CartLine } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/**
 * Removes a line by the call of its kind: a donation by its line id, the
 * gift card (one per order) by its own call, any other line by its sku.
 */
export function removeLine(line: Pick<CartLine, 'sku_id' | 'line_id' | 'type'>) {
  if (line.type === 'gift_card') return api<unknown>('/crud/cart-session/gift-card', { method: 'DELETE' });
  if (line.line_id !== null) {
    return api<unknown>(`/crud/cart-session/donations?line_id=${encodeURIComponent(line.line_id)}`, { method: 'DELETE' });
  }
  return api<unknown>(`/crud/cart-session/skus?sku_id=${encodeURIComponent(line.sku_id)}`, { method: 'DELETE' });
}
