import type { AccountCreateUser, AccountSavedResponse, AccountUpdateUser } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Spec §7 POST /crud/user-account {user}: creates the account and signs the new user in. */
export const createAccount = (user: AccountCreateUser, backLocation: string) =>
  api<AccountSavedResponse>('/crud/user-account', { method: 'POST', body: { user, back_location: backLocation } });

/** Spec §7 POST /crud/user-account/{id} {user}: saves the account's settings. */
export const updateAccount = (id: number, user: AccountUpdateUser) =>
  api<AccountSavedResponse>(`/crud/user-account/${id}`, { method: 'POST', body: { user } });

/**
 * After creating, everything the visitor saw (session, cart) belongs to the
 * new user: the form loads back_location afresh, so nothing is refetched here
 * (a refetched session would show the create page a signed-in user first).
 */
export const useCreateAccount = () =>
  useMutation({
    mutationFn: ({ user, backLocation }: { user: AccountCreateUser; backLocation: string }) => createAccount(user, backLocation),
  });

export const useUpdateAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, user }: { id: number; user: AccountUpdateUser }) => updateAccount(id, user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
};
