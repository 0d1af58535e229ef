import { type CardBrand, CardBrand as CardBrands, type LangCode, libraryPaths, routePath, skuTypes } from '@storyhouse/contracts';
import { translators } from '../../i18n';
import { type MailBlock, type MailItem, mailField } from '../../mail/content';
import { mailDate, mailMoney } from '../../mail/format';
import { renderMail } from '../../mail/render';
import { mailSiteOrigin } from '../../mail/site';
import { oneLine } from '../../providers/mail/outbox';
import { isShipped } from '../cart/shipping';
import { type GiftReceipt, receiptBlocks } from '../receipts/gift-receipt';
import type { Delivery } from './delivery';
import { intervalOf, isRecurringType } from './order-snapshot';
import type { OrderLineRow, OrderRow } from './orders.repository';
import { shipToLines } from './ship-to';

/**
 * The e-mails of a paid order (issue 13 item 8, issue 27 item 9), in the
 * buyer's language: the receipt, and for each gift its recipient's message
 * with the claim link. HTML with a plain-text part (src/mail); the outbox
 * delivers them after the order's transaction.
 */

/** The order's number as every e-mail shows it: the readable one the family sees everywhere (decision 023). */
export const orderNumberOf = (order: Pick<OrderRow, 'number'>) => order.number;

const isDonation = (type: string) => type === 'donation' || type === 'recurring_donation';
const DOWNLOADS = new Set(['digital_album', 'digital_track']);
/** The kinds an e-mail's line names by their cart word (a plan's line is named by its plan). */
const KNOWN_TYPES = new Set<string>(skuTypes.filter((type) => type !== 'subscription'));

/** "Visa", "Mastercard", "American Express": the processor's brand code as the site names it. */
export function brandName(lang: LangCode, brand: string | null) {
  const code: CardBrand = CardBrands.safeParse(brand).success ? (brand as CardBrand) : 'unknown';
  return translators[lang](`payment.card.brand.${code}`);
}

/** What kind of thing a line is, as a family tells them apart: "Digital album", "CD ×3", "Monthly plan". */
function kindOf(lang: LangCode, l: OrderLineRow) {
  const t = translators[lang];
  const kind =
    l.type === 'subscription'
      ? t(l.code === 'annual' ? 'subscription.annual' : 'subscription.monthly')
      : KNOWN_TYPES.has(l.type)
        ? t(`cart.type.${l.type as 'physical'}`)
        : l.type;
  const counted = l.quantity > 1 ? t('orders.email.kindQuantity', { kind, quantity: l.quantity }) : kind;
  // A donation's line says for whom it is given ("This gift is in memory of …").
  return isDonation(l.type) && l.description ? `${counted} · ${oneLine(l.description)}` : counted;
}

function titleOf(lang: LangCode, l: OrderLineRow) {
  if (l.type === 'gift_card' && l.recipient_name) {
    return translators[lang]('orders.email.giftCardFor', { name: oneLine(l.recipient_name) });
  }
  // Goods are named after their story; a single track keeps its own title.
  const named = isShipped(l.type) || l.type === 'digital_album' ? (l.product_title ?? l.title) : l.title;
  return oneLine(named);
}

function amountOf(lang: LangCode, l: OrderLineRow) {
  const t = translators[lang];
  const amount = mailMoney(lang, l.subtotal_cents);
  if (!isRecurringType(l.type)) return amount;
  return `${amount} ${t(intervalOf(l) === 'year' ? 'orders.email.perYear' : 'orders.email.perMonth')}`;
}

/**
 * The day a plan or monthly donation is next charged: one period after the
 * order was paid, kept within the month as card processors bill (paid on
 * January 31, next charged on February 28).
 */
