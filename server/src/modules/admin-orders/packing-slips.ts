import type { LangCode } from '@storyhouse/contracts';
import { translators } from '../../i18n';
import { PDF_FONTS as FONTS, PDF_PAGE as PAGE, pdfDocument } from '../../lib/pdf';
import { mailDate, mailMoney } from '../../mail/format';
import { oneLine } from '../../providers/mail/outbox';
import { isShipped } from '../cart/shipping';
import { type Country, countryNamer, shipToLines } from '../orders/ship-to';
import type { OrderLineRow, OrderRow } from './admin-orders.repository';

/**
 * Packing slips (decision 062): one PDF, a page per order, for the volunteer
 * who packs the parcels. Each slip is in its family's language: who sends it
 * (the ministry's name and address, as the site's footer has them), where it
 * goes, a gift's giver and message, and what is in the box with how many.
 * A gift's slip has no prices: the parcel goes to the one it is given to.
 */

/** A slip as printed: every word already in its family's language. */
export interface PackingSlip {
  /** The ministry's name, then its address lines. */
  from: string[];
  title: string;
  order: string;
  placed: string;
  shipToLabel: string;
  /** The recipient's name, then the address lines. */
  shipTo: string[];
  /** A gift's heading, giver, and message (quoted as the language quotes; '' without one). */
  gift: { heading: string; from: string; messageLabel: string; message: string } | null;
  columns: { item: string; quantity: string; price: string | null; amount: string | null };
  items: { title: string; kind: string; quantity: number; price: string | null; amount: string | null }[];
  continued: string;
  footer: string;
}

type SlipOrder = OrderRow & { email: string; fname: string; lname: string };
/** One order's slip, in its language: only what goes in the parcel (its CDs and books). */
export function packingSlipOf(order: SlipOrder, lines: readonly OrderLineRow[], countries: readonly Country[]): PackingSlip {
  const lang = order.lang_code as LangCode;
  const t = translators[lang];
  const gift = Boolean(order.gift_email);
  const buyer = `${order.fname} ${order.lname}`.trim() || order.email;
  return {
    from: [t('footer.ministry'), t('footer.addressLine1'), t('footer.addressLine2')],
    title: t('orders.packingSlip.title'),
    order: t('orders.packingSlip.order', { number: order.number }),
    placed: t('orders.packingSlip.placed', { date: mailDate(lang, new Date(order.created_at)) }),
    shipToLabel: t('orders.packingSlip.shipTo'),
    shipTo: shipToLines(order.shipping_address, { countryName: countryNamer(lang, countries), phone: true }),
    gift: gift
      ? {
          heading: t('orders.packingSlip.giftFor', { name: oneLine(order.gift_name ?? '') }),
          from: t('orders.packingSlip.giftFrom', { name: oneLine(buyer) }),
          messageLabel: t('orders.packingSlip.giftMessage'),
          message: order.gift_message?.trim() ? t('orders.packingSlip.giftQuote', { message: order.gift_message.trim() }) : '',
        }
      : null,
    columns: {
      item: t('orders.packingSlip.item'),
      quantity: t('orders.packingSlip.quantity'),
      price: gift ? null : t('orders.packingSlip.price'),
      amount: gift ? null : t('orders.packingSlip.amount'),
    },
    items: lines
      .filter((l) => isShipped(l.type))
      .map((l) => ({
        title: oneLine(l.product_title ?? l.title),
        kind: t(`cart.type.${l.type as 'physical' | 'book'}`),
        quantity: l.quantity,
        price: gift ? null : mailMoney(lang, l.unit_price_cents),
        amount: gift ? null : mailMoney(lang, l.subtotal_cents),
      })),
    continued: t('orders.packingSlip.continued', { number: order.number }),
    footer: t('orders.packingSlip.footer', { email: t('footer.email') }),
  };
}

// The slip's grid.
const CONTENT = PAGE.width - 2 * PAGE.margin;
const INK = '#1f2328';
const SOFT = '#57606a';
/** Where the footer starts: room for three lines above the bottom margin, so it never spills onto a page of its own. */
const FOOTER_TOP = PAGE.height - PAGE.margin - 12;
/** The lowest a row of items may end before the slip goes on over the page (the footer below it). */
const ROWS_END = FOOTER_TOP - 20;

/**
 * The PDF of these slips, a page each (an order with more items than a page holds goes on over the next). Laying
 * out text is CPU work of about 20 ms a slip: the event loop gets a turn between slips, so a print of 200 does not
 * hold up the server's other requests meanwhile.
 */
