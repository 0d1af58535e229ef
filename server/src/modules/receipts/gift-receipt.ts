import type { LangCode } from '@storyhouse/contracts';
import { translators } from '../../i18n';
import { PDF_FONTS, PDF_PAGE, pdfDocument } from '../../lib/pdf';
import type { MailBlock } from '../../mail/content';
import { mailDate, mailMoney } from '../../mail/format';
import { oneLine } from '../../providers/mail/outbox';
import type { IssuedReceiptRow, ReceiptOrderRow, ReceiptSettingsRow } from './receipts.repository';

/**
 * A gift's receipt as its donor's country asks for it (issue 45, decision
 * 068), every word in the donor's language: the United States' written
 * acknowledgment, Canada's official donation receipt, Spain's certificate for
 * the Modelo 182, and elsewhere a plain receipt. A country whose details the
 * ministry has not set gets the plain receipt: no number is ever made up.
 */
export type ReceiptKind = 'US' | 'CA' | 'ES' | 'other';

export interface GiftReceipt {
  kind: ReceiptKind;
  lang: LangCode;
  title: string;
  /** The ministry: its name, then its address lines. */
  from: string[];
  fields: { label: string; value: string }[];
  statements: string[];
  filename: string;
}

const filled = (s: string) => s.trim() !== '';

/** The receipt a donor from this country gets with these settings: their own country's when its details are set. */
export function receiptKindOf(countryCode: string | null, settings: ReceiptSettingsRow): ReceiptKind {
  if (!filled(settings.legal_name)) return 'other';
  if (countryCode === 'US' && filled(settings.ein)) return 'US';
  if (countryCode === 'CA' && filled(settings.ca_registration) && filled(settings.place_of_issue) && filled(settings.address)) {
    return 'CA';
  }
  if (countryCode === 'ES' && filled(settings.es_nif) && filled(settings.address)) return 'ES';
  return 'other';
}

/** "2026-00017": a Canadian receipt's serial number, unique and counted without gaps within its year. */
export const serialNumberOf = (year: number, serial: number) => `${year}-${String(serial).padStart(5, '0')}`;

/** A country's name in a language (Intl's, from its ISO code), else the English name the list has. */
function countryName(lang: LangCode, order: ReceiptOrderRow) {
  if (!order.country_code) return order.country_name ?? '';
  try {
    return new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }).of(order.country_code) ?? order.country_name ?? '';
  } catch {
    return order.country_name ?? '';
  }
}

/** The donor's address as the order's billing address has it, on one line, its country in the donor's language. */
function donorAddress(lang: LangCode, order: ReceiptOrderRow) {
  const a = (order.billing_address ?? {}) as Record<string, unknown>;
  const part = (k: string) => (typeof a[k] === 'string' ? oneLine(a[k] as string) : '');
  return [part('line1'), part('city'), [part('state'), part('postal_code')].filter(Boolean).join(' '), countryName(lang, order)]
    .filter(Boolean)
    .join(', ');
}

/**
 * The receipt of an order's gift, or null when nothing of it counts as a gift any more (a refund voids it). The kind
 * issued with the order decides; the ministry's details are read now, and a kind whose details were since cleared
 * falls back to the plain receipt.
 */
