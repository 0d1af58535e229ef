import en from '@storyhouse/i18n/catalogs/en.json' with { type: 'json' };
import es from '@storyhouse/i18n/catalogs/es.json' with { type: 'json' };
import ru from '@storyhouse/i18n/catalogs/ru.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { freeShippingNote } from './free-shipping-note';

describe('the checkout steps’ titles (issue 27 item 6)', () => {
  it.each([
    ['en', en, 'Shipping', 'Payment'],
    ['es', es, 'Envío', 'Pago'],
    ['ru', ru, 'Доставка', 'Оплата'],
  ])('in %s, step 1 is shipping and step 2 payment', (_lang, catalog, shipping, payment) => {
    expect(catalog.checkout.title).toBe(shipping);
    expect(catalog.payment.title).toBe(payment);
  });
});

describe('freeShippingNote (spec §5 Free shipping, issue 27 item 7)', () => {
  const us = (economy: 'qualified_all' | 'qualified_some' | 'disqualified') => ({
    zone: 'us' as const,
    tiers: [
      { shipping_type: 'economy' as const, price_usd: economy === 'qualified_all' ? 0 : 4.99, freeShipping: economy },
      { shipping_type: 'priority' as const, price_usd: 12.99, freeShipping: 'disqualified' as const },
    ],
    rate_usd: null,
  });

  it('says why economy is free, or free for some items, within the US', () => {
    expect(freeShippingNote(us('qualified_all'))).toBe('checkout.freeShipping.all');
    expect(freeShippingNote(us('qualified_some'))).toBe('checkout.freeShipping.some');
  });

  it('says nothing of free shipping for a US cart with nothing that ships free', () => {
    expect(freeShippingNote(us('disqualified'))).toBeNull();
  });

  it('says free shipping is for US economy only to Canada and other countries', () => {
    expect(freeShippingNote({ zone: 'canada', tiers: [], rate_usd: 14.99 })).toBe('checkout.freeShipping.usOnly');
    expect(freeShippingNote({ zone: 'international', tiers: [], rate_usd: 19.99 })).toBe('checkout.freeShipping.usOnly');
  });
});
