import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * What the server's PDFs share (decision 062; receipts, decision 068): pdfkit
 * with DejaVu Sans (Bitstream Vera licence, free to embed), which covers Latin
 * with its accents and Cyrillic and is subset into each file.
 */
const require = createRequire(import.meta.url);
export const PDF_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
};

/** US Letter in points. */
export const PDF_PAGE = { width: 612, height: 792, margin: 54 };

/**
 * A new document with the fonts registered ('bold', 'italic'; the regular face is the document's own, named by its
 * file: registered again under another name, pdfkit would parse the file again at every switch back to it) and
 * `done`, the finished file once `doc.end()` is called.
 */
export function pdfDocument(title: string) {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: PDF_PAGE.margin, left: PDF_PAGE.margin, right: PDF_PAGE.margin, bottom: 24 },
    autoFirstPage: false,
    font: PDF_FONTS.regular,
    info: { Title: title, Producer: 'Storyhouse' },
  });
  doc.registerFont('bold', PDF_FONTS.bold);
  doc.registerFont('italic', PDF_FONTS.italic);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // A failure while the pages are laid out is answered by awaiting `done`, not reported as unhandled meanwhile.
  done.catch(() => undefined);
  return { doc, done };
}
