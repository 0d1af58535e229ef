import { type LangCode, langCodes } from '@storyhouse/contracts';
import { translators } from '../../i18n';
import { toUsd } from '../../lib/money';
import { oneLine } from '../../providers/mail/outbox';
import type { OrderLineRow, OrderRow } from './orders.repository';

/**
 * The e-mails of a paid order (issue 13 item 8), in the buyer's language:
 * the receipt, and for each gift its recipient's message with the claim
 * link. Plain text; the outbox delivers them after the order's transaction.
 */

/** Dollars in the reader's language; a formatter is costly to make, so one per language. */
const dollars = Object.fromEntries(
  langCodes.map((lang) => [lang, new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' })]),
) as Record<LangCode, Intl.NumberFormat>;
const money = (lang: LangCode, cents: number) => dollars[lang].format(toUsd(cents));

const isDonation = (type: string) => type === 'donation' || type === 'recurring_donation';

const lineText = (lang: LangCode, l: OrderLineRow) => {
  const title = l.product_title && l.product_title !== l.title ? `${l.product_title}: ${l.title}` : l.title;
  const qty = l.quantity > 1 ? ` × ${l.quantity}` : '';
  const monthly = l.type === 'recurring_donation' || (l.type === 'subscription' && l.code === 'monthly');
  const per = monthly
    ? ` ${translators[lang]('orders.email.perMonth')}`
    : l.type === 'subscription'
      ? ` ${translators[lang]('orders.email.perYear')}`
      : '';
  return `- ${oneLine(title)}${qty}: ${money(lang, l.subtotal_cents)}${per}`;
};

/** The receipt: lines, discount, shipping, tax, gift card used, total, the card's last four; donations apart. */
export function receiptMail(order: OrderRow, lines: readonly OrderLineRow[], buyerName: string) {
  const lang = order.lang_code as LangCode;
  const t = translators[lang];
  const goods = lines.filter((l) => !isDonation(l.type));
  const gifts = lines.filter((l) => isDonation(l.type));
  const row = (key: Parameters<typeof t>[0], cents: number) => `${t(key)}: ${money(lang, cents)}`;
  const text = [
    t('orders.email.greeting', { name: buyerName }),
    '',
    t('orders.email.thanks', { number: order.id }),
    '',
    ...(goods.length > 0 ? [t('orders.email.items'), ...goods.map((l) => lineText(lang, l)), ''] : []),
    ...(gifts.length > 0
      ? [t('orders.email.donations'), ...gifts.map((l) => lineText(lang, l)), t('orders.email.noGoods'), '']
      : []),
    row('orders.email.subtotal', order.subtotal_cents),
    ...(order.discount_cents > 0 ? [`${row('orders.email.discount', -order.discount_cents)} (${order.coupon_code ?? ''})`] : []),
    ...(order.gift_card_cents > 0 ? [row('orders.email.giftCard', -order.gift_card_cents)] : []),
    ...(order.shipping_cents > 0 || order.shipping_address ? [row('orders.email.shipping', order.shipping_cents)] : []),
    ...(order.tax_cents > 0 ? [row('orders.email.tax', order.tax_cents)] : []),
    row('orders.email.total', order.total_cents),
    ...(order.card_last4 ? [t('orders.email.card', { brand: order.card_brand ?? '', last4: order.card_last4 })] : []),
    '',
    t('orders.email.signature'),
  ].join('\n');
  return { subject: t('orders.email.subject', { number: order.id }), text };
}

/** A gift order's or a gift card's message to its recipient, with the single-use claim link. */
export function giftMail(
  lang: LangCode,
  gift: { recipientName: string; senderName: string; message: string; amountCents: number | null },
  link: string,
) {
  const t = translators[lang];
  const text = [
    t('orders.giftEmail.greeting', { name: gift.recipientName }),
    '',
    gift.amountCents === null
      ? t('orders.giftEmail.downloads', { sender: gift.senderName })
      : t('orders.giftEmail.giftCard', { sender: gift.senderName, amount: money(lang, gift.amountCents) }),
    ...(gift.message ? ['', `“${gift.message}”`] : []),
    '',
    t('orders.giftEmail.claim'),
    link,
    '',
    t('orders.email.signature'),
  ].join('\n');
  return { subject: t('orders.giftEmail.subject', { sender: oneLine(gift.senderName) }), text };
}

/** A payment that succeeded after its order was given up on, refunded at once (issue 26 item 1). */
export function lateRefundMail(order: OrderRow, buyerName: string) {
  const lang = order.lang_code as LangCode;
  const t = translators[lang];
  const text = [
    t('orders.email.greeting', { name: buyerName }),
    '',
    t('orders.lateRefundEmail.text', {
      number: order.id,
      amount: money(lang, order.total_cents),
      brand: order.card_brand ?? '',
      last4: order.card_last4 ?? '',
    }),
    '',
    t('orders.email.signature'),
  ].join('\n');
  return { subject: t('orders.lateRefundEmail.subject', { number: order.id }), text };
}
