import type { Seeder } from '../../db/seeder';
import { couponRepository } from './coupons.repository';

/**
 * Demo coupons (README "Demo coupons"), one for each thing a family may
 * meet: a percentage, an amount, a free order (the free-purchase path), an
 * expired code and a used-up one, each titled in English, Spanish and
 * Russian (decision 038). A code that exists already is left as it is.
 */
const DEMO_COUPONS = [
  {
    code: 'FAMILY10',
    percent_off: 10,
    titles: { en: '10% off for families', es: '10 % de descuento para familias', ru: 'Скидка 10 % для семей' },
  },
  {
    code: 'STORY5',
    amount_off_cents: 500,
    titles: { en: '$5 off your stories', es: '5 US$ de descuento en tus historias', ru: 'Скидка 5 долларов на ваши истории' },
  },
  {
    code: 'GRACE100',
    percent_off: 100,
    titles: { en: 'A gift: your order is free', es: 'Un regalo: tu pedido es gratis', ru: 'Подарок: ваш заказ бесплатный' },
  },
  {
    code: 'SPRING2025',
    percent_off: 20,
    expires_at: '2025-06-01T00:00:00Z',
    titles: { en: 'Spring 2025: 20% off', es: 'Primavera 2025: 20 % de descuento', ru: 'Весна 2025: скидка 20 %' },
  },
  {
    code: 'THANKYOU',
    percent_off: 15,
    max_redemptions: 50,
    redemptions: 50,
    titles: { en: 'Thank you: 15% off', es: 'Gracias: 15 % de descuento', ru: 'Спасибо: скидка 15 %' },
  },
];

export const couponsSeeder: Seeder = {
  name: 'cart.demo-coupons',
  async run(db) {
    await couponRepository(db).insertMissing(DEMO_COUPONS.map(({ titles, ...coupon }) => ({ ...coupon, title: titles.en })));
  },
};

/** The demo coupons' Spanish and Russian titles, also for a database whose demo coupons were loaded before they had them. */
export const couponTitlesSeeder: Seeder = {
  name: 'cart.demo-coupon-titles',
  async run(db) {
    await couponRepository(db).insertMissingTitles(
      DEMO_COUPONS.flatMap(({ code, titles }) => [
        { code, lang_code: 'es' as const, title: titles.es },
        { code, lang_code: 'ru' as const, title: titles.ru },
      ]),
    );
  },
};
