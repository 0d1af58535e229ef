import type { AdminUsersResponse, MasqueradeResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /crud/admin/users (admins only). */
export const getAdminUsers = (page: number, search: string) =>
  api<AdminUsersResponse>(`/crud/admin/users?${new URLSearchParams({ page: String(page), search })}`);

export const adminUsersQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: ['admin', 'users', page, search],
    queryFn: () => getAdminUsers(page, search),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useAdminUsers = (page: number, search: string) => useQuery(adminUsersQuery(page, search));

/** POST /crud/admin/masquerade/{userId}: the session becomes the user's (spec §6 Admin). */
export const startMasquerade = (userId: number) =>
  api<MasqueradeResponse>(`/crud/admin/masquerade/${userId}`, { method: 'POST' });

/** Spec §7 GET /crud/masquerade-finish: back to the admin's own session. */
export const finishMasquerade = () => api<MasqueradeResponse>('/crud/masquerade-finish');
