import type { AuditEntry, LangCode } from '@storyhouse/contracts';
import { type Catalog, createTranslator } from '@storyhouse/i18n';
import en from '@storyhouse/i18n/catalogs/en.json' with { type: 'json' };
import es from '@storyhouse/i18n/catalogs/es.json' with { type: 'json' };
import ru from '@storyhouse/i18n/catalogs/ru.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { type AuditWords, auditDetails } from './audit-words';
import { formatFileSize } from './file-size';

const catalogs: Record<LangCode, Catalog> = { en, es, ru };

/** The audit page's words in a language, as the back office makes them (lib/i18n.tsx). */
function words(lang: LangCode): AuditWords {
  const missing: string[] = [];
  const t = createTranslator(lang, catalogs[lang], (key) => missing.push(key));
  const money = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' });
  return {
    t: (key, values) => {
      const text = t(key, values);
      if (missing.length > 0) throw new Error(`Missing message: ${lang}:${missing.join(', ')}`);
      return text;
    },
    lang,
    formatMoney: (usd) => money.format(usd),
  };
}

const entry = (action: AuditEntry['action'], details: AuditEntry['details']) => ({ action, details });
/** The details as "name: value" lines, what a volunteer reads in the Details column. */
const read = (lang: LangCode, e: ReturnType<typeof entry>) =>
  auditDetails(e, words(lang)).map(({ name, value }) => `${name}: ${value}`);
// Intl puts a no-break space (or a narrow one) between a number and its unit; the tests read plain spaces.
const plain = (lines: string[]) => lines.map((l) => l.replace(/[\u00a0\u202f]/g, ' '));

describe('a file’s size in the admin’s language', () => {
  it.each([
    ['en', 5939, '5.8 kB'],
    ['es', 5939, '5,8 kB'],
    ['ru', 5939, '5,8 кБ'],
    ['en', 3_355_443, '3.2 MB'],
    ['ru', 3_355_443, '3,2 МБ'],
  ] as const)('in %s, %d bytes read %s', (lang, bytes, text) => {
    expect(formatFileSize(bytes, lang).replace(/[\u00a0\u202f]/g, ' ')).toBe(text);
  });

  it('is never 0 MB: a picture under a megabyte is in kilobytes, a file of a few bytes 0.1 kB', () => {
    expect(formatFileSize(300 * 1024, 'en')).toBe('300 kB');
    expect(formatFileSize(17, 'en')).toBe('0.1 kB');
    expect(formatFileSize(0, 'en')).toBe('0 kB');
    expect(formatFileSize(200 * 1024 * 1024, 'en')).toBe('200 MB');
  });
});

