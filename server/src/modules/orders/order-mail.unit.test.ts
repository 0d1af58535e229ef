import { type LangCode, langCodes } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../../test/mail';
import { translators } from '../../i18n';
import { setMailSiteOrigins } from '../../mail/site';
import { giftMail, lateRefundMail, nextChargeDate, receiptMail } from './order-mail';
import type { OrderLineRow, OrderRow } from './orders.repository';

setMailSiteOrigins({
  en: 'https://storyhouse.example',
  es: 'https://es.storyhouse.example',
  ru: 'https://ru.storyhouse.example',
});

const PAID_AT = new Date('2026-01-31T15:00:00Z');

function order(lang: LangCode, over: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 4107,
    number: 'SH-7K4Q-2M',
    user_id: 1,
    cart_id: 1,
    lang_code: lang,
    status: 'paid',
    subtotal_cents: 0,
    discount_cents: 0,
    gift_card_cents: 0,
    shipping_cents: 0,
    tax_cents: 0,
    total_cents: 0,
    monthly_cents: 0,
    coupon_code: null,
    coupon_id: null,
    coupon_title: null,
    card_brand: 'visa',
    card_last4: '4242',
    card_id: 'card_1',
    payment_id: 'pay_1',
    payment_provider: 'test',
    billing_address: null,
    shipping_address: null,
    shipping_type: null,
    gift_email: null,
    gift_message: null,
    gift_name: null,
    failure_code: null,
    created_at: PAID_AT,
    updated_at: PAID_AT,
    paid_at: PAID_AT,
    shipped_at: null,
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    refunded_cents: 0,
    gift_card_returned_cents: 0,
    team_note: '',
    ...over,
  };
}

let nextLine = 1;
function line(over: Partial<OrderLineRow> & Pick<OrderLineRow, 'type' | 'title' | 'subtotal_cents'>): OrderLineRow {
  return {
    id: nextLine,
    order_id: 4107,
    position: nextLine++,
    product_id: 1,
    product_title: null,
    sku_id: 1,
    code: null,
    description: '',
    quantity: 1,
    unit_price_cents: over.subtotal_cents,
    discount_cents: 0,
    tax_cents: 0,
    cart_amount_line_id: null,
    fee_cents: 0,
    recipient_email: null,
    recipient_name: null,
    recipient_message: null,
    tribute: null,
    anonymous: false,
    ...over,
  };
}

const album = line({ type: 'digital_album', title: 'Jonah (MP3 album)', product_title: 'Jonah', subtotal_cents: 999 });
const cds = line({
  type: 'physical',
  title: 'Jonah (CD)',
  product_title: 'Jonah',
  quantity: 3,
  unit_price_cents: 1299,
  subtotal_cents: 3897,
});
const book = line({ type: 'book', title: 'The Ark (book)', product_title: 'The Ark', subtotal_cents: 1500 });

/** Both parts of a rendered e-mail as a reader sees them, and the raw HTML. */
async function read(mail: Promise<{ subject: string; text: string; html: string }>) {
  const m = await mail;
  return { ...m, shown: visibleText(m.html) };
}

