import type { LangCode } from '@storyhouse/contracts';
import { translators } from '../../i18n';
import { PDF_CONTENT_WIDTH, PDF_FONTS, PDF_INK, PDF_PAGE, PDF_SOFT, pdfDocument } from '../../lib/pdf';
import { mailDate, mailMoney } from '../../mail/format';
import { oneLine } from '../../providers/mail/outbox';
import type { MailAttachment } from '../../providers/mail/transport';

/** One gift as the statement lists it (its fund already named in the statement's language). */
export interface StatementGift {
  given_at: Date;
  title: string;
  cents: number;
  order_number: string | null;
  monthly: boolean;
}

/** Where the footer starts, and the lowest a row may end before the list goes on over the page. */
const FOOTER_TOP = PDF_PAGE.height - PDF_PAGE.margin - 12;
const ROWS_END = FOOTER_TOP - 24;
const COLS = { date: 170, amount: 100 };

/**
 * A donor's year-end giving statement as a PDF (issue 45, decision 069), in the donor's language: the ministry's
 * name and address (the site footer's), the donor, every gift of the year with its date, fund and kind, the total,
 * and the ministry's statement that nothing was given in exchange. A long year goes on over the next pages.
 */
export function renderStatementPdf(
  lang: LangCode,
  donor: { name: string; email: string },
  year: number,
  gifts: readonly StatementGift[],
): Promise<Buffer> {
  const t = translators[lang];
  const title = t('subscriptions.statementPdf.title', { year });
  const { doc, done } = pdfDocument(title);
  const footer = t('subscriptions.statementPdf.footer', { email: t('footer.email') });
  const foot = () =>
    doc
      .fillColor(PDF_SOFT)
      .font(PDF_FONTS.regular)
      .fontSize(9)
      .text(footer, PDF_PAGE.margin, FOOTER_TOP, { width: PDF_CONTENT_WIDTH, align: 'center' });
  const left = PDF_PAGE.margin;
  doc.addPage();
  doc
    .fillColor(PDF_INK)
    .font('bold')
    .fontSize(12)
    .text(t('footer.ministry'), left, PDF_PAGE.margin, { width: PDF_CONTENT_WIDTH });
  doc.font(PDF_FONTS.regular).fontSize(10).fillColor(PDF_SOFT);
  for (const line of [t('footer.addressLine1'), t('footer.addressLine2')]) doc.text(line, { width: PDF_CONTENT_WIDTH });
  // The title on a line of its own: "Справка о пожертвованиях за 2026 год" does not fit half a page.
  doc
    .fillColor(PDF_INK)
    .font('bold')
    .fontSize(18)
    .text(title, left, doc.y + 24, { width: PDF_CONTENT_WIDTH });
  doc.font(PDF_FONTS.regular).fontSize(10).fillColor(PDF_SOFT);
  doc.text(t('subscriptions.statementPdf.issued', { date: mailDate(lang, new Date()) }), { width: PDF_CONTENT_WIDTH });
  let y = doc.y + 20;
  doc.fillColor(PDF_SOFT).font('bold').fontSize(10).text(t('subscriptions.statementPdf.donor').toUpperCase(), left, y);
  doc.fillColor(PDF_INK).font('bold').fontSize(13).text(oneLine(donor.name), { width: PDF_CONTENT_WIDTH });
  doc.font(PDF_FONTS.regular).fontSize(11).text(donor.email, { width: PDF_CONTENT_WIDTH });
  doc.moveDown(0.8).fontSize(11).text(t('subscriptions.email.statementIntro', { year }), { width: PDF_CONTENT_WIDTH });
  y = doc.y + 16;

  const fundX = left + COLS.date;
  const fundWidth = PDF_CONTENT_WIDTH - COLS.date - COLS.amount;
  const amountX = left + PDF_CONTENT_WIDTH - COLS.amount;
  const header = (at: number) => {
    doc.fillColor(PDF_SOFT).font('bold').fontSize(10);
    doc.text(t('subscriptions.statementPdf.date'), left, at, { width: COLS.date - 8 });
    doc.text(t('subscriptions.statementPdf.fund'), fundX, at, { width: fundWidth - 8 });
    doc.text(t('subscriptions.statementPdf.amount'), amountX, at, { width: COLS.amount, align: 'right' });
    const under = at + 16;
    doc
      .moveTo(left, under)
      .lineTo(left + PDF_CONTENT_WIDTH, under)
      .lineWidth(1)
      .strokeColor(PDF_SOFT)
      .stroke();
    return under + 8;
  };
  y = header(y);
  for (const gift of gifts) {
    const fund = oneLine(gift.title);
    const kind = gift.monthly
      ? t('subscriptions.statementPdf.monthly')
      : t('subscriptions.statementPdf.oneTime', { number: gift.order_number ?? '' });
    doc.font('bold').fontSize(11);
    const height =
      doc.heightOfString(fund, { width: fundWidth - 8 }) +
      doc
        .font(PDF_FONTS.regular)
        .fontSize(9)
        .heightOfString(kind, { width: fundWidth - 8 }) +
      10;
    if (y + height > ROWS_END) {
      foot();
      doc.addPage();
      doc
        .fillColor(PDF_INK)
        .font('bold')
        .fontSize(12)
        .text(t('subscriptions.statementPdf.continued', { year, name: oneLine(donor.name) }), left, PDF_PAGE.margin, {
          width: PDF_CONTENT_WIDTH,
        });
      y = header(doc.y + 16);
    }
    doc
      .fillColor(PDF_INK)
      .font(PDF_FONTS.regular)
      .fontSize(11)
      .text(mailDate(lang, new Date(gift.given_at)), left, y, { width: COLS.date - 8 });
    doc
      .font('bold')
      .fontSize(11)
      .text(fund, fundX, y, { width: fundWidth - 8 });
    doc
      .fillColor(PDF_SOFT)
      .font(PDF_FONTS.regular)
      .fontSize(9)
      .text(kind, { width: fundWidth - 8 });
    doc.fillColor(PDF_INK).fontSize(11).text(mailMoney(lang, gift.cents), amountX, y, { width: COLS.amount, align: 'right' });
    y += height;
    doc
      .moveTo(left, y - 5)
      .lineTo(left + PDF_CONTENT_WIDTH, y - 5)
      .lineWidth(0.5)
      .strokeColor('#d0d7de')
      .stroke();
  }
  if (y + 80 > ROWS_END) {
    foot();
    doc.addPage();
    y = PDF_PAGE.margin;
  }
  const total = gifts.reduce((sum, g) => sum + g.cents, 0);
  doc
    .fillColor(PDF_INK)
    .font('bold')
    .fontSize(12)
    .text(t('subscriptions.email.statementTotal', { year }), left, y + 4, { width: PDF_CONTENT_WIDTH - COLS.amount - 8 });
  doc.text(mailMoney(lang, total), amountX, y + 4, { width: COLS.amount, align: 'right' });
  doc
    .font(PDF_FONTS.regular)
    .fontSize(10)
    .fillColor(PDF_INK)
    .text(t('subscriptions.email.statementNote', { ministry: t('footer.ministry') }), left, doc.y + 20, {
      width: PDF_CONTENT_WIDTH,
    });
  foot();
  doc.end();
  return done;
}

/** The statement's PDF as an e-mail attachment, named in the donor's language. */
export async function statementAttachment(
  lang: LangCode,
  donor: { name: string; email: string },
  year: number,
  gifts: readonly StatementGift[],
): Promise<MailAttachment> {
  return {
    filename: translators[lang]('subscriptions.statementPdf.filename', { year }),
    contentType: 'application/pdf',
    content: await renderStatementPdf(lang, donor, year, gifts),
  };
}