export function giftReceiptOf(
  order: ReceiptOrderRow,
  issued: IssuedReceiptRow,
  settings: ReceiptSettingsRow,
): GiftReceipt | null {
  if (order.gift_cents <= 0) return null;
  const lang = order.lang_code as LangCode;
  const t = translators[lang];
  const stored = issued.country as ReceiptKind;
  const kind: ReceiptKind = stored !== 'other' && receiptKindOf(stored, settings) === stored ? stored : 'other';
  const ministry = filled(settings.legal_name) ? oneLine(settings.legal_name) : t('footer.ministry');
  const address = filled(settings.address)
    ? settings.address.split(/\r?\n/).map(oneLine).filter(Boolean)
    : [t('footer.addressLine1'), t('footer.addressLine2')];
  const donor = `${oneLine(order.fname)} ${oneLine(order.lname)}`.trim() || order.email;
  const date = mailDate(lang, order.paid_at ?? issued.issued_at);
  const amount = mailMoney(lang, order.gift_cents);
  const field = (key: Parameters<typeof t>[0], value: string) => ({ label: t(key), value });
  // A renewal of a monthly gift names the order that began it.
  const orderField = field(issued.renewal_payment_id ? 'receipts.field.monthlyGift' : 'receipts.field.order', order.number);
  const base = {
    kind,
    lang,
    from: [ministry, ...address],
    filename: issued.renewal_payment_id
      ? `receipt-${order.number}-${issued.renewal_payment_id}.pdf`
      : `receipt-${order.number}.pdf`,
  };

  if (kind === 'US') {
    return {
      ...base,
      title: t('receipts.title.us'),
      fields: [
        field('receipts.field.organization', ministry),
        field('receipts.field.ein', oneLine(settings.ein)),
        field('receipts.field.donor', donor),
        field('receipts.field.date', date),
        field('receipts.field.amount', amount),
        orderField,
      ],
      statements: [
        order.goods_cents > 0
          ? t('receipts.us.goodsValue', { value: mailMoney(lang, order.goods_cents) })
          : t('receipts.us.noGoods'),
      ],
    };
  }
  if (kind === 'CA') {
    const serial = issued.serial_year !== null && issued.serial !== null ? serialNumberOf(issued.serial_year, issued.serial) : '';
    return {
      ...base,
      title: t('receipts.title.ca'),
      fields: [
        field('receipts.field.serial', serial),
        field('receipts.field.organization', ministry),
        field('receipts.field.registration', oneLine(settings.ca_registration)),
        field('receipts.field.donor', donor),
        ...(donorAddress(lang, order) ? [field('receipts.field.donorAddress', donorAddress(lang, order))] : []),
        field('receipts.field.dateReceived', date),
        field('receipts.field.eligible', amount),
        field('receipts.field.issued', mailDate(lang, issued.issued_at)),
        field('receipts.field.placeOfIssue', oneLine(settings.place_of_issue)),
        orderField,
      ],
      statements: [t('receipts.ca.official'), t('receipts.ca.cra')],
    };
  }
  if (kind === 'ES') {
    const nif = oneLine(order.tax_id);
    return {
      ...base,
      title: t('receipts.title.es'),
      fields: [
        field('receipts.field.organization', ministry),
        field('receipts.field.ministryNif', oneLine(settings.es_nif)),
        field('receipts.field.donor', donor),
        ...(nif ? [field('receipts.field.donorNif', nif)] : []),
        field('receipts.field.date', date),
        field('receipts.field.amount', amount),
        orderField,
      ],
      statements: [t('receipts.es.certificate'), ...(nif ? [] : [t('receipts.es.noNif')])],
    };
  }
  return {
    ...base,
    title: t('receipts.title.other'),
    fields: [
      field('receipts.field.organization', ministry),
      field('receipts.field.donor', donor),
      field('receipts.field.date', date),
      field('receipts.field.amount', amount),
      orderField,
    ],
    statements: [t('receipts.other.thanks', { ministry })],
  };
}

/** The receipt in an e-mail: its title, its fields and what it states. */
export function receiptBlocks(receipt: GiftReceipt): MailBlock[] {
  return [
    { kind: 'text', text: receipt.title },
    { kind: 'fields', rows: receipt.fields },
    ...receipt.statements.map((text): MailBlock => ({ kind: 'note', text })),
  ];
}

const CONTENT = PDF_PAGE.width - 2 * PDF_PAGE.margin;
const INK = '#1f2328';
const SOFT = '#57606a';

/** The receipt as a one-page PDF (DejaVu Sans embedded: Spanish accents and Cyrillic print as typed). */
export async function renderGiftReceipt(receipt: GiftReceipt): Promise<Buffer> {
  const { doc, done } = pdfDocument(receipt.title);
  doc.addPage();
  const left = PDF_PAGE.margin;
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(13)
    .text(receipt.from[0] ?? '', left, PDF_PAGE.margin, { width: CONTENT });
  doc.font(PDF_FONTS.regular).fontSize(10).fillColor(SOFT);
  for (const line of receipt.from.slice(1)) doc.text(line, { width: CONTENT });
  doc.moveDown(1.5).fillColor(INK).font('bold').fontSize(18).text(receipt.title, { width: CONTENT });
  doc.moveDown(0.8);
  const labelWidth = 200;
  for (const row of receipt.fields) {
    const y = doc.y;
    doc
      .fillColor(SOFT)
      .font(PDF_FONTS.regular)
      .fontSize(10)
      .text(row.label, left, y, { width: labelWidth - 10 });
    const labelEnd = doc.y;
    doc
      .fillColor(INK)
      .font('bold')
      .fontSize(11)
      .text(row.value, left + labelWidth, y, { width: CONTENT - labelWidth });
    doc.y = Math.max(labelEnd, doc.y) + 6;
  }
  doc.moveDown(1);
  for (const text of receipt.statements) {
    doc.fillColor(INK).font(PDF_FONTS.regular).fontSize(11).text(text, left, doc.y, { width: CONTENT });
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}
