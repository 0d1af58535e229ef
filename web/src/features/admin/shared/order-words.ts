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
  'order.note': 'admin.audit.action.order_note',
  'order.packing_slip': 'admin.audit.action.order_packing_slip',
  'subscription.cancel': 'admin.audit.action.subscription_cancel',
  'gift.change': 'admin.audit.action.gift_change',
  'subscription.card': 'admin.audit.action.subscription_card',
  'user.admin': 'admin.audit.action.user_admin',
  'user.lock': 'admin.audit.action.user_lock',
  'user.password_reset': 'admin.audit.action.user_password_reset',
  'masquerade.start': 'admin.audit.action.masquerade_start',
  'masquerade.end': 'admin.audit.action.masquerade_end',
  'test_clock.move': 'admin.audit.action.test_clock_move',
  'donor.statement': 'admin.audit.action.donor_statement',
  'donor.statements': 'admin.audit.action.donor_statements',
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
  'giving_fee.update': 'admin.audit.action.giving_fee_update',
  'receipt_settings.update': 'admin.audit.action.receipt_settings_update',
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

/** A card as the family knows it: "Visa ending in 4242". */
export const cardName = (t: Translate, brand: string | null, last4: string) =>
  t('admin.order.cardEnding', { brand: brandName(t, brand), last4 });

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

/** The payment processors an order names by code, as a volunteer reads them. */
const processors: Record<string, MessageKey> = {
  test: 'admin.order.processor.test',
  stripe: 'admin.order.processor.stripe',
};

/** The processor that took the payment, named ("Test card processor", "Stripe"); one the web does not know is "Card processor". */
export const processorName = (t: Translate, provider: string) =>
  t(Object.hasOwn(processors, provider) ? processors[provider]! : 'admin.order.processor.unknown');

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
