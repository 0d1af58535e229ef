import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PDF's words as poppler's pdftotext reads them, as a person reads the paper: without -layout, so each label and
 * its value read in order, words joined by single spaces.
 */
export function pdfText(pdf: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'storyhouse-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
