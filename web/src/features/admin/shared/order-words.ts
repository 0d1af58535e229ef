import {
  type AdminOrder,
  type AdminOrderFilter,
  AdminOrderRefund,
  AuditAction,
  CardBrand,
  type Fulfilment,
  SkuType,
} from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { useI18n } from '../../../lib/i18n';

type Translate = ReturnType<typeof useI18n>['t'];

/**
 * The back office's words for the states and kinds the API names by code,
 * as a volunteer says them. The Record types make a new code without words
 * a compile error.
 */
const filters: Record<AdminOrderFilter, MessageKey> = {
  all: 'admin.orders.filter.all',
  to_ship: 'admin.orders.filter.to_ship',
  shipped: 'admin.orders.filter.shipped',
  paid: 'admin.orders.filter.paid',
  pending: 'admin.orders.filter.pending',
  failed: 'admin.orders.filter.failed',
  refunded: 'admin.orders.filter.refunded',
};

const statuses: Record<AdminOrder['status'], MessageKey> = {
  pending: 'admin.orders.status.pending',
  paid: 'admin.orders.status.paid',
  failed: 'admin.orders.status.failed',
  refunded: 'admin.orders.status.refunded',
  partially_refunded: 'admin.orders.status.partially_refunded',
};

const fulfilments: Record<Fulfilment, MessageKey> = {
  none: 'admin.orders.fulfilment.none',
  preparing: 'admin.orders.fulfilment.preparing',
  shipped: 'admin.orders.fulfilment.shipped',
};

const refundStatuses: Record<AdminOrder['refunds'][number]['status'], MessageKey> = {
  pending: 'admin.order.refundStatus.pending',
  done: 'admin.order.refundStatus.done',
  failed: 'admin.order.refundStatus.failed',
};

const events: Record<AdminOrder['timeline'][number]['kind'], MessageKey> = {
  created: 'admin.order.event.created',
  paid: 'admin.order.event.paid',
  failed: 'admin.order.event.failed',
  shipped: 'admin.order.event.shipped',
  refunded: 'admin.order.event.refunded',
  refund_refused: 'admin.order.event.refund_refused',
  email: 'admin.order.event.email',
  admin: 'admin.order.event.admin',
};

const actions: Record<AuditAction, MessageKey> = {
  'order.ship': 'admin.audit.action.order_ship',
  'order.receipt': 'admin.audit.action.order_receipt',
  'order.refund': 'admin.audit.action.order_refund',
  'subscription.cancel': 'admin.audit.action.subscription_cancel',
  'user.admin': 'admin.audit.action.user_admin',
  'user.lock': 'admin.audit.action.user_lock',
  'user.password_reset': 'admin.audit.action.user_password_reset',
  'masquerade.start': 'admin.audit.action.masquerade_start',
  'masquerade.end': 'admin.audit.action.masquerade_end',
  'test_clock.move': 'admin.audit.action.test_clock_move',
  'donor.statement': 'admin.audit.action.donor_statement',
  'coupon.create': 'admin.audit.action.coupon_create',
  'coupon.retitle': 'admin.audit.action.coupon_retitle',
  'coupon.withdraw': 'admin.audit.action.coupon_withdraw',
  'shipping.update': 'admin.audit.action.shipping_update',
  'tax.update': 'admin.audit.action.tax_update',
  'tax.remove': 'admin.audit.action.tax_remove',
  'guest_book.approve': 'admin.audit.action.guest_book_approve',
  'guest_book.reject': 'admin.audit.action.guest_book_reject',
  'guest_book.edit': 'admin.audit.action.guest_book_edit',
  'contact.handled': 'admin.audit.action.contact_handled',
  'lessons.handled': 'admin.audit.action.lessons_handled',
  'newsletter.export': 'admin.audit.action.newsletter_export',
  'navigation.update': 'admin.audit.action.navigation_update',
  'cms.create': 'admin.audit.action.cms_create',
  'cms.save': 'admin.audit.action.cms_save',
  'cms.publish': 'admin.audit.action.cms_publish',
  'product.create': 'admin.audit.action.product_create',
  'product.update': 'admin.audit.action.product_update',
  'product.withdraw': 'admin.audit.action.product_withdraw',
  'sku.create': 'admin.audit.action.sku_create',
  'sku.update': 'admin.audit.action.sku_update',
  'sku.retitle': 'admin.audit.action.sku_retitle',
  'tracks.reorder': 'admin.audit.action.tracks_reorder',
  'promoted.update': 'admin.audit.action.promoted_update',
  'media.upload': 'admin.audit.action.media_upload',
  'transcript.save': 'admin.audit.action.transcript_save',
  'stock.update': 'admin.audit.action.stock_update',
  'order.return': 'admin.audit.action.order_return',
  'return_reason.create': 'admin.audit.action.return_reason_create',
  'return_reason.update': 'admin.audit.action.return_reason_update',
  'return_reason.retire': 'admin.audit.action.return_reason_retire',
};

/** Who gave money back (decision 036: one ledger per order). */
const refundSources: Record<AdminOrder['refunds'][number]['source'], MessageKey> = {
  admin: 'admin.order.refundSource.admin',
  processor: 'admin.order.refundSource.processor',
  cancellation: 'admin.order.refundSource.cancellation',
};

