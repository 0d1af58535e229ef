import { COUNTRY_ID } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, deliveryWindow, type ShippingRate, shippingCharge, zoneOf } from './shipping';

const rates: ShippingRate[] = [
  { zone: 'us', method: 'economy', first_item_cents: 499, additional_item_cents: 150 },
  { zone: 'us', method: 'priority', first_item_cents: 999, additional_item_cents: 300 },
  { zone: 'canada', method: 'international', first_item_cents: 1499, additional_item_cents: 400 },
  { zone: 'international', method: 'international', first_item_cents: 1999, additional_item_cents: 600 },
];
const line = (type: string, quantity = 1, is_shipped_free = false) => ({ type, quantity, is_shipped_free });
const US = COUNTRY_ID.unitedStates;
const MEXICO = 142;

describe('shipping zones (spec §5 Free shipping: US means the United States or its territories)', () => {
  it('puts the US and every territory in the US zone, Canada in its own, the rest international', () => {
    for (const id of [33, 88, 89, 229, 238, 241]) expect(zoneOf(id)).toBe('us');
    expect(zoneOf(87)).toBe('canada');
    expect(zoneOf(MEXICO)).toBe('international');
  });
});

describe('what shipping costs (issue 12 item 7)', () => {
  it('charges nothing, with no status, when nothing ships or there is no address', () => {
    expect(shippingCharge([line('digital_album'), line('gift_card'), line('donation')], US, 'economy', rates)).toEqual({
      cents: 0,
      freeShipping: null,
    });
    expect(shippingCharge([line('physical')], null, 'economy', rates)).toEqual({ cents: 0, freeShipping: null });
  });

  it('charges the first item, then each further item, by zone and method', () => {
    const lines = [line('physical', 2), line('book'), line('digital_album')];
    // 3 items: first + 2 further
    expect(shippingCharge(lines, US, 'economy', rates)).toEqual({ cents: 499 + 2 * 150, freeShipping: 'disqualified' });
    expect(shippingCharge(lines, US, 'priority', rates)).toEqual({ cents: 999 + 2 * 300, freeShipping: 'disqualified' });
    expect(shippingCharge(lines, COUNTRY_ID.guam, 'economy', rates).cents).toBe(499 + 2 * 150);
    expect(shippingCharge(lines, COUNTRY_ID.canada, 'economy', rates).cents).toBe(1499 + 2 * 400);
    expect(shippingCharge(lines, MEXICO, 'economy', rates).cents).toBe(1999 + 2 * 600);
  });

  it('ignores the chosen method outside the US: one international rate', () => {
    expect(shippingCharge([line('book')], COUNTRY_ID.canada, 'priority', rates)).toEqual(
      shippingCharge([line('book')], COUNTRY_ID.canada, 'economy', rates),
    );
  });

  it('ships free items free for US economy, and charges the others as if alone (qualified some)', () => {
    const lines = [line('physical', 2, true), line('book', 2)];
    expect(shippingCharge(lines, US, 'economy', rates)).toEqual({ cents: 499 + 150, freeShipping: 'qualified_some' });
    expect(shippingCharge([line('physical', 2, true), line('book', 1, true)], COUNTRY_ID.puertoRico, 'economy', rates)).toEqual({
      cents: 0,
      freeShipping: 'qualified_all',
    });
  });

  it('disqualifies free shipping with priority or outside the US: every item pays', () => {
    const lines = [line('physical', 1, true), line('book', 1, true)];
    expect(shippingCharge(lines, US, 'priority', rates)).toEqual({ cents: 999 + 300, freeShipping: 'disqualified' });
    expect(shippingCharge(lines, COUNTRY_ID.canada, 'economy', rates)).toEqual({
      cents: 1499 + 400,
      freeShipping: 'disqualified',
    });
  });

  it('refuses to guess when the table has no rate for the zone', () => {
    expect(() => shippingCharge([line('book')], MEXICO, 'economy', rates.slice(0, 3))).toThrow(/No shipping rate/);
  });
});

describe('delivery estimates in business days (decision 071)', () => {
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  it('skips Saturdays and Sundays', () => {
    // Friday 27 November 2026, late in the evening: 1 business day is Monday, 5 the next Friday.
    const friday = new Date('2026-11-27T23:30:00Z');
    expect(addBusinessDays(friday, 1)).toEqual(day('2026-11-30'));
    expect(addBusinessDays(friday, 5)).toEqual(day('2026-12-04'));
    expect(addBusinessDays(friday, 8)).toEqual(day('2026-12-09'));
    // From a Wednesday, 2-3 business days are Friday and Monday.
    expect(deliveryWindow(day('2026-12-02'), { min_days: 2, max_days: 3 })).toEqual({
      from: day('2026-12-04'),
      by: day('2026-12-07'),
    });
  });
  it('gives none for a rate without an estimate', () => {
    expect(deliveryWindow(day('2026-12-02'), { min_days: null, max_days: null })).toBeNull();
  });
});
