import type { Coupon } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** GET /crud/coupon/code/{code}: the coupon a typed code names, whatever its case (coupon_not_found when none). */
export const getCouponByCode = (code: string) => api<Coupon>(`/crud/coupon/code/${encodeURIComponent(code)}`);
