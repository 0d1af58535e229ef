import { z } from 'zod';
import { TitlesBody, TitlesByLang } from './admin-shop';
import { SiteQuery } from './common';
import { Id, IdParam, wholeNumber, wholeNumberParam } from './numbers';
import { text } from './text-fields';

/**
 * Stock and returns for what is posted (decision 061): a CD's or a book's
 * count on the shelf, the back office's low-stock list, the ministry's
 * reasons a parcel comes back, and the returns recorded on an order.
 */

const Usd = z.number().describe('US dollars, 2 decimals');
const IsoDate = z.string().describe('ISO date-time');

/** The most copies a count or a threshold may say (a ministry's shelf, not a warehouse). */
export const MAX_STOCK = 1_000_000;
/** The threshold a newly counted CD or book gets: at or below it, it is low on stock. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** The sku types that are posted, and so may be counted (spec §2 Cart: physical and book). */
export const stockedTypes = ['physical', 'book'] as const;
export const StockedType = z.enum(stockedTypes);
export type StockedType = z.infer<typeof StockedType>;

const Count = wholeNumber(0, MAX_STOCK);

/**
 * PUT /crud/admin/products/{id}/skus/{skuId}/stock: a CD's or a book's count
 * (null: not tracked, always for sale) and its low-stock threshold.
 * `stock_read` is the count the editor showed: sales go on while a volunteer
 * types, so a count that changed since is refused (409 stock_changed), never
 * overwritten. Audited with the count before and after.
 */
export const AdminStockBody = z
  .strictObject({
    stock: Count.nullable(),
    low_stock_threshold: Count,
    stock_read: Count.nullable(),
  })
  .meta({ id: 'AdminStockBody' });
export type AdminStockBody = z.input<typeof AdminStockBody>;

const TypedCount = wholeNumberParam(0, MAX_STOCK);

/**
 * The product editor's stock form as typed: counted or not, the copies (a
 * whole number, only when counted) and the threshold; what it sends is
 * AdminStockBody without `stock_read`, which the page adds.
 */
export const StockForm = z
  .object({ tracked: z.boolean(), stock: text(), low_stock_threshold: text() })
  .superRefine((v, ctx) => {
    const fields = v.tracked ? (['stock', 'low_stock_threshold'] as const) : (['low_stock_threshold'] as const);
    for (const field of fields) {
      const parsed = TypedCount.safeParse(v[field].trim(), { reportInput: true });
      for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ ...issue, path: [field] } as z.core.$ZodRawIssue);
    }
  })
  .transform((v) => ({
    stock: v.tracked ? TypedCount.parse(v.stock.trim()) : null,
    low_stock_threshold: TypedCount.parse(v.low_stock_threshold.trim()),
  }));

/** A counted CD or book at or below its threshold, for the back office's to-do list (lowStockProducts). */
export const LowStockProduct = z
  .object({
    product_id: z.number().int(),
    sku_id: z.number().int(),
    type: StockedType,
    /** The product's title, as the catalogue holds it. */
    title: z.string(),
    slug: z.string(),
    /** Copies on the shelf (what paid orders have not taken). */
    stock: z.number().int(),
    low_stock_threshold: z.number().int(),
  })
  .meta({ id: 'LowStockProduct' });
export type LowStockProduct = z.infer<typeof LowStockProduct>;

/** A reason a parcel comes back, as the back office lists it: titled in each language, retired or offered. */
export const ReturnReason = z
  .object({
    id: z.number().int(),
    /** In the back office's language (English where the ministry gave none). */
    title: z.string(),
    titles: TitlesByLang,
    retired: z.boolean(),
    /** Some return gave it: it can be retired, never deleted. */
    in_use: z.boolean(),
  })
  .meta({ id: 'ReturnReason' });
export type ReturnReason = z.infer<typeof ReturnReason>;

/** GET /crud/admin/return-reasons: offered first (in their order), then retired ones. */
export const ReturnReasonsResponse = z.object({ items: z.array(ReturnReason) }).meta({ id: 'ReturnReasons' });
export type ReturnReasonsResponse = z.infer<typeof ReturnReasonsResponse>;

/** POST /crud/admin/return-reasons (add) and PUT /crud/admin/return-reasons/{id} (rename): its titles. */
export const ReturnReasonBody = TitlesBody;
export type ReturnReasonBody = TitlesBody;
export const ReturnReasonParams = z.strictObject({ id: IdParam });

