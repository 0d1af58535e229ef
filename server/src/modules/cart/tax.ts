import { discountableSkuTypes } from '@storyhouse/contracts';
import { shareOut } from '../../lib/money';

/**
 * Sales tax, pure (issue 12 item 7). Money in integer cents; the rate in
 * parts per million (6.25% is 62,500), read from tax_rates.rate_percent.
 */
export interface TaxRate {
  /** null: the rate of the whole country. */
  state: string | null;
  rate_ppm: number;
  taxable_types: readonly string[];
}

/** What tax needs of a cart line: its type and what it costs (price × quantity, before the coupon). */
export interface TaxableLine {
  type: string;
  cents: number;
}

const isDiscountable = (type: string) => discountableSkuTypes.includes(type as (typeof discountableSkuTypes)[number]);

/** The rate of the shipping address: its state's when it has one, else its country's; undefined when untaxed. */
export function taxRateFor(rates: readonly TaxRate[], state: string): TaxRate | undefined {
  return rates.find((r) => r.state === state) ?? rates.find((r) => r.state === null);
}

/**
 * The coupon's discount shared among the discountable lines in proportion to
 * what each costs, in whole cents that add up to the discount exactly
 * (largest remainder; ties go to the earlier line). Other lines get 0.
 */
export function allocateDiscount(lines: readonly TaxableLine[], discountCents: number): number[] {
  return shareOut(
    discountCents,
    lines.map((l) => (isDiscountable(l.type) ? l.cents : 0)),
  );
}

/**
 * The order's tax: the rate on the taxable lines (the types the rate names,
 * physical and book by default), each after its share of the coupon's
 * discount, rounded half up once for the order. Shipping is not taxed.
 */
export function taxCents(lines: readonly TaxableLine[], discountCents: number, rate: TaxRate | undefined): number {
  if (!rate) return 0;
  const shares = allocateDiscount(lines, discountCents);
  let base = 0;
  lines.forEach((l, i) => {
    if (rate.taxable_types.includes(l.type)) base += l.cents - (shares[i] ?? 0);
  });
  return Math.floor((base * rate.rate_ppm + 500_000) / 1_000_000);
}
