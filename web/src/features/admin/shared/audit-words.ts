import { type AuditAction, type AuditEntry, formatClock, type LangCode, langCodes, MediaKind } from '@storyhouse/contracts';
import type { MessageKey, MessageValues } from '@storyhouse/i18n';
import { formatFileSize } from './file-size';
import { cardName, lineKind, processorName } from './order-words';

type Translate = (key: MessageKey, values?: MessageValues) => string;

/** What the audit log's words are made with: the admin's language, its messages and its money. */
export interface AuditWords {
  t: Translate;
  lang: LangCode;
  formatMoney: (usd: number) => string;
}

/** One recorded detail as the admin reads it: its name and its value, both in words. */
export interface AuditDetail {
  name: string;
  value: string;
}

type Value = AuditEntry['details'][string];
type Details = AuditEntry['details'];

/**
 * How one recorded value reads: money in the admin's currency format, a file
 * size in kilobytes or megabytes, a language by its name, a flag as yes or
 * no, a code by its words. `hidden` is a value the target already names (a
 * product's id beside its name) or one with no meaning to a volunteer.
 */
type Format =
  | 'money'
  | 'size'
  | 'clock'
  | 'count'
  | 'percent'
  | 'year'
  | 'date'
  | 'dateTime'
  | 'flag'
  | 'language'
  | 'mediaKind'
  | 'skuType'
  | 'productFields'
  | 'guestBookFields'
  | 'pageFields'
  | 'page'
  | 'when'
  | 'outcome'
  | 'idList'
  | 'text'
  | 'hidden';

/** The ministry's details on gift receipts (decision 068), recorded before and after. */
const receiptFields = ['legal_name', 'address', 'ein', 'ca_registration', 'place_of_issue', 'es_nif'] as const;

/** Which format each detail an action records takes, in the order they are shown; a detail not listed shows by its type. */
type ActionFormat = Record<string, Format>;

const titles: ActionFormat = { title: 'text', title_es: 'text', title_ru: 'text' };
const oldTitles: ActionFormat = { was_title: 'text', was_title_es: 'text', was_title_ru: 'text' };

/**
 * The formatter of each kind of action, in one place: what it records and
 * how each detail reads. The Record type makes a new action without its
 * formatter a compile error.
 */
