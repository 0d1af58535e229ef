import type { UserResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

const path = '/crud/user';
/** Spec §7 GET /crud/user: the signed-in user's account (401 for a visitor); the checkout page arrives with it (issue 27). */
export const getCurrentUser = () => api<UserResponse>(path);
export const currentUserQuery = () =>
  queryOptions({ queryKey: ['user'], queryFn: getCurrentUser, retry: false, ...firstData<UserResponse>(path) });
export const useCurrentUser = (enabled = true) => useQuery({ ...currentUserQuery(), enabled });
