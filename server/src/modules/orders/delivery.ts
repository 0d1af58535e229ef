import type { LangCode } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { shippingTypeOf } from '../cart/charges';
import { ratesService } from '../cart/rates.service';
import { deliveryWindow, methodOf, zoneOf } from '../cart/shipping';
import { type OrderRow, ordersRepository } from './orders.repository';
import { type Country, countryNamer, shipToLines } from './ship-to';

/**
 * Where an order's parcel goes and when it should arrive (issue 46 "After
 * paying", decision 071): the address kept on the order as the lines of a
 * label, and the days the shipping method's rate gives in the ministry's
 * settings (business days from the payment), or none when the rate has no
 * estimate. The confirmation page, My orders and the receipt say the same.
 */
export interface Delivery {
  lines: string[];
  window: { from: Date; by: Date } | null;
}

type DeliveryOrder = Pick<OrderRow, 'shipping_address' | 'shipping_type' | 'paid_at' | 'created_at'>;

/**
 * Reads orders' deliveries over `db`, the rates and countries read once for
 * all of them (a page of My orders). Null for an order with nothing posted.
 */
export function deliveryReader(db: Db) {
  const repo = ordersRepository(db);
  let rates: ReturnType<ReturnType<typeof ratesService>['deliveryDays']> | undefined;
  const countries = new Map<number, Promise<Country | undefined>>();
  const country = (id: number) => {
    let found = countries.get(id);
    if (!found) {
      found = repo.country(id);
      countries.set(id, found);
    }
    return found;
  };
  return async (order: DeliveryOrder, lang: LangCode): Promise<Delivery | null> => {
    const address = order.shipping_address as Record<string, unknown> | null;
    if (!address) return null;
    const countryId = typeof address.country_id === 'number' ? address.country_id : null;
    const known = countryId === null ? undefined : await country(countryId);
    const lines = shipToLines(address, { countryName: countryNamer(lang, known ? [known] : []) });
    if (countryId === null) return { lines, window: null };
    rates ??= ratesService(db).deliveryDays();
    const zone = zoneOf(countryId);
    const method = methodOf(zone, shippingTypeOf(order.shipping_type ?? undefined));
    const rate = (await rates).find((r) => r.zone === zone && r.method === method);
    return { lines, window: rate ? deliveryWindow(new Date(order.paid_at ?? order.created_at), rate) : null };
  };
}
