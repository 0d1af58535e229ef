import { COUNTRY_ID, type FreeShippingStatus, isUsCountry, type ShippingType } from '@storyhouse/contracts';

/**
 * Shipping, pure (issue 12 item 7, spec §5 Free shipping). Money in integer
 * cents. The rates come from the shipping_rates table: one row per zone and
 * method, a price for the first item and one for each further item.
 */
export type ShippingZone = 'us' | 'canada' | 'international';
export type ShippingMethod = ShippingType | 'international';

export interface ShippingRate {
  zone: string;
  method: string;
  first_item_cents: number;
  additional_item_cents: number;
}

/** What shipping needs of a cart line. */
export interface ShippableLine {
  type: string;
  quantity: number;
  is_shipped_free: boolean;
}

export interface ShippingCharge {
  cents: number;
  /** Null when nothing ships (no line to ship, or no shipping address). */
  freeShipping: FreeShippingStatus | null;
}

/** Spec §3 client view itemsToShip: CDs and books are the lines that ship. */
export const isShipped = (type: string) => type === 'physical' || type === 'book';

/** Spec §5: the US and its territories are one zone; Canada has its own rate; everywhere else the international one. */
export function zoneOf(countryId: number): ShippingZone {
  if (isUsCountry(countryId)) return 'us';
  return countryId === COUNTRY_ID.canada ? 'canada' : 'international';
}

/** A US address ships by the method chosen; elsewhere there is one method, whatever the cart says. */
export const methodOf = (zone: ShippingZone, type: ShippingType): ShippingMethod => (zone === 'us' ? type : 'international');

/**
 * The shipping of these lines to that country with that method. Free
 * shipping is for US addresses with economy only, item by item: the lines
 * that ship free cost nothing and the others pay the rate as if alone
 * (first item, then each further one). Priority and non-US addresses pay for
 * every item. Throws when the table has no rate for the zone and method: the
 * migration inserts all four, so a missing one is a broken database, not
 * something to charge 0 for.
 */
export function shippingCharge(
  lines: readonly ShippableLine[],
  countryId: number | null,
  type: ShippingType,
  rates: readonly ShippingRate[],
): ShippingCharge {
  const shipped = lines.filter((l) => isShipped(l.type));
  if (shipped.length === 0 || countryId === null) return { cents: 0, freeShipping: null };
  const zone = zoneOf(countryId);
  const method = methodOf(zone, type);
  const rate = rates.find((r) => r.zone === zone && r.method === method);
  if (!rate) throw new Error(`No shipping rate for zone ${zone}, method ${method}`);
  const freeApplies = zone === 'us' && method === 'economy';
  const total = shipped.reduce((n, l) => n + l.quantity, 0);
  const free = freeApplies ? shipped.reduce((n, l) => n + (l.is_shipped_free ? l.quantity : 0), 0) : 0;
  const charged = total - free;
  const cents = charged === 0 ? 0 : rate.first_item_cents + (charged - 1) * rate.additional_item_cents;
  const freeShipping: FreeShippingStatus = free === 0 ? 'disqualified' : charged === 0 ? 'qualified_all' : 'qualified_some';
  return { cents, freeShipping };
}

/**
 * The day `days` business days after `from` (decision 071): Saturdays and
 * Sundays are not counted, holidays are (an estimate, said as one). UTC
 * calendar days; the time of day is dropped.
 */
export function addBusinessDays(from: Date, days: number): Date {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return day;
}

/** When a parcel sent on `from` by a rate of `min_days`-`max_days` business days should arrive; null without an estimate. */
export function deliveryWindow(from: Date, rate: { min_days: number | null; max_days: number | null }) {
  if (rate.min_days === null || rate.max_days === null) return null;
  return { from: addBusinessDays(from, rate.min_days), by: addBusinessDays(from, rate.max_days) };
}
