import type { AdminShippingResponse, ShippingRateBody, TaxRateBody } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toCents, toUsd } from '../../lib/money';
import { auditTarget } from '../audit/audit';
import { ratesRepository } from './rates.repository';

/** How the audit log names a shipping rate and a tax rate's place: "shipping us/economy", "tax US-IL", "tax CA". */
export const shippingTarget = (zone: string, method: string) => auditTarget('shipping', `${zone}/${method}`);
export const taxTarget = (countryCode: string, state: string | null) =>
  auditTarget('tax', `${countryCode}${state ? `-${state}` : ''}`);

/** A numeric(7,4) as PostgreSQL writes it ("6.2500") as the number it is. */
const percent = (text: string) => Number(text);

/**
 * Issue 30 item 4: the shipping and tax rates the cart total reads
 * (shipping.ts, tax.ts), edited in the back office. The bodies are checked
 * by their contracts (a zone's own methods, whole cents, a state of the
 * country's list); the database knows the countries. Built over the
 * caller's transaction, so the audit entry goes with the change.
 */
export function ratesService(db: Db) {
  const repo = ratesRepository(db);
  return {
    async list(): Promise<AdminShippingResponse> {
      const [rates, taxRates] = await Promise.all([repo.shippingRates(), repo.taxRates()]);
      return {
        rates: rates.map((r) => ({
          zone: r.zone as AdminShippingResponse['rates'][number]['zone'],
          method: r.method as AdminShippingResponse['rates'][number]['method'],
          first_item_usd: toUsd(r.first_item_cents),
          additional_item_usd: toUsd(r.additional_item_cents),
          min_days: r.min_days,
          max_days: r.max_days,
        })),
        tax_rates: taxRates.map((r) => ({ ...r, rate_percent: percent(r.rate_percent) })),
      };
    },

    /** Each zone and method's delivery estimate in business days (decision 071); both null: none. */
    async deliveryDays() {
      return (await repo.shippingRates()).map(({ zone, method, min_days, max_days }) => ({ zone, method, min_days, max_days }));
    },

    /** Changes a zone's prices and delivery estimate; answers what they were, in dollars and days, for the audit log. */
    async setShippingRate(body: ShippingRateBody) {
      const days =
        body.min_days === undefined && body.max_days === undefined
          ? undefined
          : { min: body.min_days ?? null, max: body.max_days ?? null };
      const before = await repo.setShippingRate(
        body.zone,
        body.method,
        { first: toCents(body.first_item), additional: toCents(body.additional_item) },
        days,
      );
      // The migration inserts every zone's rate; a missing one is a broken database.
      if (!before) throw new Error(`No shipping rate for zone ${body.zone}, method ${body.method}`);
      return {
        first_item_usd: toUsd(before.first_item_cents),
        additional_item_usd: toUsd(before.additional_item_cents),
        min_days: before.min_days,
        max_days: before.max_days,
      };
    },

    /** Adds or changes the rate of a state or province (or a whole country); 400 on `country_id` for a country the shop does not know. */
    async setTaxRate(body: TaxRateBody) {
      const country = await repo.country(body.country_id);
      if (!country)
        throw new AppError('invalid_data', 'validation_failed', {}, { country_id: { key: 'admin.tax.unknownCountry' } });
      const state = body.state === '' ? null : body.state;
      const { id, before } = await repo.setTaxRate(body.country_id, state, body.rate_percent);
      return { id, target: taxTarget(country.code, state), before: before === null ? null : percent(before) };
    },

    /** Removes a rate: that place is then taxed by its country's rate, if any, else not at all. 404 for a rate not there. */
    async removeTaxRate(id: number) {
      const removed = await repo.removeTaxRate(id);
      if (!removed) throw new AppError('not_found', 'not_found');
      const country = await repo.country(removed.country_id);
      return {
        target: taxTarget(country?.code ?? String(removed.country_id), removed.state),
        before: percent(removed.rate_percent),
      };
    },
  };
}
