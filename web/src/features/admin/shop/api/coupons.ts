import type {
  AdminCoupon,
  AdminCouponBody,
  AdminCouponDetail,
  AdminCouponsResponse,
  AdminCouponWithdrawal,
  TitlesBody,
} from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const couponsKey = ['admin', 'coupons'] as const;

/** GET /crud/admin/coupons (issue 30 item 4): one page of coupons, newest first. */
export const getAdminCoupons = (page: number, signal?: AbortSignal) =>
  api<AdminCouponsResponse>(`/crud/admin/coupons?page=${page}`, { signal });

export const adminCouponsQuery = (page: number) =>
  queryOptions({ queryKey: [...couponsKey, 'list', page], queryFn: ({ signal }) => getAdminCoupons(page, signal), retry: false });

export const useAdminCoupons = (page: number) => useQuery({ ...adminCouponsQuery(page), placeholderData: keepPreviousData });

/** GET /crud/admin/coupons/{id}: the coupon and the paid orders that used it. */
export const adminCouponQuery = (id: number) =>
  queryOptions({
    queryKey: [...couponsKey, 'one', id],
    queryFn: ({ signal }) => api<AdminCouponDetail>(`/crud/admin/coupons/${id}`, { signal }),
    retry: false,
  });

export const useAdminCoupon = (id: number) => useQuery(adminCouponQuery(id));

/** After an edit the coupons and the audit log are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: couponsKey });
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

/** POST /crud/admin/coupons: a 400 names the field (a code the shop has, an expiry past). */
export function useCreateCoupon() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AdminCouponBody) => api<AdminCoupon>('/crud/admin/coupons', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** PUT /crud/admin/coupons/{id}/titles: its titles in English, Spanish and Russian (a 400 names the field). */
export function useRetitleCoupon(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TitlesBody) => api<AdminCoupon>(`/crud/admin/coupons/${id}/titles`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** DELETE /crud/admin/coupons/{id}: made inactive when an order used it, else deleted. */
export function useWithdrawCoupon() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api<AdminCouponWithdrawal>(`/crud/admin/coupons/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
