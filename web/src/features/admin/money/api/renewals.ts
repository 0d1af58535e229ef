import type { AdminRenewalsResponse, MySubscription } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export type RenewalType = AdminRenewalsResponse['items'][number]['type'];
export type RenewalStatus = AdminRenewalsResponse['items'][number]['status'];

/** What the renewals list shows: the address bar's filters (none: every kind, every state). */
export interface RenewalsFilters {
  type: RenewalType | undefined;
  status: RenewalStatus | undefined;
  page: number;
}

const renewalsKey = ['admin', 'renewals'] as const;

/** GET /crud/admin/renewals (issue 29 item 4): one page of plans and monthly gifts, past due first. */
export function getAdminRenewals(f: RenewalsFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(f.page) });
  if (f.type) params.set('type', f.type);
  if (f.status) params.set('status', f.status);
  return api<AdminRenewalsResponse>(`/crud/admin/renewals?${params}`, { signal });
}

export const adminRenewalsQuery = (f: RenewalsFilters) =>
  queryOptions({
    queryKey: [...renewalsKey, f],
    queryFn: ({ signal }) => getAdminRenewals(f, signal),
    retry: false,
  });

export const useAdminRenewals = (f: RenewalsFilters) => useQuery({ ...adminRenewalsQuery(f), placeholderData: keepPreviousData });

type CancelVars = { id: string; when: 'now' | 'period_end' };

/**
 * POST /crud/admin/renewals/{id}/cancel: on the family's behalf, by the
 * family's own rules (spec §4); the server's refusal (409) is the caller's
 * to show. The lists and the audit log are read again.
 */
export function useCancelRenewal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, when }: CancelVars) =>
      api<MySubscription>(`/crud/admin/renewals/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { when } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: renewalsKey });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