describe('the audit log’s details in words (a formatter per kind of action)', () => {
  const upload = entry('media.upload', {
    kind: 'image',
    original_name: 'lamb.jpg',
    size_bytes: 5939,
    length_seconds: null,
    preview_key: null,
  });

  it.each([
    ['en', ['File: lamb.jpg', 'Kind: Picture', 'Size: 5.8 kB']],
    ['es', ['Archivo: lamb.jpg', 'Tipo: Imagen', 'Tamaño: 5,8 kB']],
    ['ru', ['Файл: lamb.jpg', 'Тип: Изображение', 'Размер: 5,8 кБ']],
  ] as const)('an upload in %s: the kind in words, the size in kilobytes, never a raw key or bytes', (lang, lines) => {
    expect(plain(read(lang, upload))).toEqual(lines);
  });

  it('an MP3’s length as a clock, and its preview as made', () => {
    const track = entry('media.upload', {
      kind: 'audio',
      original_name: 'song.mp3',
      size_bytes: 3_355_443,
      length_seconds: 95,
      preview_key: 'uploads/audio/abc-preview.mp3',
    });
    expect(plain(read('en', track))).toEqual([
      'File: song.mp3',
      'Kind: MP3 track',
      'Size: 3.2 MB',
      'Length: 1:35',
      'Preview made: yes',
    ]);
  });

  const refund = entry('order.refund', {
    amount_usd: 17.98,
    gift_card_usd: 0,
    lines: 2,
    refunded_items: 'Ruth, Jonah',
    shipping: true,
    shipping_usd: 4.99,
    whole: false,
    card_brand: 'visa',
    card_last4: '4242',
    provider: 'test',
  });

  it.each([
    [
      'en',
      [
        'To the card: $17.98',
        'To gift cards: $0.00',
        'Items: 2',
        'Items refunded: Ruth, Jonah',
        'Shipping refunded: yes',
        'Shipping: $4.99',
        'Whole order: no',
        'Card: Visa ending in 4242',
        'Processor: Test card processor',
      ],
    ],
    ['ru', ['На карту: 17,98 $', 'На подарочные карты: 0,00 $']],
    ['es', ['A la tarjeta: 17,98 US$']],
  ] as const)('a refund in %s: money in the site’s format, the card and the processor by name', (lang, lines) => {
    const read_ = plain(read(lang, refund));
    expect(read_.slice(0, lines.length)).toEqual(lines);
    expect(read_.join('\n')).not.toMatch(/\btest\b|\bvisa\b|true|false/);
    // A decimal point only where the language writes one.
    if (lang !== 'en') expect(read_.join('\n')).not.toContain('17.98');
  });

  it.each([
    ['es', 'Tarjeta: Visa terminada en 4242', 'Procesador: Procesador de tarjetas de prueba'],
    ['ru', 'Карта: Visa, последние цифры 4242', 'Платёжная система: Тестовый платёжный процессор'],
  ] as const)('in %s the card and the processor are named in the language', (lang, card, processor) => {
    expect(plain(read(lang, refund)).slice(-2)).toEqual([card, processor]);
  });

  it('a product edit names the fields as the form does, and the cover by its file, never its id', () => {
    expect(read('en', entry('product.update', { product_id: 12, fields: 'primary_image, title', cover: 'lamb.jpg' }))).toEqual([
      'Fields changed: Cover (square), Title',
      'New cover: lamb.jpg',
    ]);
    expect(read('es', entry('sku.create', { product_id: 12, sku_id: 40, type: 'physical', title: 'CD' }))).toEqual([
      'Formato: CD',
      'Título: CD',
    ]);
  });

  it('languages by name, percentages and dates in the site’s way, codes as words', () => {
    expect(read('ru', entry('user.password_reset', { lang: 'es' }))).toEqual(['Язык: Español']);
    expect(plain(read('es', entry('tax.update', { rate_percent: 7.25, was_rate_percent: null })))).toEqual(['Tasa: 7,25 %']);
    expect(read('en', entry('coupon.withdraw', { outcome: 'deleted', redemptions: 0 }))).toEqual([
      'Outcome: Deleted (never used)',
      'Uses: 0',
    ]);
    expect(read('en', entry('coupon.create', { title: 'Easter', expires_at: '2026-04-30T00:00:00.000Z' }))).toEqual([
      'Title: Easter',
      'Expires: Apr 30, 2026',
    ]);
    // The lists by title; an entry recorded as sku ids before reads as how many.
    expect(read('en', entry('promoted.update', { recommended_albums: 'Noah, Ruth', top_stories: '' }))).toEqual([
      'Recommended albums: Noah, Ruth',
    ]);
    expect(read('en', entry('promoted.update', { recommended_albums: '3, 5, 9', top_stories: '' }))).toEqual([
      'Recommended albums: 3 items',
    ]);
  });

  it('a detail no formatter knows shows by its type: a flag as yes or no, a number in the site’s way', () => {
    expect(read('ru', entry('masquerade.start', { still_here: true, rows: 12345 }))).toEqual([
      'still_here: да',
      'Адресов: 12\u00a0345',
    ]);
  });
});