export function nextChargeDate(paidAt: Date, interval: 'month' | 'year') {
  const months = interval === 'year' ? 12 : 1;
  const target = new Date(Date.UTC(paidAt.getUTCFullYear(), paidAt.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(paidAt.getUTCDate(), lastDay));
  return target;
}

/** For each plan or monthly donation: when it is next charged, and how to cancel it (where in the site, or whom to write). */
function renewalBlocks(lang: LangCode, order: OrderRow, lines: readonly OrderLineRow[]): MailBlock[] {
  const t = translators[lang];
  const paidAt = order.paid_at ?? new Date();
  return lines
    .filter((l) => isRecurringType(l.type))
    .map((l): MailBlock => {
      const date = mailDate(lang, nextChargeDate(paidAt, intervalOf(l)));
      const amount = amountOf(lang, l);
      if (l.type === 'recurring_donation') {
        return {
          kind: 'link',
          // The monthly donation is cancelled on My orders (DELETE /crud/recurring-donations/{id}).
          text: t('orders.email.nextDonation', { title: oneLine(l.title), amount, date }),
          url: `${mailSiteOrigin(lang)}/account/orders`,
          button: t('mail.button.myOrders'),
        };
      }
      // The site has no page to cancel a plan yet: the ministry's office does it.
      return {
        kind: 'text',
        text: t('orders.email.nextPlan', { plan: oneLine(l.title), amount, date, email: t('footer.email') }),
      };
    });
}

/**
 * A download's "Listen" link (decision 071): its album in the buyer's library, the player started at its first track
 * (a single track: at that track). None for a gift order's downloads, which are the recipient's to claim.
 */
function listenLink(lang: LangCode, order: OrderRow, l: OrderLineRow): MailItem['link'] {
  if (!DOWNLOADS.has(l.type) || l.product_id === null || order.gift_email) return undefined;
  const track = l.type === 'digital_track' ? l.sku_id : null;
  return {
    text: translators[lang]('orders.email.listen'),
    url: `${mailSiteOrigin(lang)}${libraryPaths.listen(l.product_id, track)}`,
  };
}

/** Where the parcel goes and when it should arrive (decision 071), as `fields` rows. */
function deliveryBlocks(lang: LangCode, delivery: Delivery | null): MailBlock[] {
  if (!delivery || delivery.lines.length === 0) return [];
  const t = translators[lang];
  return [
    {
      kind: 'fields',
      rows: [
        { label: t('orders.email.shipTo'), value: delivery.lines.join('\n') },
        ...(delivery.window
          ? [
              {
                label: t('orders.email.arrives'),
                value: t('orders.email.arrivesBetween', {
                  from: mailDate(lang, delivery.window.from),
                  by: mailDate(lang, delivery.window.by),
                }),
              },
            ]
          : []),
      ],
    },
  ];
}

/**
 * The receipt: lines with their kind (a download with its "Listen" link), the amounts, where the parcel goes and when
 * it should arrive, what a plan opens, the card, what renews when, and the gift's receipt as the donor's country asks
 * for it (decision 068; its PDF goes with the e-mail), or without one the giving statement.
 */
export function receiptMail(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  buyerName: string,
  giftReceipt: GiftReceipt | null = null,
  delivery: Delivery | null = null,
) {
  const lang = order.lang_code as LangCode;
  const t = translators[lang];
  const number = orderNumberOf(order);
  const goods = lines.filter((l) => !isDonation(l.type));
  const gifts = lines.filter((l) => isDonation(l.type));
  const rows = (ls: readonly OrderLineRow[]): MailItem[] =>
    ls.map((l) => {
      const link = listenLink(lang, order, l);
      return { title: titleOf(lang, l), kind: kindOf(lang, l), amount: amountOf(lang, l), ...(link ? { link } : {}) };
    });
  const library = routePath('library', lang);
  const plan = lines.some((l) => l.type === 'subscription');
  const ships = lines.some((l) => isShipped(l.type));
  const row = (key: Parameters<typeof t>[0], cents: number) => ({ label: t(key), value: mailMoney(lang, cents) });
  const totals = [
    row('orders.email.subtotal', order.subtotal_cents),
    ...(order.discount_cents > 0
      ? [
          {
            ...row('orders.email.discount', -order.discount_cents),
            // The coupon as the family read it when ordering, in the order's language (decision 038).
            label: order.coupon_title
              ? t('orders.email.discountWith', { coupon: oneLine(order.coupon_title), code: order.coupon_code ?? '' })
              : `${t('orders.email.discount')}${order.coupon_code ? ` (${order.coupon_code})` : ''}`,
          },
        ]
      : []),
    ...(order.gift_card_cents > 0 ? [row('orders.email.giftCard', -order.gift_card_cents)] : []),
    // Nothing to ship, no shipping line; shipped free says so rather than "$0.00".
    ...(ships
      ? [
          order.shipping_cents > 0
            ? row('orders.email.shipping', order.shipping_cents)
            : { label: t('orders.email.shipping'), value: t('orders.email.free') },
        ]
      : []),
    ...(order.tax_cents > 0 ? [row('orders.email.tax', order.tax_cents)] : []),
    { ...row('orders.email.total', order.total_cents), strong: true },
  ];
  const givenCents = gifts.reduce((sum, l) => sum + l.subtotal_cents, 0);
  const blocks: MailBlock[] = [
    { kind: 'text', text: t('orders.email.greeting', { name: oneLine(buyerName) }) },
    { kind: 'text', text: t('orders.email.thanks', { number }) },
    ...(goods.length > 0 ? [{ kind: 'items' as const, heading: t('orders.email.items'), rows: rows(goods) }] : []),
    ...(gifts.length > 0 ? [{ kind: 'items' as const, heading: t('orders.email.donations'), rows: rows(gifts) }] : []),
    { kind: 'totals', rows: totals },
    ...deliveryBlocks(lang, delivery),
    // A plan opens every story (decision 071): where they are.
    ...(plan && library
      ? [
          {
            kind: 'link' as const,
            text: t('orders.email.planOpens'),
            url: `${mailSiteOrigin(lang)}${library}`,
            button: t('orders.email.openLibrary'),
          },
        ]
      : []),
    // The downloads of a gift order went to its recipient (purchases.service.ts deliverGoods): say to whom.
    ...(order.gift_name && order.gift_email && goods.some((l) => DOWNLOADS.has(l.type))
      ? [{ kind: 'text' as const, text: t('orders.email.giftFor', { name: oneLine(order.gift_name), email: order.gift_email }) }]
      : []),
    ...(order.card_last4
      ? [
          {
            kind: 'text' as const,
            text: t('orders.email.card', { brand: brandName(lang, order.card_brand), last4: order.card_last4 }),
          },
        ]
      : []),
    ...renewalBlocks(lang, order, lines),
    ...(giftReceipt ? receiptBlocks(giftReceipt) : []),
    ...(gifts.length > 0 && !giftReceipt
      ? [
          {
            kind: 'note' as const,
            // The ministry's wording; no claim about tax deduction, which the spec does not make (issue 27 item 9).
            text: `${t('orders.email.givingStatement', {
              ministry: t('footer.ministry'),
              amount: mailMoney(lang, givenCents),
              date: mailDate(lang, order.paid_at ?? new Date()),
            })} ${t('orders.email.noGoods')}`,
          },
        ]
      : []),
    { kind: 'text', text: t('orders.email.signature') },
  ];
  return renderMail({
    lang,
    subject: t('orders.email.subject', { number }),
    preview: t('orders.email.thanks', { number }),
    blocks,
  });
}

/** A gift order's or a gift card's message to its recipient, with the single-use claim link. */
export function giftMail(
  lang: LangCode,
  gift: { recipientName: string; senderName: string; message: string; amountCents: number | null },
  link: string,
) {
  const t = translators[lang];
  const sender = oneLine(gift.senderName);
  return renderMail({
    lang,
    subject: t('orders.giftEmail.subject', { sender }),
    blocks: [
      { kind: 'text', text: t('orders.giftEmail.greeting', { name: oneLine(gift.recipientName) }) },
      {
        kind: 'text',
        text:
          gift.amountCents === null
            ? t('orders.giftEmail.downloads', { sender })
            : t('orders.giftEmail.giftCard', { sender, amount: mailMoney(lang, gift.amountCents) }),
      },
      ...(gift.message ? [{ kind: 'quote' as const, text: `“${gift.message}”` }] : []),
      { kind: 'link', text: t('orders.giftEmail.claim'), url: link, button: t('mail.button.claimGift') },
      { kind: 'text', text: t('orders.email.signature') },
    ],
  });
}

/** A payment that succeeded after its order was given up on, refunded at once (issue 26 item 1). */
export function lateRefundMail(order: OrderRow, buyerName: string) {
  const lang = order.lang_code as LangCode;
  const t = translators[lang];
  const number = orderNumberOf(order);
  return renderMail({
    lang,
    subject: t('orders.lateRefundEmail.subject', { number }),
    blocks: [
      { kind: 'text', text: t('orders.email.greeting', { name: oneLine(buyerName) }) },
      {
        kind: 'text',
        text: t('orders.lateRefundEmail.text', {
          number,
          amount: mailMoney(lang, order.total_cents),
          brand: brandName(lang, order.card_brand),
          last4: order.card_last4 ?? '',
        }),
      },
      { kind: 'text', text: t('orders.email.signature') },
    ],
  });
}

/** The parcel's lines, as the shipping e-mails list them. */
function shippedRows(lang: LangCode, lines: readonly OrderLineRow[]) {
  return lines
    .filter((l) => isShipped(l.type))
    .map((l) => ({ title: titleOf(lang, l), kind: kindOf(lang, l), amount: amountOf(lang, l) }));
}

/**
 * Issue 29: "your order is on its way", in the family's language, once the
 * back office marks the parcel shipped: what is in it, the carrier and
 * tracking number when given, and where to follow it.
 */
export function shippedMail(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  buyerName: string,
  links: { tracking: string | null; orders: string },
) {
  const lang = order.lang_code as LangCode;
  const t = translators[lang];
  const number = orderNumberOf(order);
  return renderMail({
    lang,
    subject: t('orders.shippedEmail.subject', { number }),
    blocks: [
      { kind: 'text', text: t('orders.email.greeting', { name: oneLine(buyerName) }) },
      { kind: 'text', text: t('orders.shippedEmail.text', { number }) },
      { kind: 'items', heading: t('orders.email.items'), rows: shippedRows(lang, lines) },
      {
        kind: 'fields',
        rows: [
          ...mailField(t('orders.shippedEmail.carrier'), order.carrier),
          ...mailField(t('orders.shippedEmail.tracking'), order.tracking_number),
        ],
      },
      ...(links.tracking
        ? [
            {
              kind: 'link' as const,
              text: t('orders.shippedEmail.track'),
              url: links.tracking,
              button: t('orders.shippedEmail.trackButton'),
            },
          ]
        : []),
      { kind: 'link', text: t('orders.shippedEmail.orders'), url: links.orders, button: t('mail.button.myOrders') },
      { kind: 'text', text: t('orders.email.signature') },
    ],
  });
}

/**
 * Issue 29 item 3: the ministry is told of each paid order with something
 * to post (in English, the back office's working language here), with the
 * address, any gift, and the link to the order in the back office.
 */
export function shipAlertMail(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  buyer: { name: string; email: string },
  adminLink: string,
) {
  const lang: LangCode = 'en';
  const t = translators[lang];
  const number = orderNumberOf(order);
  const rows = shippedRows(lang, lines);
  const count = lines.filter((l) => isShipped(l.type)).reduce((n, l) => n + l.quantity, 0);
  return renderMail({
    lang,
    subject: t('orders.ministryEmail.subject', { number, count }),
    blocks: [
      { kind: 'text', text: t('orders.ministryEmail.text', { name: oneLine(buyer.name), email: buyer.email, number }) },
      { kind: 'items', heading: t('orders.email.items'), rows },
      {
        kind: 'fields',
        rows: mailField(t('orders.ministryEmail.shipTo'), shipToLines(order.shipping_address, { phone: true }).join('\n')),
      },
      ...(order.gift_name
        ? [
            {
              kind: 'quote' as const,
              text: t('orders.ministryEmail.giftFor', { name: oneLine(order.gift_name), message: order.gift_message ?? '' }),
            },
          ]
        : []),
      { kind: 'link', text: t('orders.ministryEmail.open'), url: adminLink, button: t('orders.ministryEmail.button') },
    ],
  });
}

/**
 * Issue 29: a refund, in the family's language: how much went back to the
 * card and to gift cards, which items it was for (their downloads leave the
 * library), and where the order now stands.
 */
export function refundMail(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  buyerName: string,
  refund: { cardCents: number; giftCardCents: number; orders: string },
) {
  const lang = order.lang_code as LangCode;
  const t = translators[lang];
  const number = orderNumberOf(order);
  const rows = lines.map((l) => ({ title: titleOf(lang, l), kind: kindOf(lang, l), amount: amountOf(lang, l) }));
  return renderMail({
    lang,
    subject: t('orders.refundEmail.subject', { number }),
    blocks: [
      { kind: 'text', text: t('orders.email.greeting', { name: oneLine(buyerName) }) },
      { kind: 'text', text: t('orders.refundEmail.text', { number }) },
      ...(rows.length > 0 ? [{ kind: 'items' as const, heading: t('orders.refundEmail.items'), rows }] : []),
      {
        kind: 'totals',
        rows: [
          ...(refund.cardCents > 0
            ? [
                {
                  label: t('orders.refundEmail.toCard', {
                    brand: brandName(lang, order.card_brand),
                    last4: order.card_last4 ?? '',
                  }),
                  value: mailMoney(lang, refund.cardCents),
                  strong: true,
                },
              ]
            : []),
          ...(refund.giftCardCents > 0
            ? [{ label: t('orders.refundEmail.toGiftCard'), value: mailMoney(lang, refund.giftCardCents), strong: true }]
            : []),
        ],
      },
      ...(lines.some((l) => DOWNLOADS.has(l.type)) ? [{ kind: 'text' as const, text: t('orders.refundEmail.downloads') }] : []),
      { kind: 'text', text: t('orders.refundEmail.when') },
      { kind: 'link', text: t('orders.shippedEmail.orders'), url: refund.orders, button: t('mail.button.myOrders') },
      { kind: 'text', text: t('orders.email.signature') },
    ],
  });
}
