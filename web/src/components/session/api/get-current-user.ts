import type { UserResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Spec §7 GET /crud/user: the signed-in user's account (401 for a visitor). */
export const getCurrentUser = () => api<UserResponse>('/crud/user');
export const currentUserQuery = () => queryOptions({ queryKey: ['user'], queryFn: getCurrentUser, retry: false });
export const useCurrentUser = (enabled = true) => useQuery({ ...currentUserQuery(), enabled });
