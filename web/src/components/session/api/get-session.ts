import type { SessionResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

const path = '/crud/session';
export const getSession = () => api<SessionResponse>(path);

export const sessionQuery = () =>
  queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 60_000, ...firstData<SessionResponse>(path) });

export const useSession = () => useQuery(sessionQuery());