/** The most lines one return names (an order's lines are fewer). */
const MAX_RETURN_LINES = 100;

/**
 * POST /crud/admin/orders/{id}/returns: on a shipped order, what came back
 * (order lines of a CD or a book, how many of each: never more than were
 * bought less what came back before), why (an offered reason), and whether
 * it goes back on the shelf. Audited.
 */
export const RecordReturnBody = z
  .strictObject({
    lines: z
      .array(z.strictObject({ line_id: Id, quantity: wholeNumber(1, 99) }))
      .min(1)
      .max(MAX_RETURN_LINES)
      .refine((lines) => new Set(lines.map((l) => l.line_id)).size === lines.length, { message: 'validation.invalid' }),
    reason_id: Id,
    restock: z.boolean(),
  })
  .meta({ id: 'RecordReturnBody' });
export type RecordReturnBody = z.input<typeof RecordReturnBody>;

export const OrderReturnParams = z.strictObject({ id: IdParam, returnId: IdParam });

/** A posted line of the order as the Returns card offers it: how many were bought and how many came back. */
export const ReturnableLine = z.object({
  line_id: z.number().int(),
  type: StockedType,
  title: z.string(),
  quantity: z.number().int(),
  returned_quantity: z.number().int(),
});
export type ReturnableLine = z.infer<typeof ReturnableLine>;

/** A return recorded on an order, and the refund given from it (none yet, or its state). */
export const OrderReturn = z.object({
  id: z.number().int(),
  at: IsoDate,
  by: z.string(),
  reason: z.string(),
  restock: z.boolean(),
  lines: z.array(z.object({ line_id: z.number().int(), title: z.string(), quantity: z.number().int() })),
  refund: z.object({ status: z.enum(['pending', 'done', 'failed']), amount_usd: Usd }).nullable(),
  /**
   * What refunding it gives back now: the returned lines' part of what was
   * paid (their price after discount, with their tax), never more than is
   * left on the order; 0 when nothing is (already refunded).
   */
  refundable_usd: Usd,
});
export type OrderReturn = z.infer<typeof OrderReturn>;

/** GET /crud/admin/orders/{id}/returns: what can come back, what did, and the reasons to choose from. */
export const AdminOrderReturns = z
  .object({
    /** A return can be recorded: the order was paid (or partly refunded) and shipped, with something left to return. */
    can_return: z.boolean(),
    lines: z.array(ReturnableLine),
    returns: z.array(OrderReturn),
    /** The reasons offered (retired ones are not), in the back office's language. */
    reasons: z.array(z.object({ id: z.number().int(), title: z.string() })),
  })
  .meta({ id: 'AdminOrderReturns' });
export type AdminOrderReturns = z.infer<typeof AdminOrderReturns>;

/** The calls' language: the reasons are titled in the back office's site language. */
export const ReturnsQuery = SiteQuery;

/** The Returns card's field for how many copies of an order line came back. */
export const returnQuantityField = (lineId: number) => `quantity_${lineId}`;

/**
 * The Returns card's form as typed, for the order's lines with copies still
 * out (`left` each): how many came back of each (empty: none; never more
 * than left), a reason chosen, and restock. It sends RecordReturnBody, of the
 * lines with copies; at least one is needed.
 */
export function ReturnForm(lines: readonly { line_id: number; left: number }[]) {
  const quantities = Object.fromEntries(
    lines.map((l) => [returnQuantityField(l.line_id), z.union([z.literal(''), wholeNumberParam(0, l.left)])]),
  );
  return z
    .object({ reason_id: z.string().regex(/^\d+$/, 'errors.return_reason_unknown'), restock: z.boolean(), ...quantities })
    .superRefine((v, ctx) => {
      const chosen = lines.some((l) => Number((v as Record<string, unknown>)[returnQuantityField(l.line_id)] || 0) > 0);
      const [first] = lines;
      if (!chosen && first) {
        ctx.addIssue({ code: 'custom', path: [returnQuantityField(first.line_id)], message: 'admin.returns.nothingChosen' });
      }
    })
    .transform(
      (v): RecordReturnBody => ({
        reason_id: Number(v.reason_id),
        restock: v.restock,
        lines: lines.flatMap((l) => {
          const quantity = Number((v as Record<string, unknown>)[returnQuantityField(l.line_id)] || 0);
          return quantity > 0 ? [{ line_id: l.line_id, quantity }] : [];
        }),
      }),
    );
}