/** Why a payment failed, as a volunteer reads it (the processor's codes, reduced as at checkout). */
const failureReasons: Record<string, MessageKey> = {
  card_declined: 'admin.order.failureReason.card_declined',
  insufficient_funds: 'admin.order.failureReason.insufficient_funds',
  expired_card: 'admin.order.failureReason.expired_card',
  incorrect_cvc: 'admin.order.failureReason.incorrect_cvc',
  incorrect_number: 'admin.order.failureReason.incorrect_number',
  processing_error: 'admin.order.failureReason.processing_error',
  authentication_failed: 'admin.order.failureReason.authentication_failed',
  token_invalid: 'admin.order.failureReason.token_invalid',
  card_not_found: 'admin.order.failureReason.card_not_found',
};

/** A failed payment's reason in words; a code the web does not know reads "the payment did not go through", never as a code. */
export const failureReason = (t: Translate, code: string) =>
  t(Object.hasOwn(failureReasons, code) ? failureReasons[code]! : 'admin.order.failureReason.unknown');

/** A card's brand as printed on it ("Visa", "American Express"); one the web does not know is a "Card". */
export const brandName = (t: Translate, brand: string | null) => {
  const known = CardBrand.safeParse(brand);
  return t(`payment.card.brand.${known.success ? known.data : 'unknown'}`);
};

export const refundSourceLabel = (t: Translate, source: AdminOrder['refunds'][number]['source']) => t(refundSources[source]);
export const filterLabel = (t: Translate, filter: AdminOrderFilter) => t(filters[filter]);
export const statusLabel = (t: Translate, status: AdminOrder['status']) => t(statuses[status]);
export const fulfilmentLabel = (t: Translate, fulfilment: Fulfilment) => t(fulfilments[fulfilment]);
export const refundStatusLabel = (t: Translate, status: AdminOrder['refunds'][number]['status']) => t(refundStatuses[status]);
export const eventLabel = (t: Translate, kind: AdminOrder['timeline'][number]['kind']) => t(events[kind]);
export const actionLabel = (t: Translate, action: AuditAction) => t(actions[action]);

/** A line's kind in words (CD, digital album…); a kind the web does not know shows as recorded. */
export function lineKind(t: Translate, type: string) {
  const known = SkuType.safeParse(type);
  return known.success ? t(`cart.type.${known.data}`) : type;
}

/** An order's state in one phrase: "Paid · To ship". */
export const orderState = (t: Translate, order: Pick<AdminOrder, 'status' | 'fulfilment'>) =>
  order.fulfilment === 'none'
    ? statusLabel(t, order.status)
    : `${statusLabel(t, order.status)} · ${fulfilmentLabel(t, order.fulfilment)}`;

/** The details the server records with an action, by name; a name not listed here shows as recorded. */
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
  rate_percent: 'admin.audit.detail.rate_percent',
  was_rate_percent: 'admin.audit.detail.was_rate_percent',
  fields: 'admin.audit.detail.fields',
  lang: 'admin.audit.detail.lang',
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
  tracked_before: 'admin.audit.detail.tracked_before',
  tracked_after: 'admin.audit.detail.tracked_after',
  stock_before: 'admin.audit.detail.stock_before',
  stock_after: 'admin.audit.detail.stock_after',
  threshold_before: 'admin.audit.detail.threshold_before',
  threshold_after: 'admin.audit.detail.threshold_after',
  reason: 'admin.audit.detail.reason',
  restock: 'admin.audit.detail.restock',
  returned_items: 'admin.audit.detail.returned_items',
};

export const detailName = (t: Translate, name: string) => (Object.hasOwn(detailNames, name) ? t(detailNames[name]!) : name);

/** A recorded value in words: yes or no for a flag, else as recorded. */
export const detailValue = (t: Translate, value: string | number | boolean) =>
  typeof value === 'boolean' ? t(value ? 'admin.audit.detail.yes' : 'admin.audit.detail.no') : String(value);

/**
 * A timeline entry's detail. An admin's action comes as "order.ship · who":
 * its code is named in words; a refund as "<amount> <source>[ whole]" and a
 * failed payment as its reason's code, both said in words; anything else
 * shows as the server wrote it.
 */
export function eventDetail(t: Translate, formatMoney: (usd: number) => string, event: AdminOrder['timeline'][number]) {
  if (event.kind === 'failed') return event.detail ? failureReason(t, event.detail) : '';
  if (event.kind === 'refunded' || event.kind === 'refund_refused') {
    const [amount, source, whole] = event.detail.split(' ');
    const known = AdminOrderRefund.shape.source.safeParse(source);
    if (!known.success) return event.detail;
    const values = { amount: formatMoney(Number(amount)), source: refundSourceLabel(t, known.data) };
    return whole ? t('admin.order.refundEventWhole', values) : t('admin.order.refundEvent', values);
  }
  if (event.kind !== 'admin') return event.detail;
  const [code, ...rest] = event.detail.split(' · ');
  const action = AuditAction.safeParse(code);
  return action.success ? [actionLabel(t, action.data), ...rest].join(' · ') : event.detail;
}

/** The discount's name on the order page: its coupon's code and the title the family read, or just "Discount". */
export function couponTerm({ coupon_code: code, coupon_title: title }: AdminOrder['amounts'], t: Translate) {
  if (!code) return t('admin.order.discount');
  return title ? t('admin.order.couponTitled', { code, title }) : t('admin.order.coupon', { code });
}
