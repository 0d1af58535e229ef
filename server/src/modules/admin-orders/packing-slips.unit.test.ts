import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderLineRow } from './admin-orders.repository';
import { packingSlipOf, renderPackingSlips } from './packing-slips';

/** The slip's layout (decision 062), read back with pdftotext: an order with more items than a page holds. */
const tmp = mkdtempSync(path.join(tmpdir(), 'storyhouse-slip-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const order = {
  number: 'SH-7K4Q-2M',
  lang_code: 'en',
  created_at: new Date('2026-03-02T10:00:00Z'),
  shipping_address: {
    fname: 'Grace',
    lname: 'Miller',
    line1: '12 Elm Street',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60601',
    country_id: 33,
  },
  gift_name: null,
  gift_email: null,
  gift_message: null,
  email: 'grace@example.test',
  fname: 'Grace',
  lname: 'Miller',
} as unknown as Parameters<typeof packingSlipOf>[0];

const line = (i: number, type = 'physical') =>
  ({
    type,
    product_title: `Story number ${i}`,
    title: `Story ${i}`,
    quantity: 1,
    unit_price_cents: 1299,
    subtotal_cents: 1299,
  }) as OrderLineRow;

function pagesOf(pdf: Buffer) {
  const file = path.join(tmp, 'slip.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

describe('a packing slip', () => {
  it('goes on over the next page when its items do not fit one, saying whose it is, every item listed once', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => line(i + 1));
    const slip = packingSlipOf(
      order,
      [...lines, line(99, 'digital_album')],
      [{ id: 33, code: 'US', country_name: 'United States' }],
    );
    const pages = pagesOf(await renderPackingSlips([slip], 'Packing slips'));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]).toContain('Order SH-7K4Q-2M, continued');
    const text = pages.join('\n');
    for (let i = 1; i <= 40; i++) expect(text.match(new RegExp(`Story number ${i}\\b`, 'g')), `item ${i}`).toHaveLength(1);
    // The download is not in the box.
    expect(text).not.toContain('Story number 99');
    expect(pages[0]).toContain('United States');
  });
});
