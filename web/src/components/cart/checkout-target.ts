import type { CartLine, SkuType } from '@storyhouse/contracts';

/** The lines that are shipped (spec §3 client view itemsToShip): CDs and books. */
export const shippedTypes = ['physical', 'book'] as const satisfies readonly SkuType[];

/** Whether anything in the cart is shipped (spec §2: the prompt for a shipping address, Proceed to /checkout). */
export const shipsItems = (lines: readonly CartLine[]) =>
  lines.some((l) => (shippedTypes as readonly SkuType[]).includes(l.type));

/**
 * Spec §2 Cart and checkout: proceeding goes to /checkout (step 1, shipping
 * details) when something is shipped, otherwise straight to /payment (step 2).
 */
export const checkoutTarget = (lines: readonly CartLine[]) => (shipsItems(lines) ? '/checkout' : '/payment');
