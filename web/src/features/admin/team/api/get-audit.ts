import type { AuditAction, AuditResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /crud/admin/audit (issue 29 item 7): one page of the admins' actions, newest first, of one kind or all. */
export function getAudit(page: number, action: AuditAction | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page) });
  if (action) params.set('action', action);
  return api<AuditResponse>(`/crud/admin/audit?${params}`, { signal });
}

export const auditQuery = (page: number, action: AuditAction | undefined) =>
  queryOptions({
    queryKey: ['admin', 'audit', page, action ?? 'all'],
    queryFn: ({ signal }) => getAudit(page, action, signal),
    retry: false,
  });

export const useAudit = (page: number, action: AuditAction | undefined) =>
  useQuery({ ...auditQuery(page, action), placeholderData: keepPreviousData });
