import { describe, expect, it } from 'vitest';
import { formatPlanPrice, periodCents, perMonthCents } from './price';

const item = (quantity: number, unit_amount: number) => ({
  metadata: { type: 'subscription' as const, code: 'monthly' },
  quantity,
  price: { unit_amount },
});

describe('spec §9 subscription prices', () => {
  it('is quantity × unit amount, summed over the items', () => {
    expect(periodCents([item(1, 799)])).toBe(799);
    expect(periodCents([item(3, 500), item(1, 99)])).toBe(1599);
    expect(periodCents([])).toBe(0);
  });

  it('shows whole dollars without decimals and any other amount with two', () => {
    expect(formatPlanPrice(800, 'en')).toBe('$8');
    expect(formatPlanPrice(799, 'en')).toBe('$7.99');
    expect(formatPlanPrice(750, 'en')).toBe('$7.50');
    expect(formatPlanPrice(7999, 'en')).toBe('$79.99');
    expect(formatPlanPrice(120000, 'en')).toBe('$1,200');
  });

  it('writes the amount as the site language does', () => {
    expect(formatPlanPrice(799, 'es')).toBe(new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(7.99));
    expect(formatPlanPrice(800, 'ru')).toMatch(/^8\s\$$/);
    expect(formatPlanPrice(799, 'ru')).toMatch(/^7,99\s\$$/);
  });

  it('shows the annual plan a month, rounded to the cent', () => {
    expect(perMonthCents(7999)).toBe(667);
    expect(perMonthCents(12000)).toBe(1000);
    expect(formatPlanPrice(perMonthCents(12000), 'en')).toBe('$10');
  });
});
