import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CouponForm, ShippingRateForm, TaxRateForm } from './admin-shop';
import { issueMessage } from './validation';

/** Each field's first message key, as the forms show them. */
function keys(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issueMessage(issue).key;
  return out;
}

const coupon = {
  code: 'HARVEST',
  title: 'Harvest',
  title_es: 'Cosecha',
  title_ru: '',
  kind: 'percent',
  percent_off: '15',
  amount_off: '',
  expires_at: '',
  max_redemptions: '',
};

describe('CouponForm', () => {
  it('reads the typed fields into the request body', () => {
    expect(CouponForm.parse(coupon)).toEqual({
      code: 'HARVEST',
      title: 'Harvest',
      // A language left empty is sent empty: its site shows the English title (decision 038).
      title_es: 'Cosecha',
      title_ru: '',
      percent_off: 15,
      amount_off: null,
      expires_at: null,
      max_redemptions: null,
    });
    const amount = CouponForm.parse({ ...coupon, kind: 'amount', percent_off: '99', amount_off: '7,5', max_redemptions: '20' });
    expect(amount).toMatchObject({ percent_off: null, amount_off: 7.5, max_redemptions: 20 });
  });

  it('ends the last day at its end where the admin is', () => {
    const body = CouponForm.parse({ ...coupon, expires_at: '2099-03-01' });
    expect(body.expires_at).toBe(new Date(2099, 2, 1, 23, 59, 59, 999).toISOString());
  });

  it('checks only the discount of the kind chosen', () => {
    expect(keys(CouponForm, { ...coupon, percent_off: '' })).toEqual({ percent_off: 'validation.required' });
    expect(keys(CouponForm, { ...coupon, percent_off: '0' })).toEqual({ percent_off: 'validation.tooSmall' });
    expect(keys(CouponForm, { ...coupon, percent_off: '7.5' })).toEqual({ percent_off: 'validation.invalid' });
    expect(keys(CouponForm, { ...coupon, kind: 'amount', percent_off: 'x', amount_off: '0' })).toEqual({
      amount_off: 'validation.amountMin',
    });
    expect(keys(CouponForm, { ...coupon, kind: 'amount', amount_off: '10000.01' })).toEqual({ amount_off: 'validation.tooBig' });
  });

  it('refuses a past day, a limit below 1, markup and characters a family could not type', () => {
    expect(
      keys(CouponForm, { ...coupon, expires_at: '2020-01-01', max_redemptions: '0', title: '<i>', title_ru: '<b>', code: 'A B' }),
    ).toEqual({
      expires_at: 'admin.coupons.expiryPast',
      max_redemptions: 'validation.tooSmall',
      title: 'admin.shop.noMarkup',
      title_ru: 'admin.shop.noMarkup',
      code: 'admin.coupons.codeChars',
    });
  });
});

describe('ShippingRateForm', () => {
  it('reads prices in dollars, 0 included, and refuses negative or absurd ones', () => {
    expect(ShippingRateForm.parse({ first_item: '4.99', additional_item: '0', min_days: '', max_days: '' })).toEqual({
      first_item: 4.99,
      additional_item: 0,
      min_days: null,
      max_days: null,
    });
    expect(keys(ShippingRateForm, { first_item: '-1', additional_item: '1000.01', min_days: '', max_days: '' })).toEqual({
      first_item: 'validation.amountMin',
      additional_item: 'validation.tooBig',
    });
  });
});

describe('TaxRateForm', () => {
  it('reads a rate with a point or a comma, for a state of the country chosen or the whole country', () => {
    expect(TaxRateForm.parse({ country_id: '33', state: 'OH', rate_percent: '5,75' })).toEqual({
      country_id: 33,
      state: 'OH',
      rate_percent: 5.75,
    });
    expect(TaxRateForm.parse({ country_id: '142', state: '', rate_percent: '16' })).toMatchObject({ state: '' });
  });

  it('refuses a state of another country, and a rate of 0, below, above 30 or with more than 4 decimals', () => {
    expect(keys(TaxRateForm, { country_id: '87', state: 'OH', rate_percent: '5' })).toEqual({ state: 'admin.tax.unknownState' });
    expect(keys(TaxRateForm, { country_id: '33', state: '', rate_percent: '0' })).toEqual({
      rate_percent: 'admin.tax.ratePositive',
    });
    expect(keys(TaxRateForm, { country_id: '33', state: '', rate_percent: '-3' })).toEqual({
      rate_percent: 'admin.tax.ratePositive',
    });
    expect(keys(TaxRateForm, { country_id: '33', state: '', rate_percent: '31' })).toEqual({ rate_percent: 'validation.tooBig' });
    expect(keys(TaxRateForm, { country_id: '33', state: '', rate_percent: '6.12345' })).toEqual({
      rate_percent: 'validation.invalid',
    });
  });
});
