import { type CartTotal, discountableSkuTypes, type LangCode } from '@storyhouse/contracts';
import { shareOut, toCents } from '../../lib/money';
import type { NewOrder, NewOrderLine } from './orders.repository';

/** Types the default tax rate names (tax_rates.taxable_types): the order's tax is shared among these lines. */
const TAXED_BY_DEFAULT = new Set(['physical', 'book']);

const isDiscountable = (type: string) => (discountableSkuTypes as readonly string[]).includes(type);

/** A plan or a monthly donation: it renews at the processor after this order paid its first period. */
export const isRecurringType = (type: string) => type === 'recurring_donation' || type === 'subscription';

/** The interval a recurring line renews at: the annual plan yearly, everything else monthly. */
export const intervalOf = (line: { type: string; code: string | null }) =>
  line.type === 'subscription' && line.code === 'annual' ? ('year' as const) : ('month' as const);

export interface OrderSnapshot {
  order: NewOrder;
  lines: NewOrderLine[];
}

/**
 * The order as the cart's total stands (issue 13 item 5): every line with
 * its title, product, unit price, quantity and its share of the coupon's
 * discount and of the tax, in integer cents, so the order reads the same
 * whatever happens to the catalogue later. The figures are the cart total's
 * own (cart.service.ts computes them, once).
 */
export function orderSnapshot(total: CartTotal, owner: { userId: number; cartId: number; langCode: LangCode }): OrderSnapshot {
  const lines = total.skus;
  const subtotals = lines.map((l) => toCents(l.subtotal_usd));
  const discountCents = total.coupon ? toCents(total.coupon.discount) : 0;
  const discounts = shareOut(
    discountCents,
    lines.map((l, i) => (isDiscountable(l.type) ? (subtotals[i] ?? 0) : 0)),
  );
  const taxCents = toCents(total.taxTotal);
  const taxed = lines.some((l) => TAXED_BY_DEFAULT.has(l.type)) ? (t: string) => TAXED_BY_DEFAULT.has(t) : () => true;
  const taxes = shareOut(
    taxCents,
    lines.map((l, i) => (taxed(l.type) ? (subtotals[i] ?? 0) - (discounts[i] ?? 0) : 0)),
  );
  const shipping = total.addresses.shipping;
  const billing = total.addresses.billing;
  return {
    order: {
      user_id: owner.userId,
      cart_id: owner.cartId,
      status: 'pending',
      lang_code: owner.langCode,
      subtotal_cents: toCents(total.subtotal),
      discount_cents: discountCents,
      gift_card_cents: toCents(total.gift_card_amount),
      shipping_cents: toCents(total.shippingCost),
      tax_cents: taxCents,
      total_cents: toCents(total.fullTotal),
      monthly_cents: toCents(total.monthlySubtotal),
      coupon_id: total.coupon?.coupon.id ?? null,
      coupon_code: total.coupon?.coupon.code ?? null,
      // As the family read it, in the order's language (decision 038).
      coupon_title: total.coupon?.coupon.title ?? null,
      shipping_type: shipping ? total.cart.shipping_type : null,
      shipping_address: shipping ? JSON.stringify(shipping) : null,
      billing_address: billing ? JSON.stringify(billing) : null,
      gift_name: total.gift?.name ?? null,
      gift_email: total.gift?.email ?? null,
      gift_message: total.gift?.message ?? null,
    },
    lines: lines.map((l, i) => ({
      position: i + 1,
      sku_id: l.sku_id,
      product_id: l.product_id,
      type: l.type,
      code: l.code,
      title: l.title,
      product_title: l.product_title,
      description: l.description,
      unit_price_cents: toCents(l.price_usd),
      quantity: l.quantity,
      subtotal_cents: subtotals[i] ?? 0,
      discount_cents: discounts[i] ?? 0,
      tax_cents: taxes[i] ?? 0,
      recipient_name: l.recipient?.name ?? null,
      recipient_email: l.recipient?.email ?? null,
      recipient_message: l.recipient?.message ?? null,
      cart_amount_line_id: l.line_id,
      fee_cents: toCents(l.fee_covered_usd),
      tribute: l.tribute ? JSON.stringify(l.tribute) : null,
      anonymous: l.anonymous,
    })),
  };
}