const actionFormats: Record<AuditAction, ActionFormat> = {
  'order.ship': { carrier: 'text', tracking_number: 'text', first: 'flag' },
  'order.receipt': { to: 'text' },
  'order.note': { note: 'text', was_note: 'text' },
  'order.packing_slip': { orders: 'count' },
  'order.refund': {
    amount_usd: 'money',
    gift_card_usd: 'money',
    card_brand: 'hidden',
    card_last4: 'hidden',
    provider: 'hidden',
    lines: 'count',
    refunded_items: 'text',
    shipping: 'flag',
    shipping_usd: 'money',
    whole: 'flag',
  },
  'subscription.cancel': { when: 'when', refund_usd: 'money', subscription: 'hidden' },
  'donor.statement': { year: 'year' },
  'donor.statements': { year: 'year', donors: 'count' },
  'user.admin': { is_admin: 'flag' },
  'user.lock': { locked: 'flag' },
  'user.password_reset': { lang: 'language' },
  'masquerade.start': {},
  'masquerade.end': {},
  'gift.change': {
    subscription: 'hidden',
    fund: 'text',
    was_fund: 'text',
    amount_usd: 'money',
    was_amount_usd: 'money',
    charge_day: 'count',
    pause_months: 'count',
    next_charge: 'dateTime',
  },
  'subscription.card': { subscription: 'hidden', fund: 'text', card: 'text', was_card: 'text' },
  'test_clock.move': { advance_days: 'count', frozen_time: 'dateTime', renewals: 'count' },
  'coupon.create': {
    ...titles,
    percent_off: 'percent',
    amount_off_usd: 'money',
    expires_at: 'date',
    max_redemptions: 'count',
  },
  'coupon.retitle': { ...titles, ...oldTitles },
  'coupon.withdraw': { outcome: 'outcome', redemptions: 'count' },
  'shipping.update': {
    first_item_usd: 'money',
    additional_item_usd: 'money',
    was_first_item_usd: 'money',
    was_additional_item_usd: 'money',
    min_days: 'count',
    max_days: 'count',
    was_min_days: 'count',
    was_max_days: 'count',
  },
  'tax.update': { rate_percent: 'percent', was_rate_percent: 'percent' },
  'tax.remove': { was_rate_percent: 'percent' },
  'guest_book.approve': { lang: 'language' },
  'guest_book.reject': { lang: 'language' },
  'guest_book.edit': { fields: 'guestBookFields' },
  'contact.handled': { handled: 'flag' },
  'lessons.handled': { handled: 'flag' },
  'newsletter.export': { rows: 'count', list: 'hidden' },
  'navigation.update': { items: 'count', version: 'hidden' },
  'cms.create': { title: 'text', translation_of: 'page' },
  'cms.save': { title: 'text', cleaned: 'pageFields' },
  'cms.publish': { title: 'text' },
  'product.create': { title: 'text', lang_code: 'language', product_id: 'hidden' },
  'product.update': { fields: 'productFields', cover: 'text', old_slug: 'text', product_id: 'hidden' },
  'product.withdraw': { product_id: 'hidden' },
  'sku.create': { type: 'skuType', title: 'text', product_id: 'hidden', sku_id: 'hidden' },
  'sku.update': {
    type: 'skuType',
    title: 'text',
    price_usd: 'money',
    sale_price_usd: 'money',
    is_hidden: 'flag',
    product_id: 'hidden',
    sku_id: 'hidden',
  },
  'sku.retitle': { ...titles, ...oldTitles },
  'tracks.reorder': { order: 'idList', product_id: 'hidden' },
  'promoted.update': { recommended_albums: 'idList', top_stories: 'idList' },
  'media.upload': { original_name: 'text', kind: 'mediaKind', size_bytes: 'size', length_seconds: 'clock', preview_key: 'flag' },
  'transcript.save': { album: 'text', cues: 'count', removed: 'flag', sku_id: 'hidden' },
  // Decision 061: a count's "not tracked" is a flag (its number is then none).
  'stock.update': {
    type: 'skuType',
    tracked_before: 'flag',
    stock_before: 'count',
    threshold_before: 'count',
    tracked_after: 'flag',
    stock_after: 'count',
    threshold_after: 'count',
    product_id: 'hidden',
    sku_id: 'hidden',
  },
  'order.return': { returned_items: 'text', reason: 'text', restock: 'flag', return_id: 'hidden' },
  'return_reason.create': titles,
  'return_reason.update': { ...titles, ...oldTitles },
  'return_reason.retire': {},
  'giving_fee.update': { percent: 'percent', fixed_usd: 'money', was_percent: 'percent', was_fixed_usd: 'money' },
  'receipt_settings.update': Object.fromEntries(
    receiptFields.flatMap((f): [string, Format][] => [
      [f, 'text'],
      [`was_${f}`, 'text'],
    ]),
  ),
};

