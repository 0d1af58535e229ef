import { type AdminCoupon, adminPageRoutes, type CouponStatus } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { useI18n } from '../../../lib/i18n';

type I18n = ReturnType<typeof useI18n>;

/** A coupon's state in words; the Record makes a new state without words a compile error. */
const statuses: Record<CouponStatus, MessageKey> = {
  active: 'admin.coupons.state.active',
  withdrawn: 'admin.coupons.state.withdrawn',
  expired: 'admin.coupons.state.expired',
  used_up: 'admin.coupons.state.used_up',
};

export const couponStatusLabel = (t: I18n['t'], status: CouponStatus) => t(statuses[status]);

/** What it takes off: "15% off", "$5.00 off". */
export const couponDiscount = ({ t, formatMoney }: Pick<I18n, 't' | 'formatMoney'>, coupon: AdminCoupon) =>
  coupon.percent_off !== null
    ? t('admin.coupons.percentOff', { percent: coupon.percent_off })
    : t('admin.coupons.amountOff', { amount: formatMoney(coupon.amount_off ?? 0) });

/** Its uses: "3", or "3 of 50" with a limit. */
export const couponUses = (t: I18n['t'], coupon: AdminCoupon) =>
  coupon.max_redemptions === null
    ? String(coupon.redemptions)
    : t('admin.coupons.usesOf', { used: coupon.redemptions, limit: coupon.max_redemptions });

/** The address of a coupon's page in the back office (/admin/coupons/:id). */
export const couponHref = (id: number) => adminPageRoutes.adminCoupon.paths[0].replace(':id', String(id));
