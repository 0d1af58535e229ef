import { z } from 'zod';
import { SkuType } from './catalogue';
import { SiteQuery } from './common';

/** Largest quantity of one physical or book line (a family order, not a wholesale one). */
export const MAX_LINE_QUANTITY = 99;

const SkuId = z.coerce.number().int().min(1).max(2147483647);
const Usd = z.number().describe('US dollars, 2 decimals');

/** Spec §3 Cart sku line. */
export const CartLine = z
  .object({
    sku_id: z.number().int(),
    type: SkuType,
    title: z.string(),
    code: z.string().nullable(),
    product_id: z.number().int().nullable(),
    product_title: z.string().nullable(),
    product_slug: z.string().nullable(),
    quantity: z.number().int(),
    price_usd: Usd,
    full_price_usd: Usd,
    subtotal_usd: Usd,
    full_price_subtotal_usd: Usd,
    is_shipped_free: z.boolean(),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof CartLine>;

export const CartLines = z.array(CartLine);

/** POST /crud/cart-session/skus: spec §4, quantity is 1 when adding. */
export const AddSkuBody = z.strictObject({
  sku_id: SkuId,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
  /** When the sku is already in the cart: true sets its quantity, false leaves it. */
  auto_update: z.boolean().default(false),
});

/** POST /crud/cart-session/skus/many */
export const AddManySkusBody = z.strictObject({ sku_ids: z.array(SkuId).min(1).max(100) });

/** POST /crud/cart-session/skus/quantity */
export const SetQuantityBody = z.strictObject({
  sku_id: SkuId,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

export const SkuIdQuery = SiteQuery.extend({ sku_id: SkuId });
export const ProductIdQuery = SiteQuery.extend({ product_id: SkuId });

export const QuantityResponse = z.object({ quantity: z.number().int() }).meta({ id: 'CartQuantity' });

/** GET /crud/cart-session/total */
export const CartTotal = z
  .object({
    cart: z.object({ id: z.number().int().nullable(), user_id: z.number().int().nullable() }),
    skus: CartLines,
    subtotal: Usd,
    fullPriceTotal: Usd,
    total: Usd,
  })
  .meta({ id: 'CartTotal' });
export type CartTotal = z.infer<typeof CartTotal>;
