import type { AdminUserDetail, PasswordResetSentResponse } from '@storyhouse/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';

/** The query key of one user's page; the user lists are ['admin', 'users', page, search]. */
const userKey = (id: number) => ['admin', 'users', 'one', id] as const;

/** GET /crud/admin/users/{id} (issue 29 item 6): the user, their orders, renewals, gift cards, saved cards and addresses; 404 not_found. */
export const getAdminUser = (id: number, signal?: AbortSignal) => api<AdminUserDetail>(`/crud/admin/users/${id}`, { signal });

export const adminUserQuery = (id: number) =>
  queryOptions({ queryKey: userKey(id), queryFn: ({ signal }) => getAdminUser(id, signal), retry: false });

export const useAdminUser = (id: number) => useQuery(adminUserQuery(id));

/** POST /crud/admin/users/{id}/password-reset: the user is e-mailed a reset link in their language; answers where it went. */
export const sendPasswordReset = (id: number) =>
  api<z.infer<typeof PasswordResetSentResponse>>(`/crud/admin/users/${id}/password-reset`, { method: 'POST' });

/**
 * POST /crud/admin/users/{id}/lock: locked, the user cannot sign in (their sessions end); unlocked, they can again.
 * 409 own_sign_in_lock for one's own, 409 last_admin for the last admin's who can sign in.
 */
export const lockUser = (id: number, locked: boolean) =>
  api<AdminUserDetail>(`/crud/admin/users/${id}/lock`, { method: 'POST', body: { locked } });

/** POST /crud/admin/users/{id}/admin: grants or removes the admin right; 409 last_admin for the last admin's who can sign in. */
export const setAdminRight = (id: number, isAdmin: boolean) =>
  api<AdminUserDetail>(`/crud/admin/users/${id}/admin`, { method: 'POST', body: { is_admin: isAdmin } });

/**
 * An action on a user: the user page shows the user as the server answers
 * them (`isUser` picks the user out of the answer, if it has one), the user
 * lists (role, lock) and the audit log are read again.
 */
function useUserAction<V, R>(id: number, action: (vars: V) => Promise<R>, isUser: (answer: R) => AdminUserDetail | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (answer) => {
      const user = isUser(answer);
      if (user) client.setQueryData(userKey(id), user);
      void client.invalidateQueries({ queryKey: ['admin', 'users'], predicate: (q) => q.queryKey[2] !== 'one' });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

const sameUser = (user: AdminUserDetail) => user;
export const useSendPasswordReset = (id: number) =>
  useUserAction(
    id,
    () => sendPasswordReset(id),
    () => undefined,
  );
export const useLockUser = (id: number) => useUserAction(id, (locked: boolean) => lockUser(id, locked), sameUser);
export const useSetAdminRight = (id: number) => useUserAction(id, (isAdmin: boolean) => setAdminRight(id, isAdmin), sameUser);