/** The details' names in words; a name not listed shows as recorded. */
const detailNames: Record<string, MessageKey> = {
  carrier: 'admin.order.carrier',
  tracking_number: 'admin.order.trackingNumber',
  tracking_url: 'admin.order.trackingUrl',
  first: 'admin.audit.detail.first',
  to: 'admin.audit.detail.to',
  advance_days: 'admin.audit.detail.advance_days',
  frozen_time: 'admin.audit.detail.frozen_time',
  renewals: 'admin.audit.detail.renewals',
  amount_usd: 'admin.audit.detail.amount_usd',
  gift_card_usd: 'admin.audit.detail.gift_card_usd',
  lines: 'admin.audit.detail.lines',
  refunded_items: 'admin.audit.detail.refunded_items',
  shipping: 'admin.audit.detail.shipping',
  shipping_usd: 'admin.audit.detail.shipping_usd',
  whole: 'admin.audit.detail.whole',
  title: 'admin.audit.detail.title',
  title_es: 'admin.audit.detail.title_es',
  title_ru: 'admin.audit.detail.title_ru',
  was_title: 'admin.audit.detail.was_title',
  was_title_es: 'admin.audit.detail.was_title_es',
  was_title_ru: 'admin.audit.detail.was_title_ru',
  percent_off: 'admin.audit.detail.percent_off',
  amount_off_usd: 'admin.audit.detail.amount_off_usd',
  expires_at: 'admin.audit.detail.expires_at',
  max_redemptions: 'admin.audit.detail.max_redemptions',
  outcome: 'admin.audit.detail.outcome',
  redemptions: 'admin.audit.detail.redemptions',
  first_item_usd: 'admin.audit.detail.first_item_usd',
  additional_item_usd: 'admin.audit.detail.additional_item_usd',
  was_first_item_usd: 'admin.audit.detail.was_first_item_usd',
  was_additional_item_usd: 'admin.audit.detail.was_additional_item_usd',
  min_days: 'admin.audit.detail.min_days',
  max_days: 'admin.audit.detail.max_days',
  was_min_days: 'admin.audit.detail.was_min_days',
  was_max_days: 'admin.audit.detail.was_max_days',
  rate_percent: 'admin.audit.detail.rate_percent',
  was_rate_percent: 'admin.audit.detail.was_rate_percent',
  fields: 'admin.audit.detail.fields',
  lang: 'admin.audit.detail.lang',
  lang_code: 'admin.audit.detail.lang',
  handled: 'admin.audit.detail.handled',
  list: 'admin.audit.detail.list',
  rows: 'admin.audit.detail.rows',
  items: 'admin.audit.detail.items',
  version: 'admin.audit.detail.version',
  cleaned: 'admin.audit.detail.cleaned',
  translation_of: 'admin.audit.detail.translation_of',
  kind: 'admin.media.kindColumn',
  original_name: 'admin.media.file',
  size_bytes: 'admin.media.size',
  length_seconds: 'admin.media.lengthColumn',
  preview_key: 'admin.audit.detail.preview_key',
  note: 'admin.audit.detail.note',
  was_note: 'admin.audit.detail.was_note',
  orders: 'admin.audit.detail.orders',
  when: 'admin.audit.detail.when',
  refund_usd: 'admin.audit.detail.refund_usd',
  year: 'admin.audit.detail.year',
  is_admin: 'admin.audit.detail.is_admin',
  locked: 'admin.audit.detail.locked',
  type: 'admin.audit.detail.type',
  price_usd: 'admin.audit.detail.price_usd',
  sale_price_usd: 'admin.audit.detail.sale_price_usd',
  is_hidden: 'admin.audit.detail.is_hidden',
  order: 'admin.audit.detail.order',
  recommended_albums: 'admin.audit.detail.recommended_albums',
  top_stories: 'admin.audit.detail.top_stories',
  album: 'admin.audit.detail.album',
  cues: 'admin.audit.detail.cues',
  removed: 'admin.audit.detail.removed',
  cover: 'admin.audit.detail.cover',
  old_slug: 'admin.audit.detail.old_slug',
  card: 'admin.audit.detail.card',
  provider: 'admin.audit.detail.provider',
  tracked_before: 'admin.audit.detail.tracked_before',
  tracked_after: 'admin.audit.detail.tracked_after',
  stock_before: 'admin.audit.detail.stock_before',
  stock_after: 'admin.audit.detail.stock_after',
  threshold_before: 'admin.audit.detail.threshold_before',
  threshold_after: 'admin.audit.detail.threshold_after',
  reason: 'admin.audit.detail.reason',
  restock: 'admin.audit.detail.restock',
  returned_items: 'admin.audit.detail.returned_items',
  fund: 'admin.audit.detail.fund',
  was_fund: 'admin.audit.detail.was_fund',
  was_card: 'admin.audit.detail.was_card',
  was_amount_usd: 'admin.audit.detail.was_amount_usd',
  charge_day: 'admin.audit.detail.charge_day',
  pause_months: 'admin.audit.detail.pause_months',
  next_charge: 'admin.audit.detail.next_charge',
  legal_name: 'admin.receiptSettings.legalName',
  address: 'admin.receiptSettings.address',
  ein: 'admin.receiptSettings.ein',
  ca_registration: 'admin.receiptSettings.caRegistration',
  place_of_issue: 'admin.receiptSettings.placeOfIssue',
  es_nif: 'admin.receiptSettings.esNif',
  was_legal_name: 'admin.audit.detail.was_receipt.legal_name',
  was_address: 'admin.audit.detail.was_receipt.address',
  was_ein: 'admin.audit.detail.was_receipt.ein',
  was_ca_registration: 'admin.audit.detail.was_receipt.ca_registration',
  was_place_of_issue: 'admin.audit.detail.was_receipt.place_of_issue',
  was_es_nif: 'admin.audit.detail.was_receipt.es_nif',
};

