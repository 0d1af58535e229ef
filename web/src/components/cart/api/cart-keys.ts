/**
 * Query keys of the cart. Every key starts with ['cart'] so one
 * invalidation refreshes the lines, the total and the counter together.
 */
export const cartKeys = {
  all: ['cart'] as const,
  skus: ['cart', 'skus'] as const,
  total: ['cart', 'total'] as const,
  quantity: ['cart', 'quantity'] as const,
};
