import { describe, expect, it } from 'vitest';
import type { CouponRow } from './coupons.repository';
import { couponRefusal, discountCents } from './coupons.service';

const coupon = (values: Partial<CouponRow>): CouponRow => ({
  id: 1,
  code: 'C',
  title: 'A coupon',
  titles: null,
  percent_off: null,
  amount_off_cents: null,
  expires_at: null,
  max_redemptions: null,
  redemptions: 0,
  active: true,
  created_at: new Date(0),
  ...values,
});
const line = (type: string, full_price_cents: number, quantity = 1, sale_price_cents: number | null = null) => ({
  type,
  full_price_cents,
  sale_price_cents,
  quantity,
});
const now = new Date('2026-01-01T00:00:00Z');

describe('what a coupon takes off (issue 12)', () => {
  it('takes a percentage of the discountable lines at their price, rounded half up to the cent', () => {
    const lines = [line('digital_album', 899, 1, 699), line('physical', 546), line('gift_card', 2500), line('subscription', 500)];

    // 12.45 × 10% = 1.245 → 1.25
    expect(discountCents(coupon({ percent_off: 10 }), lines)).toBe(125);
    // 12.44 × 10% = 1.244 → 1.24
    expect(discountCents(coupon({ percent_off: 10 }), [line('book', 622, 2)])).toBe(124);
  });

  it('takes an amount off, at most what the discountable lines cost', () => {
    expect(discountCents(coupon({ amount_off_cents: 500 }), [line('digital_track', 399), line('donation', 1000)])).toBe(399);
    expect(discountCents(coupon({ amount_off_cents: 500 }), [line('physical', 1299)])).toBe(500);
    expect(discountCents(coupon({ amount_off_cents: 500 }), [])).toBe(0);
  });
});

describe('when a coupon cannot go with a cart', () => {
  it('does not know a missing or withdrawn coupon', () => {
    expect(couponRefusal(undefined, [], now)).toBe('coupon_not_found');
    expect(couponRefusal(coupon({ percent_off: 10, active: false }), [], now)).toBe('coupon_not_found');
  });

  it('refuses a cart with a donation, an expired coupon and a used-up one', () => {
    const ok = coupon({ percent_off: 10 });
    expect(couponRefusal(ok, [line('physical', 100)], now)).toBeNull();
    expect(couponRefusal(ok, [line('physical', 100), line('recurring_donation', 500)], now)).toBe('coupon_could_not_apply');
    expect(couponRefusal(coupon({ percent_off: 10, expires_at: now }), [], now)).toBe('coupon_expired');
    expect(couponRefusal(coupon({ percent_off: 10, expires_at: new Date(now.getTime() + 1) }), [], now)).toBeNull();
    expect(couponRefusal(coupon({ percent_off: 10, max_redemptions: 5, redemptions: 5 }), [], now)).toBe('coupon_redeemed');
    expect(couponRefusal(coupon({ percent_off: 10, max_redemptions: 5, redemptions: 4 }), [], now)).toBeNull();
  });
});
