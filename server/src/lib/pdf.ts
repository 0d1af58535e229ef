import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The server's PDFs (packing slips, giving statements; decisions 062 and
 * 069): pdfkit with DejaVu Sans, whose Latin with every Spanish accent and
 * Cyrillic print the three sites' words as typed, subset into each file.
 */
const require = createRequire(import.meta.url);
/** DejaVu Sans (Bitstream Vera licence, free to embed): Latin with its accents and Cyrillic, subset into each PDF. */
export const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
};

/** US Letter in points with the margin every document of ours keeps. */
export const PAGE = { width: 612, height: 792, margin: 54 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const INK = '#1f2328';
export const SOFT = '#57606a';

/**
 * A new Letter document in DejaVu Sans with 'bold' and 'italic' registered, and the promise of its bytes once
 * `doc.end()` is called. The regular face is the document's own, named by its file: registered again under another
 * name, pdfkit would read and parse the file again at every switch back to it.
 */
export function pdfDocument(title: string) {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 24 },
    autoFirstPage: false,
    font: FONTS.regular,
    info: { Title: title, Producer: 'Storyhouse' },
  });
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('italic', FONTS.italic);
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