/** A product's fields as its form names them. */
const productFields: Record<string, MessageKey> = {
  title: 'admin.catalogue.title',
  slug: 'admin.catalogue.slug',
  description: 'admin.catalogue.description',
  lang_code: 'admin.catalogue.language',
  primary_image: 'admin.catalogue.cover',
  wide_image: 'admin.catalogue.banner',
  release_date: 'admin.catalogue.releaseDate',
  is_available: 'admin.catalogue.isAvailable',
  is_book: 'admin.catalogue.isBook',
  is_free_streaming: 'admin.catalogue.isFreeStreaming',
  age_band: 'admin.catalogue.ageBand',
};

/** A guest book message's fields as the moderation form names them. */
const guestBookFields: Record<string, MessageKey> = {
  author_name: 'admin.audit.field.author_name',
  country: 'admin.audit.field.country',
  content: 'admin.audit.field.content',
};

/** A CMS page's rich-text fields as its editor names them. */
const pageFields: Record<string, MessageKey> = {
  intro: 'admin.audit.field.intro',
  main_content: 'admin.audit.field.main_content',
  sidebar_content: 'admin.audit.field.sidebar_content',
  description: 'admin.audit.field.description',
};

/** A comma-separated list of codes in words, each by the map or as recorded. */
const listOf = (t: Translate, value: string, words: Record<string, MessageKey>) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((code) => (Object.hasOwn(words, code) ? t(words[code]!) : code))
    .join(', ');