describe('the receipt e-mail', () => {
  describe.each(langCodes)('in %s', (lang) => {
    const t = translators[lang];
    const money = (cents: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(cents / 100);

    it('tells the album and the CDs of one story apart, names the card’s brand, and says Free for free shipping', async () => {
      const paid = order(lang, { subtotal_cents: 4896, total_cents: 4896, shipping_address: { line1: '1 Elm' } });
      const mail = await read(receiptMail(paid, [album, cds], 'Ana'));

      expect(mail.subject).toBe(t('orders.email.subject', { number: 'SH-7K4Q-2M' }));
      for (const part of [mail.text, mail.shown]) {
        expect(part).toContain(t('orders.email.greeting', { name: 'Ana' }));
        expect(part).toContain(t('cart.type.digital_album'));
        expect(part).toContain(t('orders.email.kindQuantity', { kind: t('cart.type.physical'), quantity: 3 }));
        expect(part).toContain(money(3897));
        expect(part).toContain(t('orders.email.card', { brand: 'Visa', last4: '4242' }));
        expect(part).not.toContain('visa ');
      }
      expect(mail.text).toContain(`- Jonah (${t('cart.type.digital_album')}): ${money(999)}`);
      expect(mail.text).toContain(`${t('orders.email.shipping')}: ${t('orders.email.free')}`);
      expect(mail.text).not.toContain(money(0));
      expect(mail.text).toContain(`${t('orders.email.total')}: ${money(4896)}`);
    });

    it('links each download to its album in the library, says where the parcel goes and when it should arrive (decision 071)', async () => {
      const paid = order(lang, { subtotal_cents: 4896, total_cents: 4896 });
      const delivery = {
        lines: ['Ana Ruiz', '1 Elm Street', 'Chicago, IL 60601'],
        window: { from: new Date('2026-02-06T00:00:00Z'), by: new Date('2026-02-11T00:00:00Z') },
      };
      const mail = await read(receiptMail(paid, [album, cds], 'Ana', null, delivery));
      const origin = {
        en: 'https://storyhouse.example',
        es: 'https://es.storyhouse.example',
        ru: 'https://ru.storyhouse.example',
      }[lang];
      const date = (d: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(d));
      // The album has its Listen link, from the site's configured address; the CDs have none.
      expect(mail.text).toContain(
        `- Jonah (${t('cart.type.digital_album')}): ${money(999)}\n  ${t('orders.email.listen')}: ${origin}/library/album/1?play=first`,
      );
      expect(mail.html).toContain(`href="${origin}/library/album/1?play=first"`);
      expect(mail.text.match(new RegExp(`${t('orders.email.listen')}:`, 'g'))).toHaveLength(1);
      expect(mail.text).toContain(`${t('orders.email.shipTo')}:\nAna Ruiz\n1 Elm Street\nChicago, IL 60601`);
      const arrives = t('orders.email.arrivesBetween', { from: date('2026-02-06'), by: date('2026-02-11') });
      expect(mail.text).toContain(`${t('orders.email.arrives')}: ${arrives}`);
      expect(mail.shown).toContain(arrives);
      // A gift order's downloads are the recipient's to claim: no Listen link for the buyer.
      const gift = await read(receiptMail(order(lang, { gift_name: 'Rose', gift_email: 'rose@example.test' }), [album], 'Ana'));
      expect(gift.text).not.toContain(`${t('orders.email.listen')}:`);
    });

    it('says what a plan opens: every story, in the library', async () => {
      const plan = line({ type: 'subscription', code: 'monthly', title: 'Monthly plan', subtotal_cents: 500 });
      const mail = await read(receiptMail(order(lang, { subtotal_cents: 500, total_cents: 500 }), [plan], 'Ana'));
      const origin = {
        en: 'https://storyhouse.example',
        es: 'https://es.storyhouse.example',
        ru: 'https://ru.storyhouse.example',
      }[lang];
      expect(mail.text).toContain(`${t('orders.email.planOpens')}\n${origin}/library`);
    });

    it('has no shipping line on an order of downloads only', async () => {
      const paid = order(lang, { subtotal_cents: 999, total_cents: 999 });
      const mail = await read(receiptMail(paid, [album], 'Ana'));

      for (const part of [mail.text, mail.shown]) {
        expect(part).not.toContain(t('orders.email.shipping'));
        expect(part).not.toContain(money(0));
      }
    });

    it('says to whom the downloads of a gift order went', async () => {
      const paid = order(lang, { subtotal_cents: 999, total_cents: 999, gift_name: 'Mia <3', gift_email: 'mia@example.test' });
      const mail = await read(receiptMail(paid, [album], 'Ana'));
      const sentence = t('orders.email.giftFor', { name: 'Mia <3', email: 'mia@example.test' });

      expect(mail.text).toContain(sentence);
      expect(mail.shown).toContain(sentence);
      expect(mail.html).toContain('Mia &lt;3');
    });

    it('lists every amount: subtotal, coupon discount, gift card, shipping, tax and total', async () => {
      const paid = order(lang, {
        subtotal_cents: 1500,
        discount_cents: 150,
        coupon_code: 'GRACE10',
        gift_card_cents: 500,
        shipping_cents: 499,
        tax_cents: 73,
        total_cents: 1422,
        card_brand: 'amex',
        card_last4: '0005',
      });
      const mail = await read(receiptMail(paid, [book], 'Ana'));

      expect(mail.text).toContain(`${t('orders.email.subtotal')}: ${money(1500)}`);
      expect(mail.text).toContain(`${t('orders.email.discount')} (GRACE10): ${money(-150)}`);
      expect(mail.text).toContain(`${t('orders.email.giftCard')}: ${money(-500)}`);
      expect(mail.text).toContain(`${t('orders.email.shipping')}: ${money(499)}`);
      expect(mail.text).toContain(`${t('orders.email.tax')}: ${money(73)}`);
      expect(mail.text).toContain(`${t('orders.email.total')}: ${money(1422)}`);
      expect(mail.shown).toContain(t('cart.type.book'));
      expect(mail.shown).toContain(t('orders.email.card', { brand: 'American Express', last4: '0005' }));
    });

    it('gives a plan’s next date and how to cancel it, and a monthly donation’s with the link to My orders', async () => {
      const plan = line({ type: 'subscription', code: 'monthly', title: t('subscription.monthly'), subtotal_cents: 500 });
      const monthly = line({ type: 'recurring_donation', code: 'monthly', title: 'Radio', subtotal_cents: 2000 });
      const paid = order(lang, { subtotal_cents: 2500, total_cents: 2500, monthly_cents: 2500 });
      const mail = await read(receiptMail(paid, [plan, monthly], 'Ana'));
      const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-02-28T00:00:00Z'));

      for (const part of [mail.text, mail.shown]) {
        expect(part).toContain(date);
        expect(part).toContain(t('footer.email'));
        expect(part).toContain(t('cart.type.recurring_donation'));
        expect(part).toContain(`${money(2000)} ${t('orders.email.perMonth')}`);
      }
      expect(mail.text).toContain(
        `${t('orders.email.nextDonation', { title: 'Radio', amount: `${money(2000)} ${t('orders.email.perMonth')}`, date })}\n${
          { en: 'https://storyhouse.example', es: 'https://es.storyhouse.example', ru: 'https://ru.storyhouse.example' }[lang]
        }/account/orders`,
      );
      expect(mail.html).toContain('/account/orders"');
      expect(mail.shown).toContain(t('mail.button.myOrders'));
    });

    it('ends a donation’s receipt with the giving statement, and makes no claim about taxes', async () => {
      const gift = line({
        type: 'donation',
        code: 'general_cart',
        title: 'General Ministry Donation',
        description: 'This gift is in memory of Grandpa Joe',
        subtotal_cents: 5000,
      });
      const paid = order(lang, { subtotal_cents: 5000, total_cents: 5000 });
      const mail = await read(receiptMail(paid, [gift], 'Ana'));
      const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(PAID_AT);
      const statement = t('orders.email.givingStatement', { ministry: t('footer.ministry'), amount: money(5000), date });

      for (const part of [mail.text, mail.shown]) {
        expect(part).toContain(statement);
        expect(part).toContain(t('orders.email.noGoods'));
        expect(part).toContain('Grandpa Joe');
        expect(part).not.toMatch(/deductib|deducib|вычет/i);
        expect(part).not.toContain(t('orders.email.shipping'));
      }
    });
  });
});

describe('the gift e-mail', () => {
  it.each(langCodes)(
    'in %s: the sender’s message escaped in the HTML, the claim link a button and a line of its own',
    async (lang) => {
      const t = translators[lang];
      const link = 'https://storyhouse.example/claim-gift/abc';
      const mail = await read(
        giftMail(
          lang,
          { recipientName: 'Mia <b>', senderName: 'Ana', message: '<img src=x onerror=alert(1)> Enjoy!', amountCents: 2500 },
          link,
        ),
      );

      expect(mail.subject).toBe(t('orders.giftEmail.subject', { sender: 'Ana' }));
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Enjoy!');
      expect(mail.shown).toContain(t('orders.giftEmail.greeting', { name: 'Mia <b>' }));
      expect(mail.shown).toContain(t('mail.button.claimGift'));
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain(`${t('orders.giftEmail.claim')}\n${link}`);
      expect(mail.text).toContain('<img src=x onerror=alert(1)> Enjoy!');
    },
  );
});

describe('the late refund e-mail', () => {
  it('names the card’s brand as the site does', async () => {
    const mail = await read(
      lateRefundMail(order('en', { total_cents: 999, card_brand: 'mastercard', card_last4: '3184' }), 'Ana'),
    );
    expect(mail.text).toContain('Mastercard card ending in 3184');
    expect(mail.shown).toContain('Mastercard card ending in 3184');
  });
});

describe('the next charge of a plan or a monthly donation', () => {
  it('is a month later, within the month, or a year later for the annual plan', () => {
    expect(nextChargeDate(new Date('2026-01-31T15:00:00Z'), 'month').toISOString().slice(0, 10)).toBe('2026-02-28');
    expect(nextChargeDate(new Date('2026-03-15T15:00:00Z'), 'month').toISOString().slice(0, 10)).toBe('2026-04-15');
    expect(nextChargeDate(new Date('2026-12-31T15:00:00Z'), 'month').toISOString().slice(0, 10)).toBe('2027-01-31');
    expect(nextChargeDate(new Date('2028-02-29T15:00:00Z'), 'year').toISOString().slice(0, 10)).toBe('2029-02-28');
  });
});