export async function renderPackingSlips(slips: readonly PackingSlip[], title: string): Promise<Buffer> {
  const { doc, done } = pdfDocument(title);
  for (const slip of slips) {
    drawSlip(doc, slip);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  doc.end();
  return done;
}

function drawSlip(doc: PDFKit.PDFDocument, slip: PackingSlip) {
  doc.addPage();
  const left = PAGE.margin;
  const half = CONTENT / 2;
  // The sender, top left; the slip's title and order, top right.
  let y = PAGE.margin;
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(12)
    .text(slip.from[0] ?? '', left, y, { width: half });
  doc.font(FONTS.regular).fontSize(10).fillColor(SOFT);
  for (const line of slip.from.slice(1)) doc.text(line, { width: half });
  const senderEnd = doc.y;
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(20)
    .text(slip.title, left + half, PAGE.margin, { width: half, align: 'right' });
  doc.font(FONTS.regular).fontSize(12).text(slip.order, { width: half, align: 'right' });
  doc.fontSize(10).fillColor(SOFT).text(slip.placed, { width: half, align: 'right' });
  y = Math.max(senderEnd, doc.y) + 28;

  // Where it goes: the label's lines, the recipient's name first and larger.
  doc.fillColor(SOFT).font('bold').fontSize(10).text(slip.shipToLabel.toUpperCase(), left, y, { width: CONTENT });
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(14)
    .text(slip.shipTo[0] ?? '', { width: CONTENT });
  doc.font(FONTS.regular).fontSize(12);
  for (const line of slip.shipTo.slice(1)) doc.text(line, { width: CONTENT });
  y = doc.y + 20;

  if (slip.gift) {
    doc.font('bold').fontSize(12).fillColor(INK).text(slip.gift.heading, left, y, { width: CONTENT });
    doc.font(FONTS.regular).fontSize(11).text(slip.gift.from, { width: CONTENT });
    if (slip.gift.message) {
      doc.moveDown(0.4).fillColor(SOFT).font('bold').fontSize(10).text(slip.gift.messageLabel, { width: CONTENT });
      doc.fillColor(INK).font('italic').fontSize(11).text(slip.gift.message, { width: CONTENT });
    }
    y = doc.y + 20;
  }

  y = drawItems(doc, slip, y);
  footer(doc, slip.footer);
}

/** The items: title and kind, how many, and (not on a gift's slip) the price and amount. */
function drawItems(doc: PDFKit.PDFDocument, slip: PackingSlip, top: number) {
  const priced = slip.columns.price !== null;
  const cols = priced
    ? { item: CONTENT - 250, quantity: 50, price: 100, amount: 100 }
    : { item: CONTENT - 70, quantity: 70, price: 0, amount: 0 };
  const x = {
    item: PAGE.margin,
    quantity: PAGE.margin + cols.item,
    price: PAGE.margin + cols.item + cols.quantity,
    amount: PAGE.margin + cols.item + cols.quantity + cols.price,
  };
  const header = (at: number) => {
    doc.fillColor(SOFT).font('bold').fontSize(10);
    doc.text(slip.columns.item, x.item, at, { width: cols.item - 8 });
    doc.text(slip.columns.quantity, x.quantity, at, { width: cols.quantity, align: 'right' });
    if (priced) {
      doc.text(slip.columns.price ?? '', x.price, at, { width: cols.price, align: 'right' });
      doc.text(slip.columns.amount ?? '', x.amount, at, { width: cols.amount, align: 'right' });
    }
    const under = at + 16;
    doc
      .moveTo(PAGE.margin, under)
      .lineTo(PAGE.margin + CONTENT, under)
      .lineWidth(1)
      .strokeColor(SOFT)
      .stroke();
    return under + 8;
  };
  let y = header(top);
  for (const item of slip.items) {
    doc.font('bold').fontSize(11);
    const titleHeight = doc.heightOfString(item.title, { width: cols.item - 8 });
    doc.font(FONTS.regular).fontSize(10);
    const height = titleHeight + doc.heightOfString(item.kind, { width: cols.item - 8 }) + 10;
    if (y + height > ROWS_END) {
      footer(doc, slip.footer);
      doc.addPage();
      doc.fillColor(INK).font('bold').fontSize(12).text(slip.continued, PAGE.margin, PAGE.margin, { width: CONTENT });
      y = header(doc.y + 16);
    }
    doc
      .fillColor(INK)
      .font('bold')
      .fontSize(11)
      .text(item.title, x.item, y, { width: cols.item - 8 });
    doc
      .fillColor(SOFT)
      .font(FONTS.regular)
      .fontSize(10)
      .text(item.kind, { width: cols.item - 8 });
    doc
      .fillColor(INK)
      .font('bold')
      .fontSize(14)
      .text(String(item.quantity), x.quantity, y, { width: cols.quantity, align: 'right' });
    if (priced) {
      doc.font(FONTS.regular).fontSize(11);
      doc.text(item.price ?? '', x.price, y, { width: cols.price, align: 'right' });
      doc.text(item.amount ?? '', x.amount, y, { width: cols.amount, align: 'right' });
    }
    y += height;
    doc
      .moveTo(PAGE.margin, y - 5)
      .lineTo(PAGE.margin + CONTENT, y - 5)
      .lineWidth(0.5)
      .strokeColor('#d0d7de')
      .stroke();
  }
  return y;
}

/** The words at the foot of a page: whom to ask. */
function footer(doc: PDFKit.PDFDocument, text: string) {
  doc.fillColor(SOFT).font(FONTS.regular).fontSize(9).text(text, PAGE.margin, FOOTER_TOP, { width: CONTENT, align: 'center' });
}