/** How a recorded value of a format reads; null: not shown. */
function formatted(words: AuditWords, format: Format, value: Value): string | null {
  const { t, lang, formatMoney } = words;
  if (value === null || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  switch (format) {
    case 'hidden':
      return null;
    case 'money':
      return Number.isFinite(number) ? formatMoney(number) : String(value);
    case 'size':
      return Number.isFinite(number) ? formatFileSize(number, lang) : String(value);
    case 'clock':
      return Number.isFinite(number) ? formatClock(number) : String(value);
    case 'count':
      return Number.isFinite(number) ? new Intl.NumberFormat(lang).format(number) : String(value);
    case 'percent':
      return Number.isFinite(number)
        ? new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 3 }).format(number / 100)
        : String(value);
    case 'year':
      return String(value);
    case 'date':
    case 'dateTime': {
      const date = new Date(String(value));
      if (Number.isNaN(date.getTime())) return String(value);
      // A coupon's last day is a calendar day (UTC midnight): shown as that day wherever the admin is.
      const options: Intl.DateTimeFormatOptions =
        format === 'date' ? { dateStyle: 'medium', timeZone: 'UTC' } : { dateStyle: 'medium', timeStyle: 'short' };
      return new Intl.DateTimeFormat(lang, options).format(date);
    }
    case 'flag':
      // A preview's key says one was made: a flag too.
      return t(value === false ? 'admin.audit.detail.no' : 'admin.audit.detail.yes');
    case 'language': {
      const code = langCodes.find((l) => l === value);
      return code ? t(`lang.${code}`) : String(value);
    }
    case 'mediaKind': {
      const kind = MediaKind.safeParse(value);
      return kind.success ? t(`admin.media.kind.${kind.data}`) : String(value);
    }
    case 'skuType':
      return lineKind(t, String(value));
    case 'productFields':
      return listOf(t, String(value), productFields);
    case 'guestBookFields':
      return listOf(t, String(value), guestBookFields);
    case 'pageFields':
      return listOf(t, String(value), pageFields);
    case 'page': {
      // Recorded as the target is: "page /about (en)".
      const page = /^page (\S+) \((\w+)\)$/.exec(String(value));
      return page ? t('admin.audit.targetOf.page', { name: `${page[1]} (${page[2]})` }) : String(value);
    }
    case 'when':
      return value === 'now' || value === 'period_end' ? t(`admin.audit.when_value.${value}`) : String(value);
    case 'outcome':
      return value === 'withdrawn' || value === 'deleted' ? t(`admin.audit.outcome.${value}`) : String(value);
    case 'idList': {
      // Recorded as titles; an entry written before as sku ids reads as how many there were.
      if (!/^\d+(, ?\d+)*$/.test(String(value))) return String(value);
      const count = String(value)
        .split(',')
        .filter((s) => s.trim()).length;
      return t('admin.audit.detail.itemCount', { count });
    }
    case 'text':
      return typeof value === 'boolean' ? formatted(words, 'flag', value) : String(value);
  }
}

/** A detail no formatter lists (one recorded before it was): by its type. */
const byType = (value: Value): Format => (typeof value === 'boolean' ? 'flag' : typeof value === 'number' ? 'count' : 'text');

/**
 * An action's recorded details as the admin reads them, in the formatter's
 * order: names and values in words, money, sizes and dates in the admin's
 * language; the card and the processor a refund went back to as one line
 * each ("Visa ending in 4242", "Test card processor").
 */
export function auditDetails(entry: Pick<AuditEntry, 'action' | 'details'>, words: AuditWords): AuditDetail[] {
  const { t } = words;
  const formats = actionFormats[entry.action] ?? {};
  const { details } = entry;
  const names = [
    ...Object.keys(formats).filter((n) => Object.hasOwn(details, n)),
    ...Object.keys(details).filter((n) => !Object.hasOwn(formats, n)),
  ];
  const lines: AuditDetail[] = [];
  for (const name of names) {
    const value = formatted(words, formats[name] ?? byType(details[name] ?? null), details[name] ?? null);
    if (value === null) continue;
    lines.push({ name: Object.hasOwn(detailNames, name) ? t(detailNames[name]!) : name, value });
  }
  lines.push(...paymentLines(details, t));
  return lines;
}

/** Where a refund went: the card and the processor, when recorded. */
function paymentLines(details: Details, t: Translate): AuditDetail[] {
  const lines: AuditDetail[] = [];
  if (typeof details.card_last4 === 'string' && details.card_last4) {
    const brand = typeof details.card_brand === 'string' ? details.card_brand : null;
    lines.push({ name: t('admin.audit.detail.card'), value: cardName(t, brand, details.card_last4) });
  }
  if (typeof details.provider === 'string' && details.provider) {
    lines.push({ name: t('admin.audit.detail.provider'), value: processorName(t, details.provider) });
  }
  return lines;
}
